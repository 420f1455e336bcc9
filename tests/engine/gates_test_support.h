// Helpers shared by the Gates tests: build games from options and plies, look at tiles.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "engine/gates.h"
#include "engine/registry.h"

namespace gates_test {

inline std::unique_ptr<pbem::Gates> new_game(const std::vector<std::string>& options) {
  std::unique_ptr<pbem::Game> game = pbem::create_game("gates", options);
  auto* gates = dynamic_cast<pbem::Gates*>(game.get());
  REQUIRE(gates != nullptr);
  game.release();
  return std::unique_ptr<pbem::Gates>(gates);
}

// Plays every ply, each of which must be accepted.
inline void play_all(pbem::Game& game, const std::vector<std::string>& plies) {
  for (const std::string& ply : plies) {
    INFO("ply " << ply);
    pbem::PlyResult result = game.play(ply);
    REQUIRE(result.error == "");
    REQUIRE(result.ok);
  }
}

// Plays every ply but the last, requiring the game to stay undecided, then the last one.
inline void play_to_end(pbem::Game& game, const std::vector<std::string>& plies) {
  REQUIRE(!plies.empty());
  play_all(game, std::vector<std::string>(plies.begin(), plies.end() - 1));
  REQUIRE_FALSE(game.over());
  play_all(game, {plies.back()});
}

inline int cell(const pbem::Gates& game, const std::string& label) {
  for (int c = 0; c < game.board().cell_count(); ++c)
    if (game.board().label(c) == label) return c;
  FAIL("no cell " << label);
  return -1;
}

// The tile letter on `label` now ('.' when empty).
inline char letter(const pbem::Gates& game, const std::string& label) {
  auto tile = game.position().tile(cell(game, label));
  return tile ? tile->letter() : '.';
}

// Does any path of `colour` touch all of `sides`?
inline bool has_path(const pbem::gates::Position& position, pbem::Colour colour, unsigned sides) {
  const pbem::gates::Position::PathSides paths = position.paths();
  for (unsigned s : paths[static_cast<std::size_t>(colour)])
    if ((s & sides) == sides) return true;
  return false;
}

// Adjacent tiles never differ in parity.
inline bool parity_invariant_holds(const pbem::gates::Position& position) {
  const pbem::gates::Board& board = position.board();
  for (int c = 0; c < board.cell_count(); ++c) {
    if (!position.occupied(c)) continue;
    for (int n : board.neighbours(c))
      if (n >= 0 && position.occupied(n) && position.tile(n)->parity != position.tile(c)->parity) return false;
  }
  return true;
}

}  // namespace gates_test
