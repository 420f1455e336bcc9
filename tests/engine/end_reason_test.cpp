// Why a game ended (issue 14 item 4): end_reason() in words, winning_cells() for the
// picture, and the reason line in the ASCII render. Positions found by playing random
// legal plies, each result checked by hand against the printed board.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include <algorithm>

#include "engine/hy3.h"
#include "engine/registry.h"

namespace {

std::unique_ptr<pbem::Game> played(const std::string& name, const std::vector<std::string>& options,
                                   const std::vector<std::string>& plies) {
  auto game = pbem::create_game(name, options);
  for (const auto& ply : plies) REQUIRE(game->play(ply).ok);
  return game;
}

}  // namespace

TEST_CASE("HY 3: the winning group's span in words, its stones for the picture") {
  const std::vector<std::string> plies{"d1", "d3", "a2", "c3", "c4", "c2", "c1", "b3",
                                       "d4", "c5", "b2", "b1", "b4", "a3", "a1", "e2"};
  auto game = played("hy3", {"-size=3"}, plies);
  REQUIRE(game->winner() == 1);
  CHECK(game->end_reason() == "A blue group spans 8 of the 12 perimeter cells, more than half.");
  CHECK(game->render({}).find("A blue group spans 8 of the 12 perimeter cells, more than half.\nRed moves first") !=
        std::string::npos);
  // The group holds the stone that won it; every cell in it is blue.
  const auto cells = game->winning_cells();
  CHECK(cells.size() >= 5);
  const auto* hy3 = dynamic_cast<const pbem::Hy3*>(game.get());
  REQUIRE(hy3);
  CHECK(std::find(cells.begin(), cells.end(), *hy3->board().find("e2").cell) != cells.end());
  for (int cell : cells) CHECK(hy3->stone(cell) == 1);
  auto one_move_earlier = played("hy3", {"-size=3"}, std::vector<std::string>(plies.begin(), plies.end() - 1));
  CHECK(one_move_earlier->end_reason().empty());
  CHECK(one_move_earlier->winning_cells().empty());
}

TEST_CASE("a resignation has no board reason and nothing to highlight") {
  auto game = played("gates", {"-y", "-size=3"}, {"a:b2", "resign"});
  REQUIRE(game->over());
  CHECK(game->end_reason().empty());
  CHECK(game->winning_cells().empty());
}

TEST_CASE("Gaia: the opposed edge pair the winning group joins") {
  auto game = played("gaia", {"-size=2"},
                     {"d9", "c6", "d8", "c8", "b1", "c3", "d4", "d1", "c10", "c5", "d11",
                      "b6", "c9", "b4", "c11", "b3", "c2", "b5", "b2", "c12", "c4", "d12"});
  CHECK(game->end_reason() == "A white group joins two opposed edge cells (d1 and d7).");
  CHECK(game->winning_cells().size() >= 3);
}

TEST_CASE("Gates: the deciding path and the sides it joins, per board") {
  SECTION("Y") {
    auto game = played("gates", {"-y", "-size=3"}, {"a:b2", "a:c1", "a:a3", "a:a1", "c:a2", "c:b1"});
    CHECK(game->end_reason() == "A dark path joins all three sides.");
    CHECK_FALSE(game->winning_cells().empty());
  }
  SECTION("Hex") {
    auto game = played("gates", {"-hex", "-size=3"}, {"a:c2", "b:c3", "b:a1", "c:c1", "c:d1", "b:d2", "a:e1", "c:b1"});
    CHECK(game->end_reason() == "A dark path joins dark's two sides, the upper left and lower right.");
  }
  SECTION("Cross, joining opposite sides loses") {
    auto game = played("gates", {"-cross", "-size=3"},
                       {"a:e3", "a:c2", "a:e2", "c:c3", "c:a1", "b:b4", "c:d3", "b:d4", "b:d1", "c:e1", "b:d2",
                        "a:b2", "a:c4", "c:b3", "a:c1"});
    CHECK(game->end_reason() == "A light path joins two opposite sides, the lower right and upper left, which loses.");
    CHECK(game->winner() == 1);  // dark wins: the light path decided against light
  }
  SECTION("Cross, three sides no two adjacent") {
    auto game = played("gates", {"-cross", "-size=3"},
                       {"b:e3", "a:a2", "c:a3", "c:b1", "c:c4", "b:b4", "b:c5", "b:c3", "b:c2", "b:d3", "b:a1",
                        "a:e1", "c:b3"});
    CHECK(game->end_reason() ==
          "A light path touches three sides no two of which are adjacent, the upper right, bottom and upper left.");
    const auto cells = game->winning_cells();
    CHECK_FALSE(cells.empty());
  }
}
