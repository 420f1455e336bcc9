// Hand-checked HY 3 positions on the 4-per-side board (P = 18 perimeter cells).
// Perimeter ring order there: a1 a2 a3 a4 b5 c6 d7 e6 f5 g4 g3 g2 g1 f1 e1 d1 c1 b1.
#include <catch2/catch.hpp>

#include "engine/hy3.h"

using namespace pbem;

namespace {

// Plays red's moves interleaved with blue's, requiring every ply to be accepted.
void play_all(Hy3& game, const std::vector<std::string>& plies) {
  for (const auto& ply : plies) {
    INFO("ply " << ply);
    REQUIRE(game.play(ply).ok);
  }
}

std::string snapshot(const Hy3& game) { return game.state_json().dump(); }

}  // namespace

TEST_CASE("a group joining two opposite perimeter cells spans 10 of 18 and wins") {
  Hy3 game(4, false);
  // Red builds row d from d1 to d7; blue plays along the top edge (span at most 6).
  play_all(game, {"d1", "a1", "d2", "a2", "d3", "a3", "d4", "a4", "d5", "b5", "d6", "c6"});
  CHECK_FALSE(game.over());
  CHECK(game.group_span(*game.board().find("d1").cell) == 1);
  REQUIRE(game.play("d7").ok);
  CHECK(game.group_span(*game.board().find("d4").cell) == 10);
  REQUIRE(game.winner() == 0);
  CHECK(game.legal_plies().empty());
}

TEST_CASE("a group spanning exactly half (9 of 18) is rejected and changes nothing") {
  Hy3 game(4, false);
  play_all(game, {"d1", "a1", "d2", "a2", "d3", "a3", "d4", "g4", "d5", "g3", "d6", "g2"});
  // c6 (ring index 5) with d1 (index 15): the shortest arc holds 9 perimeter cells.
  std::string before = snapshot(game);
  PlyResult result = game.play("c6");
  CHECK_FALSE(result.ok);
  CHECK(result.error == "this placement would form a group spanning exactly half the perimeter (9 of 18 perimeter cells)");
  CHECK(snapshot(game) == before);
  CHECK(game.to_move() == 0);
  auto legal = game.legal_plies();
  CHECK(std::find(legal.begin(), legal.end(), "c6") == legal.end());
  CHECK(std::find(legal.begin(), legal.end(), "d7") != legal.end());
  // The same cell is fine for blue, whose group there is different.
  REQUIRE(game.play("b5").ok);
  REQUIRE(game.play("c6").ok);
}

TEST_CASE("a group spanning less than half does not win") {
  Hy3 game(4, false);
  // d1 (index 15) to b5 (index 4): the shortest arc holds 8 cells.
  play_all(game, {"d1", "g1", "d2", "g2", "d3", "g3", "c3", "f1", "c4", "e1", "c5", "g4", "b5"});
  CHECK(game.group_span(*game.board().find("b5").cell) == 8);
  CHECK_FALSE(game.over());
}

TEST_CASE("a placement merging two groups into a winner wins") {
  Hy3 game(4, false);
  play_all(game, {"d1", "a1", "d2", "a2", "d3", "a3", "d7", "g1", "d6", "g2", "d5", "g3"});
  CHECK(game.group_span(*game.board().find("d1").cell) == 1);
  CHECK(game.group_span(*game.board().find("d7").cell) == 1);
  CHECK_FALSE(game.over());
  REQUIRE(game.play("d4").ok);
  CHECK(game.group_span(*game.board().find("d4").cell) == 10);
  CHECK(game.winner() == 0);
}

TEST_CASE("corners count once among a group's anchors") {
  Hy3 game(4, false);
  // Row a is a1..a4: four perimeter cells, the corner a4 counted once.
  play_all(game, {"a1", "g1", "a2", "g2", "a3", "g3", "a4"});
  CHECK(game.group_span(*game.board().find("a4").cell) == 4);
  // From corner a4 (index 3) to the opposite corner g1 (index 12): 10 cells, a win.
  Hy3 diagonal(4, false);
  play_all(diagonal, {"a4", "a1", "b4", "a2", "c4", "a3", "d4", "d1", "e3", "e1", "f2"});
  CHECK_FALSE(diagonal.over());
  REQUIRE(diagonal.play("d7").ok);  // blue, elsewhere
  REQUIRE(diagonal.play("g1").ok);
  CHECK(diagonal.group_span(*diagonal.board().find("g1").cell) == 10);
  CHECK(diagonal.winner() == 0);
}

TEST_CASE("a player left without a legal placement loses: the mover wins at once") {
  // Found by random search on the 3-per-side board (P = 12): after red's c3, blue's two
  // remaining cells would each make a blue group spanning exactly 6.
  Hy3 game(3, false);
  play_all(game, {"d3", "d1", "e1", "e2", "a2", "d2", "c4", "b3", "c2", "b1", "a1", "e3", "b4", "b2", "a3", "c5"});
  CHECK_FALSE(game.over());
  REQUIRE(game.play("c3").ok);
  CHECK(game.winner() == 0);
  CHECK(game.legal_plies().empty());
  // Both empty cells exist, and each would be exactly half for blue.
  CHECK(game.cells_json().size() == 17);
}

TEST_CASE("HY 3 bad input is refused with a clear reason and changes nothing") {
  Hy3 game(4, false);
  REQUIRE(game.play("d4").ok);
  std::string before = snapshot(game);
  auto error_of = [&](std::string ply) {
    PlyResult r = game.play(ply);
    CHECK_FALSE(r.ok);
    CHECK(snapshot(game) == before);
    return r.error;
  };
  CHECK(error_of("h1") == "cell h1 does not exist on a size-4 HY 3 board (rows a-g)");
  CHECK(error_of("a5") == "cell a5 does not exist on a size-4 HY 3 board (row a has cells a1-a4)");
  CHECK(error_of("d4") == "d4 is occupied (red)");
  CHECK(error_of(" D4 ") == "d4 is occupied (red)");
  CHECK(error_of("hello") == "'hello' is not a cell: expected a row letter a-g and a number, e.g. d4");
  CHECK_THAT(error_of(""), Catch::StartsWith("empty move"));
  CHECK(error_of("swap") == "swap is not enabled in this game");
}

TEST_CASE("HY 3 swap only at ply 2 with -swap, and no moves after the end") {
  Hy3 game(4, true);
  CHECK(game.play("swap").error == "swap is only allowed as the second move (ply 2)");
  REQUIRE(game.play("d4").ok);
  CHECK(game.legal_plies().back() == "swap");
  REQUIRE(game.play("swap").ok);
  CHECK(game.swapped());
  CHECK(game.to_move() == 1);  // blue again, now played by the user who made ply 1
  CHECK(game.play("swap").error == "swap is only allowed as the second move (ply 2)");
  REQUIRE(game.play("a1").ok);
  REQUIRE(game.play("resign").ok);  // red resigns
  CHECK(game.winner() == 1);
  std::string before = snapshot(game);
  CHECK(game.play("a2").error == "the game is over: blue has won");
  CHECK(snapshot(game) == before);
}

TEST_CASE("HY 3 legal plies are the empty cells minus exactly-half placements") {
  Hy3 game(3, false);
  CHECK(game.legal_plies().size() == 19);
  REQUIRE(game.play("c3").ok);
  CHECK(game.legal_plies().size() == 18);
}
