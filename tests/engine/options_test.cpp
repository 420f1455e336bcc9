#include <catch2/catch.hpp>

#include "engine/options.h"
#include "engine/registry.h"

using namespace pbem;

namespace {
const std::vector<OptionSpec> kSpecs{{"size", true, ""}, {"swap", false, ""}, {"a", false, ""}, {"b", false, ""}};

std::string error_of(const std::vector<std::string>& args) {
  try {
    Options::parse("test", args, kSpecs);
  } catch (const OptionError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("options parse flags and integers case-insensitively") {
  Options o = Options::parse("test", {"-SIZE=7", " -swap "}, kSpecs);
  CHECK(o.integer("size") == 7);
  CHECK(o.has("swap"));
  CHECK_FALSE(o.has("a"));
  CHECK(o.integer_in_range("size", 5, 3, 13, "board") == 7);
  CHECK(Options::parse("test", {}, kSpecs).integer_in_range("size", 5, 3, 13, "board") == 5);
}

TEST_CASE("bad options are refused with the accepted values") {
  CHECK_THAT(error_of({"-colour"}), Catch::Contains("unknown option '-colour'") && Catch::Contains("-size=<n>"));
  CHECK_THAT(error_of({"size=7"}), Catch::Contains("must start with '-'"));
  CHECK_THAT(error_of({"-size=x"}), Catch::Contains("whole number"));
  CHECK_THAT(error_of({"-size"}), Catch::Contains("whole number"));
  CHECK_THAT(error_of({"-swap=1"}), Catch::Contains("takes no value"));
  CHECK_THAT(error_of({"-swap", "-swap"}), Catch::Contains("given twice"));
  Options o = Options::parse("test", {"-size=99", "-a", "-b"}, kSpecs);
  CHECK_THROWS_WITH(o.integer_in_range("size", 5, 3, 13, "HY 3"), "size 99 is out of range for HY 3: accepted 3-13");
  CHECK_THROWS_WITH(o.exclusive({"a", "b"}), Catch::Contains("-a and -b exclude each other"));
}

TEST_CASE("the registry knows every game and refuses unknown ones") {
  CHECK(find_game_type("HY3"));
  CHECK(find_game_type("gates"));
  CHECK(find_game_type("gaia"));
  CHECK_THROWS_WITH(create_game("chess", {}), Catch::Contains("unknown game 'chess'") && Catch::Contains("hy3"));
  CHECK_THROWS_AS(create_game("hy3", {"-size=2"}), OptionError);
  CHECK_THROWS_AS(create_game("hy3", {"-size=14"}), OptionError);
  CHECK(create_game("hy3", {"-size=13"})->options_text() == "-size=13");
}
