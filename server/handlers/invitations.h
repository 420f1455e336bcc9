// Every game between two people by consent (spec "Consent: a challenge is an invitation"):
// a challenge or a rematch starts the game at once only when the invitee takes challenges
// `auto` (the computer always does); else it makes the game an invitation the invitee
// accepts or declines. `accept` and `decline` of a game that waits as an invitation mean
// the invitation (a proposal needs a started game), by command or by reply alike.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/handlers/command_context.h"

namespace pbem::server {

// A game one player asks for: its kind and terms, the seats (first moves first), who asks.
struct AskedGame {
  std::string type;
  std::string options;  // canonical (Game::options_text)
  const Account& first;
  const Account& second;
  const Account& challenger;  // first or second
  bool rated = true;
  int days_per_move = 0;
  std::optional<TimeBank> bank;
  std::string headline;  // the first board mail's first line, after "#N" is known: {N} stands for it
};

// Starts `asked` (the invitee takes challenges `auto`, or is the computer) or makes it an
// invitation; refuses it with one error, the same for `none` and for a block, when the
// invitee takes no challenges from the challenger. Returns the game (or invitation) made.
GameRecord start_or_invite(CommandContext& ctx, const AskedGame& asked);

// `accept`/`decline` of game `record` when it is (or was) an invitation: true when it
// was and the command is done; false for a started game (then it is about a proposal).
bool answer_invitation(CommandContext& ctx, const Account& player, const GameRecord& record, bool accepting);

// Refuses `from`'s chat or message to `to` when `to` blocked them, in words that do not
// say so (block userid password other).
void refuse_if_blocked(CommandContext& ctx, const Account& to, const Account& from);

// A command other than accept and decline on an invitation: refused, saying why.
void refuse_if_invitation(const GameRecord& record);

}  // namespace pbem::server
