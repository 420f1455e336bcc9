// The words of `rematch` (handlers/proposal_commands.cpp): its refusals and the first
// headline of the new game.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "engine/game.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace rematch_refusal {
struct RunningGame { std::int64_t game; };
// Game `game` had its one rematch, `rematch`: an invitation that still `waits`, or one that
// ended (`ended_how`, its stored state), or neither (a game that started).
struct Taken {
  std::int64_t game, rematch;
  bool waits = false;
  std::optional<std::string> ended_how;
};
struct SignedOff { std::string player; };
}  // namespace rematch_refusal
using RematchRefusal = std::variant<rematch_refusal::RunningGame, rematch_refusal::Taken, rematch_refusal::SignedOff>;
// Why `rematch` was refused.
std::string refusal_text(const RematchRefusal& why);

// The headline of the rematch of `rematched`, asked for by `player`, with the colours
// exchanged: `first` and `second` play the colours of `game` (its number is the "{N}" the
// start fills in).
std::string rematch_headline(const GameRecord& rematched, const Game& game, const std::string& player,
                             const std::string& first, const std::string& second);

}  // namespace pbem::server
