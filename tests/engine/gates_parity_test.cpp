// Gates parity options: the default (a-c only), -phase, -invert_min (-invert) and -align.
//
// Cross Gates size 5 around the centre e5: e4 (N), f4 (NE), f5 (SE), e6 (S), d5 (SW),
// d4 (NW); e4, f5 and d5 are pairwise not adjacent.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/options.h"
#include "gates_test_support.h"

using namespace pbem;
using namespace pbem::gates;
using gates_test::letter;
using gates_test::new_game;
using gates_test::play_all;

namespace {

// Rejects `ply` and checks that nothing changed.
std::string rejected(Game& game, const std::string& ply) {
  const nlohmann::json before = game.state_json();
  const std::vector<std::string> legal_before = game.legal_plies();
  PlyResult result = game.play(ply);
  CHECK_FALSE(result.ok);
  CHECK(game.state_json() == before);
  CHECK(game.legal_plies() == legal_before);
  return result.error;
}

bool listed(const Game& game, const std::string& ply) {
  auto plies = game.legal_plies();
  return std::find(plies.begin(), plies.end(), ply) != plies.end();
}

}  // namespace

TEST_CASE("gates parity: by default only a, b and c are played") {
  auto game = new_game({});
  CHECK(game->options_text() == "-cross -size=5");
  for (const char* ply : {"d:e5", "e:e5", "f:e5"}) {
    std::string error = rejected(*game, ply);
    CHECK_THAT(error, Catch::Contains("does not match this board's tiles a, b, c"));
    CHECK_THAT(error, Catch::Contains("-phase, -invert_min or -align"));
  }
  play_all(*game, {"a:e5", "b:e4", "c:e6"});
  CHECK(listed(*game, "c:e3"));
  CHECK_FALSE(listed(*game, "d:e3"));
  CHECK(game->legal_plies().size() == 3 * (61 - 3));
}

TEST_CASE("gates parity: -phase fixes the parity on ply 1") {
  SECTION("the first tile may be d-f; later tiles must follow it") {
    auto game = new_game({"-phase"});
    CHECK(game->legal_plies().size() == 6 * 61);
    play_all(*game, {"e:e5"});
    std::string error = rejected(*game, "a:e3");
    CHECK_THAT(error, Catch::Contains("tile a does not match this game's phase"));
    CHECK_THAT(error, Catch::Contains("only d, e and f"));
    CHECK(game->legal_plies().size() == 3 * 60 + 1);  // plus swap
    CHECK(listed(*game, "f:a1"));
    CHECK_FALSE(listed(*game, "c:a1"));
    play_all(*game, {"swap", "d:e3", "f:a1"});  // the phase survives the swap
    CHECK_THAT(rejected(*game, "b:i1"), Catch::Contains("phase"));
  }
  SECTION("a first tile of a-c keeps d-f out") {
    auto game = new_game({"-phase"});
    play_all(*game, {"a:e5"});
    CHECK_THAT(rejected(*game, "d:a1"), Catch::Contains("only a, b and c"));
    play_all(*game, {"c:a1"});
  }
}

TEST_CASE("gates parity: conflicting parity options are refused") {
  for (auto options : std::vector<std::vector<std::string>>{
           {"-phase", "-align"}, {"-phase", "-invert_min"}, {"-invert", "-align"}, {"-y", "-invert_min", "-phase"}}) {
    INFO(options.front() << " " << options.back());
    CHECK_THROWS_AS(create_game("gates", options), OptionError);
    CHECK_THROWS_WITH(create_game("gates", options), Catch::Contains("exclude each other"));
  }
  // -invert is another name for -invert_min, not a rival; the canonical text uses -invert_min.
  CHECK(create_game("gates", {"-invert"})->options_text() == "-cross -size=5 -invert_min");
  CHECK(create_game("gates", {"-INVERT_MIN", "-invert"})->options_text() == "-cross -size=5 -invert_min");
  CHECK(create_game("gates", {"-hex", "-align"})->options_text() == "-hex -size=10 -align");
  CHECK(create_game("gates", {"-y", "-phase", "-size=4"})->options_text() == "-y -size=4 -phase");
}

