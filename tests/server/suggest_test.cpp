#include "server/language/suggest.h"

#include <catch2/catch.hpp>

using pbem::server::closest_word;
using pbem::server::edit_distance;

TEST_CASE("edit distance counts inserts, deletes, substitutions and swapped neighbours") {
  CHECK(edit_distance("move", "move") == 0);
  CHECK(edit_distance("mvoe", "move") == 1);
  CHECK(edit_distance("gatse", "gates") == 1);
  CHECK(edit_distance("mov", "move") == 1);
  CHECK(edit_distance("moves", "move") == 1);
  CHECK(edit_distance("mxve", "move") == 1);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("closest word within two edits, never the word itself") {
  const std::vector<std::string> known{"move", "show", "swap", "games"};
  CHECK(closest_word("mvoe", known) == "move");
  CHECK(closest_word("shw", known) == "show");
  CHECK(closest_word("gmaes", known) == "games");
  CHECK_FALSE(closest_word("move", known));
  CHECK_FALSE(closest_word("frobnicate", known));
  CHECK_FALSE(closest_word("xyzzy", known));
}
