// Rules-engine throughput: random games played through the public Game interface, the
// way `pbem replay` and the server use it. Prints plies/s for play() and legal_plies().
//   build/bench/engine_bench [games-per-variant] [variant ...]
// A variant is a game's name and options as one argument ("gates -hex -size=13"). Without
// any, every game in the registry is measured with its defaults and with each of its
// flag options on its own, so a new game is benchmarked without a change here.
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "engine/text.h"

namespace {

struct Variant {
  std::string game;
  std::vector<std::string> options;
};

std::vector<Variant> registry_variants() {
  std::vector<Variant> variants;
  for (const auto& type : pbem::game_types()) {
    variants.push_back({type.name, {}});
    for (const auto& option : type.options)
      if (!option.takes_integer) variants.push_back({type.name, {"-" + option.name}});
  }
  return variants;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::stoi(argv[1]) : 200;
  std::vector<Variant> variants;
  for (int i = 2; i < argc; ++i) {
    auto words = pbem::split_words(argv[i]);
    if (words.empty()) continue;
    variants.push_back({words.front(), std::vector<std::string>(words.begin() + 1, words.end())});
  }
  if (variants.empty()) variants = registry_variants();
  std::printf("%-8s %-28s %8s %14s %16s\n", "game", "options", "games", "plies/s", "legal lists/s");
  for (const Variant& v : variants) {
    std::mt19937 rng(12345);
    long plies = 0, lists = 0;
    std::chrono::duration<double> play_time{0}, legal_time{0};
    for (int g = 0; g < games; ++g) {
      auto game = pbem::create_game(v.game, v.options);
      while (!game->over()) {
        auto t0 = std::chrono::steady_clock::now();
        auto legal = game->legal_plies();
        auto t1 = std::chrono::steady_clock::now();
        const std::string& ply = legal[rng() % legal.size()];
        game->play(ply);
        auto t2 = std::chrono::steady_clock::now();
        legal_time += t1 - t0;
        play_time += t2 - t1;
        ++plies;
        ++lists;
      }
    }
    std::string options;
    for (const auto& o : v.options) options += o + " ";
    std::printf("%-8s %-28s %8d %14.0f %16.0f\n", v.game.c_str(), options.c_str(), games, plies / play_time.count(),
                lists / legal_time.count());
  }
}
