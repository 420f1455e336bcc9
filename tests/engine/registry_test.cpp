// The registry is the one list of games (engine/README.md, "Adding a game"): every entry
// must build a game under its own name, with help and a summary the server can mail.
#include <catch2/catch.hpp>

#include <set>

#include "engine/registry.h"

using namespace pbem;

TEST_CASE("every registered game builds with default options and answers to its registry name") {
  std::set<std::string> names;
  for (const GameType& type : game_types()) {
    INFO("game " << type.name);
    CHECK(names.insert(type.name).second);
    CHECK_FALSE(type.title.empty());
    CHECK_FALSE(type.summary.empty());
    CHECK_FALSE(type.rules_help.empty());
    std::unique_ptr<Game> game = create_game(type.name, {});
    REQUIRE(game);
    CHECK(game->name() == type.name);
    CHECK(find_game_type(type.name) == &type);
    CHECK_FALSE(game->legal_plies().empty());
  }
}

TEST_CASE("an unknown game is refused naming every registered game") {
  try {
    create_game("chess", {});
    FAIL("chess was accepted");
  } catch (const OptionError& error) {
    for (const GameType& type : game_types()) CHECK_THAT(error.what(), Catch::Contains(type.name));
  }
}
