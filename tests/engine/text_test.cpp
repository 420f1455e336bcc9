// Small text helpers (engine/text.h) that more than one reader of mail relies on.
#include <catch2/catch.hpp>

#include "engine/text.h"

TEST_CASE("nonblank_lines: each line trimmed, blank ones left out", "[text]") {
  using Lines = std::vector<std::string_view>;
  CHECK(pbem::nonblank_lines("").empty());
  CHECK(pbem::nonblank_lines("\n \r\n\t\n").empty());
  CHECK(pbem::nonblank_lines("  hy3 show 1 \r\n\nlist") == Lines{"hy3 show 1", "list"});
  CHECK(pbem::nonblank_lines("> quoted\n") == Lines{"> quoted"});
}
