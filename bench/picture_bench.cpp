// Board pictures: milliseconds per PNG for a finished game at every default board and the
// largest sizes (issue 14 asks for well under 10 ms).
//   build/bench/picture_bench [pictures-per-variant]
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "pictures/picture.h"

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::stoi(argv[1]) : 50;
  struct Variant {
    const char* game;
    std::vector<std::string> options;
  };
  const std::vector<Variant> variants{{"hy3", {}},           {"hy3", {"-size=13"}},  {"gaia", {}},
                                      {"gaia", {"-size=8"}}, {"gates", {"-cross"}},  {"gates", {"-y"}},
                                      {"gates", {"-hex"}},   {"gates", {"-y", "-size=26"}}};
  std::printf("%-8s %-14s %10s %10s\n", "game", "options", "ms/png", "bytes");
  for (const Variant& v : variants) {
    std::mt19937 rng(12345);
    auto game = pbem::create_game(v.game, v.options);
    while (!game->over()) {
      auto legal = game->legal_plies();
      game->play(legal[rng() % legal.size()]);
    }
    std::size_t bytes = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i) bytes = pbem::pictures::draw_picture(*game).size();
    const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
    std::string options;
    for (const auto& o : v.options) options += o + " ";
    std::printf("%-8s %-14s %10.2f %10zu\n", v.game, options.c_str(), elapsed.count() / count, bytes);
  }
}
