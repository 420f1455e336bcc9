// Strength and speed of the computer opponent (engine/bot), per game at its default board:
//  * random playouts per second, from the empty board and from a middle position (a
//    quarter of the cells filled at random);
//  * the bot at N playouts against a uniformly random player (target: >= 99 of 100 wins);
//  * the bot at 4N against the bot at N, colours alternated (target: >= 65% for 4N).
//   build/bench/bot_bench [N] [random-games] [match-games] [threads] [game ...]
// Defaults: N = 200, 100 and 200 games, 2 threads, every game of the registry. A game is
// its name and options as one argument ("gates -hex"). Games are played on `threads`
// threads; each game has its own seeds, so the figures do not depend on the thread count.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "engine/bot/mcts.h"
#include "engine/bot/playout.h"
#include "engine/bot/rng.h"
#include "engine/registry.h"
#include "engine/text.h"
#include "bench/playout_rate.h"

namespace {

using pbem::bench::Clock;

struct Variant {
  std::string game;
  std::vector<std::string> options;
  std::string label() const { return options.empty() ? game : game + " " + pbem::join(options, " "); }
};

// A player: the ply for the side to move in `game`, given a per-game seed and the ply number.
using Player = std::function<std::string(const pbem::Game& game, std::uint64_t seed)>;

Player bot_player(int playouts) {
  return [playouts](const pbem::Game& game, std::uint64_t seed) {
    return pbem::bot::choose_ply(game, pbem::bot::SearchLimits{playouts, seed}).ply;
  };
}

std::string random_ply(const pbem::Game& game, std::uint64_t seed) {
  pbem::bot::Rng rng(seed);
  const auto legal = game.legal_plies();
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

// Plays one game; returns the seat (0 = `first`, 1 = `second`) that won.
int play_game(const Variant& variant, const Player& first, const Player& second, std::uint64_t seed) {
  auto game = pbem::create_game(variant.game, variant.options);
  while (!game->over()) {
    // A seat is a player: after a swap the first player holds colour 1.
    const int seat = game->to_move() ^ (game->swapped() ? 1 : 0);
    const std::uint64_t ply_seed = seed * 1000003u + static_cast<std::uint64_t>(game->ply_count());
    const std::string ply = (seat == 0 ? first : second)(*game, ply_seed);
    if (!game->play(ply).ok) {
      std::fprintf(stderr, "illegal ply %s in %s\n", ply.c_str(), variant.label().c_str());
      std::exit(1);
    }
  }
  return *game->winner() ^ (game->swapped() ? 1 : 0);
}

// Plays `games` games of A against B on `threads` threads, A taking the first seat in even
// games; returns A's wins.
int match(const Variant& variant, const Player& a, const Player& b, int games, int threads, std::uint64_t salt) {
  std::atomic<int> next{0}, wins{0};
  auto work = [&] {
    for (int g; (g = next++) < games;) {
      const bool a_first = g % 2 == 0;
      const std::uint64_t seed = salt + static_cast<std::uint64_t>(g);
      const int winner = a_first ? play_game(variant, a, b, seed) : play_game(variant, b, a, seed);
      if ((winner == 0) == a_first) ++wins;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& thread : pool) thread.join();
  return wins;
}

using pbem::bench::playout_rate;
using pbem::bench::seconds_since;

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::stoi(argv[1]) : 200;
  const int random_games = argc > 2 ? std::stoi(argv[2]) : 100;
  const int match_games = argc > 3 ? std::stoi(argv[3]) : 200;
  const int threads = argc > 4 ? std::max(1, std::stoi(argv[4])) : 2;
  std::vector<Variant> variants;
  for (int i = 5; i < argc; ++i) {
    auto words = pbem::split_words(argv[i]);
    if (words.empty()) continue;
    variants.push_back({words.front(), std::vector<std::string>(words.begin() + 1, words.end())});
  }
  if (variants.empty())
    for (const auto& type : pbem::game_types()) variants.push_back({type.name, {}});

  std::printf("N = %d playouts; %d games against random, %d games 4N against N; %d threads\n", n, random_games,
              match_games, threads);
  std::printf("%-22s %12s %12s %14s %16s %9s\n", "game", "playouts/s", "(mid-game)", "vs random", "4N vs N", "seconds");
  for (const Variant& variant : variants) {
    const auto start = Clock::now();
    auto empty = pbem::create_game(variant.game, variant.options);
    const double rate_empty = playout_rate(*empty, 2000);
    // A middle position: a quarter of the cells filled by random plies.
    auto middle = pbem::create_game(variant.game, variant.options);
    const int fill = static_cast<int>(middle->legal_plies().size()) / 4;
    for (int i = 0; i < fill && !middle->over(); ++i) middle->play(random_ply(*middle, static_cast<std::uint64_t>(i)));
    const double rate_middle = middle->over() ? 0.0 : playout_rate(*middle, 2000);

    const int against_random = match(variant, bot_player(n), random_ply, random_games, threads, 1);
    const int strong = match(variant, bot_player(4 * n), bot_player(n), match_games, threads, 100000);
    std::printf("%-22s %12.0f %12.0f %7d / %-5d %8d / %-5d %9.0f\n", variant.label().c_str(), rate_empty, rate_middle,
                against_random, random_games, strong, match_games, seconds_since(start));
    std::fflush(stdout);
  }
  return 0;
}
