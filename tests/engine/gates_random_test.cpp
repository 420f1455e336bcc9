// Gates under random play (seeded, so failures reproduce): every game ends with exactly one
// winner whose claim the final position supports, the parity invariant holds after every
// ply with each option, and full boards always decide the game.
#include <catch2/catch.hpp>

#include <random>

#include "engine/gates_outcome.h"
#include "gates_test_support.h"

using namespace pbem;
using namespace pbem::gates;

namespace {

struct Setup {
  std::vector<std::string> options;
  int games;
};

bool any_path(const Position::PathSides& paths, Colour colour, bool (*test)(unsigned)) {
  for (unsigned sides : paths[static_cast<std::size_t>(colour)])
    if (test(sides)) return true;
  return false;
}

bool y_or_hex_win(const Position::PathSides& paths, BoardKind kind, Colour colour) {
  for (unsigned sides : paths[static_cast<std::size_t>(colour)])
    if (winning_path(kind, colour, sides)) return true;
  return false;
}

// Plays random legal plies (sometimes swap) until the game is over, checking each step.
void play_random_game(Gates& game, std::mt19937& rng) {
  int plies = 0;
  while (!game.over()) {
    std::vector<std::string> legal = game.legal_plies();
    REQUIRE_FALSE(legal.empty());  // never stuck without a winner
    const std::string ply = legal[rng() % legal.size()];
    const Colour mover = game.to_move();
    PlyResult result = game.play(ply);
    INFO(game.options_text() << " ply " << plies + 1 << " " << ply << ": " << result.error);
    REQUIRE(result.ok);
    REQUIRE(result.move == ply);
    REQUIRE(gates_test::parity_invariant_holds(game.position()));
    ++plies;
    if (!game.over()) continue;

    // The winner's claim must be visible in the final position.
    const Position::PathSides paths = game.position().paths();
    const Colour winner = *game.winner(), loser = other(winner);
    if (game.board().kind() == BoardKind::cross) {
      bool won = any_path(paths, winner, cross_triple) ||
                 (!any_path(paths, loser, cross_triple) && any_path(paths, loser, cross_opposite));
      CHECK(won);
      // The loser never beat the winner to it by the spec's order.
      if (winner != mover) CHECK_FALSE(any_path(paths, mover, cross_triple));
    } else {
      CHECK(y_or_hex_win(paths, game.board().kind(), winner));
      CHECK_FALSE(y_or_hex_win(paths, game.board().kind(), loser));
    }
  }
  CHECK(game.legal_plies().empty());
  CHECK(game.ply_count() <= game.board().cell_count() + 1);
}

}  // namespace

TEST_CASE("gates random: games end with one supported winner; parity invariant with each option") {
  std::mt19937 rng(20240601);
  const std::vector<std::string> rules{"", "-phase", "-invert_min", "-align"};
  for (const char* board : {"-y", "-hex", "-cross"}) {
    for (const std::string& rule : rules) {
      for (int size : {2, 3, 4, 6}) {
        std::vector<std::string> options{board, "-size=" + std::to_string(size)};
        if (!rule.empty()) options.push_back(rule);
        for (int game_number = 0; game_number < 12; ++game_number) {
          auto game = gates_test::new_game(options);
          play_random_game(*game, rng);
        }
      }
      // A few long games at the default size.
      std::vector<std::string> options{board};
      if (!rule.empty()) options.push_back(rule);
      for (int game_number = 0; game_number < 3; ++game_number) {
        auto game = gates_test::new_game(options);
        play_random_game(*game, rng);
      }
    }
  }
}

TEST_CASE("gates random: the largest boards play to the end") {
  std::mt19937 rng(77);
  for (auto options : std::vector<std::vector<std::string>>{
           {"-y", "-size=26", "-invert_min"}, {"-hex", "-size=13", "-align"}, {"-cross", "-size=13"}}) {
    auto game = gates_test::new_game(options);
    play_random_game(*game, rng);
  }
}

TEST_CASE("gates random: a copied game plays on independently") {
  std::mt19937 rng(5);
  auto game = gates_test::new_game({"-cross", "-invert_min"});
  for (int i = 0; i < 10 && !game->over(); ++i) {
    auto legal = game->legal_plies();
    game->play(legal[rng() % legal.size()]);
  }
  std::unique_ptr<Game> copy = game->clone();
  const nlohmann::json before = game->state_json();
  auto legal = copy->legal_plies();
  REQUIRE_FALSE(legal.empty());
  REQUIRE(copy->play(legal.front()).ok);
  CHECK(game->state_json() == before);
  CHECK(copy->state_json() != before);
}

TEST_CASE("gates random: full boards always decide the game") {
  // Every reachable full board is one group, so of one parity. Filling boards ignoring the
  // game-over check: in Y and Hex Gates exactly one player has a winning path; in Cross Gates
  // at least one of the four outcome steps applies, so a game can never fill the board
  // without a winner. (Both Cross players can hold triples on a full board; the order of the
  // steps decides, which is why the game stops at the first decisive ply.)
  std::mt19937 rng(99);
  for (auto kind : {BoardKind::y, BoardKind::hex, BoardKind::cross}) {
    for (int size : {2, 3, 5, 8, 13}) {
      for (int trial = 0; trial < 40; ++trial) {
        Position position(board_for(kind, size));
        std::vector<int> order(static_cast<std::size_t>(position.board().cell_count()));
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
        std::shuffle(order.begin(), order.end(), rng);
        const int parity = static_cast<int>(rng() % 2);
        for (int cell : order) position.place(cell, Tile{static_cast<int>(rng() % 3), parity}, parity);
        const Position::PathSides paths = position.paths();
        INFO(position.board().description() << " trial " << trial);
        if (kind == BoardKind::cross) {
          CHECK(outcome(kind, kLight, paths).has_value());
          CHECK(outcome(kind, kDark, paths).has_value());
        } else {
          CHECK(y_or_hex_win(paths, kind, kLight) != y_or_hex_win(paths, kind, kDark));
        }
      }
    }
  }
}
