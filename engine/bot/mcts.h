// The computer opponent: Monte Carlo tree search with UCT and RAVE over any game of the
// registry. Pure like the rest of the engine: no clock, no I/O, its own seeded random
// numbers, so the same position, budget and seed always give the same ply.
#pragma once

#include <cstdint>
#include <string>

#include "engine/game.h"

namespace pbem::bot {

// The strength knob: random playouts per move. More is stronger and slower, linearly.
inline constexpr int kDefaultPlayouts = 2000;
// The search tree grows with the budget: at most one position is expanded per playout,
// into a node of 32 bytes per legal ply (memory measured: bench/README.md).
inline constexpr int kMaxPlayouts = 100000;

struct SearchLimits {
  int playouts = kDefaultPlayouts;  // 1..kMaxPlayouts
  std::uint64_t seed = 1;
};

struct Choice {
  std::string ply;        // canonical, as Game::play() and `pbem legal` write it
  std::string reason;     // "only legal ply", "wins at once", "search"
  int playouts = 0;       // playouts actually run
  double win_rate = 0.5;  // the search's estimate for the side to move (0.5 without a search)
};

// The ply the bot plays for the side to move. Throws std::invalid_argument if the game is
// over or the budget is out of range. Never resigns; swaps when the search likes it better.
Choice choose_ply(const Game& game, const SearchLimits& limits);

}  // namespace pbem::bot
