// What a player whose identity and game the server already knows asks of that game, as
// plain data: a reply to their game address, a line of a reply to their digest, the
// computer's ply. The intake reads the player's words into it once (parser.h's
// read_player_act and read_player_note); no command is made of them, and the handlers'
// one door (handlers/player_acts.h) carries it out with the same core a mail command's
// handler calls once it has checked the password.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace pbem::server {

// A ply ("d4", "c:d3", lower-case) or "swap", with the move number it must be if given
// ("d4#12").
struct AskedPly {
  std::string ply;
  std::optional<int> moveno;
};

struct AskedResign {};

// The conditional moves: no words lists them, {"clear"} clears them, else a line of plies
// as typed (the opponent's, the answer, ...).
struct AskedConditional {
  std::vector<std::string> words;
};

// A note, the reply's text below its first line (`note` or `note -sealed`).
struct AskedNote {
  bool sealed = false;
};

// A move word that proposes or answers a proposal (or an invitation): `undo`, `abort`,
// `accept`, `decline` (or `reject`).
enum class ProposalStep { undo, abort, accept, decline };
struct AskedProposalStep {
  ProposalStep step = ProposalStep::undo;
};

using AskedAct = std::variant<AskedPly, AskedResign, AskedConditional, AskedNote, AskedProposalStep>;

// Who asks (an account the channel has authenticated), in which game, for what.
struct PlayerAct {
  std::int64_t game = 0;
  std::int64_t account = 0;
  AskedAct asked;
};

}  // namespace pbem::server
