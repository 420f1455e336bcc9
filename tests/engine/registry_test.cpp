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

// A mail's HTML part keeps diagram() in <pre> and lets the rest of render() wrap
// (mail/outgoing_message.h), which works only if render() begins with it.
TEST_CASE("every game's render begins with its diagram, which holds no line in words") {
  for (const GameType& type : game_types()) {
    INFO("game " << type.name);
    std::unique_ptr<Game> game = create_game(type.name, {});
    REQUIRE(game->play(game->legal_plies().front()).ok);
    const std::string diagram = game->diagram();
    const std::string rendered = game->render(RenderContext{{"alice", "bob"}});
    CHECK(diagram.size() > 100);
    CHECK(diagram.ends_with('\n'));
    CHECK(rendered.starts_with(diagram));
    CHECK(rendered.size() > diagram.size());
    // The key and status lines stay out of it.
    CHECK(diagram.find("alice") == std::string::npos);
    CHECK(rendered.find("alice", diagram.size()) != std::string::npos);
    CHECK(diagram.find(". ") == std::string::npos);
  }
}