TEST_CASE("gates parity: -invert_min inverts the cheaper side") {
  SECTION("a lone clashing tile gives way to a bigger group") {
    auto game = new_game({"-invert_min"});
    play_all(*game, {"a:e3", "b:e4", "c:e5"});
    play_all(*game, {"d:e6"});  // cost(0) = 1 (the new tile), cost(1) = 3 (e3-e5)
    CHECK(letter(*game, "e6") == 'a');
    CHECK(letter(*game, "e5") == 'c');
    CHECK(game->record().back() == "d:e6");  // the record keeps the tile as played
    CHECK(game->cells_json()["e6"] == "a");
  }
  SECTION("a tie keeps the new tile's parity") {
    auto game = new_game({"-invert_min"});
    play_all(*game, {"a:e5", "d:e6"});  // cost(0) = 1 = cost(1): the new tile wins
    CHECK(letter(*game, "e6") == 'd');
    CHECK(letter(*game, "e5") == 'd');
  }
  SECTION("several groups merge, only those of the costlier parity invert") {
    auto game = new_game({"-invert_min"});
    // G1 = e3 + e4 (parity 1), G2 = f5 (parity 0), G3 = d5 (parity 0), none adjacent.
    play_all(*game, {"d:e3", "e:e4", "a:f5", "b:d5"});
    REQUIRE(game->position().adjacent_groups(gates_test::cell(*game, "e5")).size() == 3);

    SECTION("new tile of parity 0: cost(0) = 2, cost(1) = 1 + 1 + 1 = 3") {
      play_all(*game, {"c:e5"});
      CHECK(letter(*game, "e3") == 'a');
      CHECK(letter(*game, "e4") == 'b');
      CHECK(letter(*game, "f5") == 'a');
      CHECK(letter(*game, "d5") == 'b');
      CHECK(letter(*game, "e5") == 'c');
      // One group of five now, of parity 0.
      auto groups = game->position().adjacent_groups(gates_test::cell(*game, "e6"));
      REQUIRE(groups.size() == 1);
      CHECK(groups[0].size == 5);
      CHECK(groups[0].parity == 0);
    }
    SECTION("new tile of parity 1: cost(1) = 1 + 1 = 2, cost(0) = 1 + 2 = 3") {
      play_all(*game, {"f:e5"});
      CHECK(letter(*game, "e3") == 'd');
      CHECK(letter(*game, "e4") == 'e');
      CHECK(letter(*game, "f5") == 'd');
      CHECK(letter(*game, "d5") == 'e');
      CHECK(letter(*game, "e5") == 'f');
    }
  }
  SECTION("a tie between groups keeps the new tile's parity") {
    auto game = new_game({"-invert_min"});
    // G1 = e3 + e4 (parity 1), G2 = f5 (parity 0). New a: cost(0) = 2, cost(1) = 1 + 1 = 2.
    play_all(*game, {"d:e3", "e:e4", "a:f5", "a:e5"});
    CHECK(letter(*game, "e3") == 'a');
    CHECK(letter(*game, "e4") == 'b');
    CHECK(letter(*game, "f5") == 'a');
    CHECK(letter(*game, "e5") == 'a');
  }
  SECTION("every tile is legal everywhere") {
    auto game = new_game({"-invert_min"});
    play_all(*game, {"a:e5", "d:e6"});
    CHECK(game->legal_plies().size() == 6 * 59);
  }
}

TEST_CASE("gates parity: -align needs a support and aligns clashing groups to the new tile") {
  SECTION("an unsupported clash is rejected") {
    auto game = new_game({"-align"});
    play_all(*game, {"a:e4"});
    std::string error = rejected(*game, "d:e5");
    CHECK_THAT(error, Catch::Contains("tile d at e5"));
    CHECK_THAT(error, Catch::Contains("no neighbour of its own parity"));
    CHECK_FALSE(listed(*game, "e:e5"));
    CHECK(listed(*game, "b:e5"));
    CHECK(listed(*game, "d:e6"));  // no neighbours: anything goes
  }
  SECTION("a supported clash is accepted and the clashing group inverted") {
    auto game = new_game({"-align"});
    play_all(*game, {"a:e3", "b:e4", "d:e6"});
    CHECK(listed(*game, "d:e5"));
    CHECK(listed(*game, "a:e5"));
    play_all(*game, {"f:e5"});  // supported by e6 (d), clashing with e3 + e4
    CHECK(letter(*game, "e3") == 'd');
    CHECK(letter(*game, "e4") == 'e');
    CHECK(letter(*game, "e5") == 'f');
    CHECK(letter(*game, "e6") == 'd');
    CHECK(game->record().back() == "f:e5");
  }
  SECTION("alignment follows the new tile even against a bigger group") {
    auto game = new_game({"-align"});
    // e1-e4 (parity 0, 4 tiles) and e6 (parity 1). f on e5 is supported by e6, so e1-e4
    // invert although -invert_min would have inverted the new tile and e6 instead.
    play_all(*game, {"a:e1", "b:e2", "c:e3", "a:e4", "e:e6", "f:e5"});
    CHECK(letter(*game, "e1") == 'd');
    CHECK(letter(*game, "e2") == 'e');
    CHECK(letter(*game, "e3") == 'f');
    CHECK(letter(*game, "e4") == 'd');
    CHECK(letter(*game, "e5") == 'f');
    CHECK(letter(*game, "e6") == 'e');
  }
}
