// What bot_bench and review_bench both measure: the wall time since a moment, and the random
// playouts per second from a position, each on a copy of it reset in place, as the search
// does (engine/bot/mcts.cpp).
#pragma once

#include <chrono>
#include <vector>

#include "engine/bot/move_table.h"
#include "engine/bot/playout.h"
#include "engine/bot/rng.h"
#include "engine/game.h"

namespace pbem::bench {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

inline double playout_rate(const Game& game, int playouts) {
  bot::MoveTable moves;
  bot::Rng rng(1);
  std::vector<bot::PlayedMove> played;
  std::vector<int> candidates;
  auto copy = game.clone();
  const auto start = Clock::now();
  for (int i = 0; i < playouts; ++i) {
    copy->assign(game);
    played.clear();
    bot::random_playout(*copy, moves, rng, played, candidates);
  }
  return playouts / seconds_since(start);
}

}  // namespace pbem::bench
