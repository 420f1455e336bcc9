// The command table is the only list of command words: the parser, the usage in errors and
// the help texts all read it.
#include <catch2/catch.hpp>

#include <set>

#include "server/commands/command_table.h"
#include "server/commands/commands.h"
#include "server/commands/help.h"

using namespace pbem::server;

namespace {
const std::vector<std::string> kGames{"gates", "hy3", "gaia"};

std::string line_for(const CommandSpec& spec, std::string_view spelling) {
  return (spec.for_game ? "hy3 " : "") + std::string(spelling);
}
}  // namespace

TEST_CASE("every row has a unique name, a usage, a parser and a handler") {
  std::set<std::string_view> names;
  for (const CommandSpec& spec : command_table()) {
    INFO(spec.name);
    CHECK(names.insert(spec.name).second);
    CHECK_FALSE(spec.spellings.empty());
    CHECK_FALSE(spec.usage.empty());
    CHECK(spec.parse != nullptr);
    CHECK(spec.handle != nullptr);
    CHECK(&command_named(spec.name) == &spec);
  }
  CHECK_THROWS_AS(command_named("no such command"), std::logic_error);
}

TEST_CASE("every spelling in the table reaches its own row") {
  for (const CommandSpec& spec : command_table()) {
    for (std::string_view spelling : spec.spellings) {
      const std::string line = line_for(spec, spelling);
      INFO(line);
      CHECK(looks_like_command(line, kGames));
      ParsedCommand parsed = parse_command(line, kGames);
      if (parsed.command) {
        // Commands whose arguments are all optional parse from their words alone.
        CHECK(parsed.command->spec == &spec);
      } else {
        // The others are refused with their own usage, read from the table.
        CHECK(parsed.usage.find(command_usage(spec, "hy3")) != std::string::npos);
      }
    }
  }
}

TEST_CASE("help commands lists every row's usage, in table order") {
  const std::string help = help_text({"commands"}, "pbem@example.org");
  std::size_t at = 0;
  for (const CommandSpec& spec : command_table()) {
    INFO(spec.name);
    const auto found = help.find(command_usage(spec), at);
    REQUIRE(found != std::string::npos);
    at = found;
  }
}

TEST_CASE("a game's help lists only the game commands, with the game's name") {
  const std::string help = game_help_text("gaia");
  for (const CommandSpec& spec : command_table()) {
    INFO(spec.name);
    CHECK((help.find(command_usage(spec, "gaia")) != std::string::npos) == spec.for_game);
  }
}

TEST_CASE("the games named in the help texts come from the registry") {
  const std::string help = help_text({"commands"}, "pbem@example.org");
  CHECK(help.find("<game> is one of: gates, hy3, gaia.") != std::string::npos);
  CHECK(help_text({"tutorial"}, "pbem@example.org").find("`help gates`, `help hy3` or `help gaia`") !=
        std::string::npos);
}
