// The HY 3 diagram as a player receives it (engine/hy3_render.cpp plus the status lines).
#include <catch2/catch.hpp>

#include "engine/hy3.h"

using namespace pbem;

TEST_CASE("HY 3 diagram: labels in empty cells, last move marked, fits 78 columns") {
  Hy3 game(7, false);
  REQUIRE(game.play("g7").ok);
  REQUIRE(game.play("a1").ok);
  std::string text = game.render(RenderContext{{"alice", "bob"}});
  CHECK_THAT(text, Catch::Contains("g6   R  g8"));
  CHECK_THAT(text, Catch::Contains("[B] a2"));
  CHECK_THAT(text, Catch::Contains("Red (alice) moves first; Blue (bob) second."));
  CHECK_THAT(text, Catch::Contains("Red (alice) to move."));
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    std::string line = text.substr(start, end - start);
    CHECK(line.size() <= 78);
    if (!line.empty()) CHECK(line.back() != ' ');
    start = end + 1;
  }
  CHECK(game.render(RenderContext{{"alice", "bob"}}) == text);
}
