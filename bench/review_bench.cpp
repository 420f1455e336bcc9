// Speed of the computer's review of a finished game (engine/bot/review.h, issue 55), per
// game at its default board:
//  * random playouts per second on one core from the empty board (as bot_bench measures
//    them: each on a fresh copy, as the search does);
//  * the wall time of review_game over a game of `plies` plies, `playouts` per position.
// The game reviewed is played by the computer against itself at kGamePlayouts, from a fixed
// seed, so every run reviews the same game; one that ends sooner is reviewed whole.
//   build/bench/review_bench [playouts] [plies]
// Defaults: 20000 playouts (the budget of a default review), 60 plies. One line per game:
//   <game>: N playouts/s, review of P plies S s
// Goal of issue 55: 40,000 playouts/s per default board, a default review within 30 s.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/bot/mcts.h"
#include "engine/bot/playout.h"
#include "engine/bot/review.h"
#include "engine/bot/rng.h"
#include "engine/registry.h"

namespace {

using Clock = std::chrono::steady_clock;

// The budget of the game's own plies: cheap, since only the review is measured, and enough
// for a game with some sense in it.
constexpr int kGamePlayouts = 100;
// The least number of playouts the rate is measured over, so a small budget still gives a
// rate worth reading.
constexpr int kLeastRatePlayouts = 2000;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Random playouts per second from `game`, each on a copy of it reset in place, as the
// search does (engine/bot/mcts.cpp).
double playout_rate(const pbem::Game& game, int playouts) {
  pbem::bot::MoveTable moves;
  pbem::bot::Rng rng(1);
  std::vector<pbem::bot::PlayedMove> played;
  std::vector<int> candidates;
  auto copy = game.clone();
  const auto start = Clock::now();
  for (int i = 0; i < playouts; ++i) {
    copy->assign(game);
    played.clear();
    pbem::bot::random_playout(*copy, moves, rng, played, candidates);
  }
  return playouts / seconds_since(start);
}

// The computer against itself from `start` until `plies` plies or the end of the game.
std::vector<pbem::bot::RecordedPly> self_played(const pbem::Game& start, int plies) {
  auto game = start.clone();
  std::vector<pbem::bot::RecordedPly> record;
  while (!game->over() && static_cast<int>(record.size()) < plies) {
    const std::uint64_t seed = 1000 + record.size();
    const pbem::bot::Choice choice = pbem::bot::choose_ply(*game, pbem::bot::SearchLimits{kGamePlayouts, seed});
    record.push_back({choice.ply, game->to_move()});
    if (!game->play(choice.ply).ok) {
      std::fprintf(stderr, "the computer chose an illegal ply %s in %s\n", choice.ply.c_str(),
                   std::string(start.name()).c_str());
      std::exit(1);
    }
  }
  return record;
}

}  // namespace

int main(int argc, char** argv) {
  const int playouts = argc > 1 ? std::stoi(argv[1]) : 20000;
  const int plies = argc > 2 ? std::stoi(argv[2]) : 60;
  if (playouts < 1 || playouts > pbem::bot::kMaxPlayouts || plies < 1) {
    std::fprintf(stderr, "usage: review_bench [playouts 1-%d] [plies >= 1]\n", pbem::bot::kMaxPlayouts);
    return 2;
  }
  for (const std::string& name : pbem::game_type_names()) {
    const auto start = pbem::create_game(name, {});
    const double rate = playout_rate(*start, std::max(playouts, kLeastRatePlayouts));
    const std::vector<pbem::bot::RecordedPly> record = self_played(*start, plies);
    const auto began = Clock::now();
    const pbem::bot::Review review = pbem::bot::review_game(*start, record, playouts, 1);
    const double seconds = seconds_since(began);
    std::printf("%s: %.0f playouts/s, review of %zu plies %.1f s\n", name.c_str(), rate, review.plies.size(),
                seconds);
    std::fflush(stdout);
  }
  return 0;
}
