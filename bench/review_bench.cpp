// Speed of the computer's review of a finished game (engine/bot/review.h, issue 55), per
// game at its default board:
//  * random playouts per second on one core from the empty board (as bot_bench measures
//    them: each on a fresh copy, as the search does);
//  * the wall time of review_game over a game of `plies` plies, `playouts` per position.
// The game reviewed is played by the computer against itself at kGamePlayouts, from a fixed
// seed, so every run reviews the same game; one that ends sooner is reviewed whole.
//  * the strength of today's search against the search as it was with string-based playouts
//    (bench/string_search.h), `match-games` games at kMatchPlayouts a ply, starts alternating.
//   build/bench/review_bench [playouts] [plies] [match-games]
// Defaults: 20000 playouts (the budget of a default review), 60 plies, 20 games (0 skips the
// match). Per game:
//   <game>: N playouts/s, review of P plies S s
//   <game>: win rate against the string playouts at equal playouts X% (G games)
//   <game>: the same ply and estimate as the string playouts at K of M positions
// The playouts are the same ones (tests/engine/playout_identity_test.cpp), so each pair of
// games with the same seeds is one game played twice with the sides exchanged: X is 50%
// exactly, and K equals M.
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
#include "bench/playout_rate.h"
#include "bench/string_search.h"

namespace {

using pbem::bench::Clock;

// The budget of the game's own plies: cheap, since only the review is measured, and enough
// for a game with some sense in it.
constexpr int kGamePlayouts = 100;
// The least number of playouts the rate is measured over, so a small budget still gives a
// rate worth reading.
constexpr int kLeastRatePlayouts = 2000;

using pbem::bench::playout_rate;
using pbem::bench::seconds_since;

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

// The match: small budgets, as the point is the identity of the play, not its quality.
constexpr int kMatchPlayouts = 200;

struct MatchResult {
  int games = 0;
  int wins = 0;       // by today's search
  int positions = 0;  // asked of both searches
  int agreed = 0;     // where both chose the same ply with the same estimate
};

// Today's search against the string-based one from `start`: game g gives today's search the
// first seat when g is even, and games 2k and 2k + 1 share their seeds.
MatchResult match(const pbem::Game& start, int games) {
  MatchResult result;
  for (int g = 0; g < games; ++g) {
    const bool today_first = g % 2 == 0;
    const std::uint64_t seed = 500 + static_cast<std::uint64_t>(g / 2);
    auto game = start.clone();
    while (!game->over()) {
      const pbem::bot::SearchLimits limits{kMatchPlayouts,
                                           seed * 1000003u + static_cast<std::uint64_t>(game->ply_count())};
      const pbem::bot::Choice today = pbem::bot::choose_ply(*game, limits);
      const pbem::bot::Choice before = bench_reference::string_choose_ply(*game, limits);
      ++result.positions;
      if (today.ply == before.ply && today.win_rate == before.win_rate) ++result.agreed;
      const bool today_moves = (pbem::bot::seat_to_move(*game) == 0) == today_first;
      if (!game->play(today_moves ? today.ply : before.ply).ok) {
        std::fprintf(stderr, "an illegal ply in the match in %s\n", std::string(start.name()).c_str());
        std::exit(1);
      }
    }
    ++result.games;
    if ((pbem::bot::winning_seat(*game) == 0) == today_first) ++result.wins;
  }
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  const int playouts = argc > 1 ? std::stoi(argv[1]) : 20000;
  const int plies = argc > 2 ? std::stoi(argv[2]) : 60;
  const int match_games = argc > 3 ? std::stoi(argv[3]) : 20;
  if (playouts < 1 || playouts > pbem::bot::kMaxPlayouts || plies < 1 || match_games < 0) {
    std::fprintf(stderr, "usage: review_bench [playouts 1-%d] [plies >= 1] [match-games >= 0]\n",
                 pbem::bot::kMaxPlayouts);
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
    if (match_games == 0) continue;
    const MatchResult result = match(*start, match_games);
    std::printf("%s: win rate against the string playouts at equal playouts %.0f%% (%d games)\n", name.c_str(),
                100.0 * result.wins / result.games, result.games);
    std::printf("%s: the same ply and estimate as the string playouts at %d of %d positions\n", name.c_str(),
                result.agreed, result.positions);
    std::fflush(stdout);
  }
  return 0;
}
