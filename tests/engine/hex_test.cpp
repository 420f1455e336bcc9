#include <catch2/catch.hpp>

#include <set>

#include "engine/hex.h"
#include "engine/hy3_board.h"

using namespace pbem;

TEST_CASE("ring d has 6d distinct cells at distance d, in the spec's order") {
  for (int d = 1; d <= 12; ++d) {
    auto cells = ring(d);
    REQUIRE(cells.size() == static_cast<std::size_t>(6 * d));
    std::set<Hex> distinct(cells.begin(), cells.end());
    CHECK(distinct.size() == cells.size());
    for (Hex h : cells) CHECK(length(h) == d);
    // Starts at the NW corner and walks clockwise: d steps E first, then SE.
    CHECK(cells[0] == Hex{0, -d});
    CHECK(cells[static_cast<std::size_t>(d)] == Hex{d, -d});
    CHECK(cells[static_cast<std::size_t>(2 * d)] == Hex{d, 0});
    CHECK(cells[static_cast<std::size_t>(3 * d)] == Hex{0, d});
    CHECK(cells[static_cast<std::size_t>(4 * d)] == Hex{-d, d});
    CHECK(cells[static_cast<std::size_t>(5 * d)] == Hex{-d, 0});
    // Consecutive cells are neighbours, including the wrap-around.
    for (std::size_t i = 0; i < cells.size(); ++i)
      CHECK(distance(cells[i], cells[(i + 1) % cells.size()]) == 1);
  }
  CHECK(ring(0) == std::vector<Hex>{{0, 0}});
}

TEST_CASE("ring 2 walks clockwise from (0,-2)") {
  std::vector<Hex> expected{{0, -2}, {1, -2}, {2, -2}, {2, -1}, {2, 0}, {1, 1},
                            {0, 2},  {-1, 2}, {-2, 2}, {-2, 1}, {-2, 0}, {-1, -1}};
  CHECK(ring(2) == expected);
}

TEST_CASE("hexagon(radius) holds 3r(r+1)+1 cells") {
  for (int r = 0; r <= 12; ++r) CHECK(hexagon(r).size() == static_cast<std::size_t>(3 * r * (r + 1) + 1));
}

TEST_CASE("letter+number labels parse case-insensitively and reject everything else") {
  CHECK(parse_letter_number("d3") == std::pair{3, 3});
  CHECK(parse_letter_number("  D12 ") == std::pair{3, 12});
  CHECK_FALSE(parse_letter_number(""));
  CHECK_FALSE(parse_letter_number("d"));
  CHECK_FALSE(parse_letter_number("3d"));
  CHECK_FALSE(parse_letter_number("d03"));
  CHECK_FALSE(parse_letter_number("d3x"));
  CHECK_FALSE(parse_letter_number("dd3"));
  CHECK(letter_number(3, 12) == "d12");
}

TEST_CASE("HY 3 labels round-trip for every cell of sizes 3..13") {
  for (int size = 3; size <= 13; ++size) {
    auto board = Hy3Board::of_size(size);
    CHECK(board->cell_count() == 3 * size * (size - 1) + 1);
    std::set<std::string> labels;
    for (int c = 0; c < board->cell_count(); ++c) {
      auto found = board->find(board->label(c));
      REQUIRE(found.cell);
      CHECK(*found.cell == c);
      labels.insert(board->label(c));
      auto upper = board->label(c);
      upper[0] = static_cast<char>(upper[0] - 'a' + 'A');
      CHECK(board->find(upper).cell == c);
    }
    CHECK(labels.size() == static_cast<std::size_t>(board->cell_count()));
  }
}

TEST_CASE("HY 3 rows run from the top, numbers from the left of each row") {
  auto board = Hy3Board::of_size(4);
  CHECK(board->hex(*board->find("a1").cell) == Hex{0, -3});
  CHECK(board->hex(*board->find("a4").cell) == Hex{3, -3});
  CHECK(board->hex(*board->find("d1").cell) == Hex{-3, 0});
  CHECK(board->hex(*board->find("d7").cell) == Hex{3, 0});
  CHECK(board->hex(*board->find("g4").cell) == Hex{0, 3});
  // Perimeter in ring order: a1 is index 0, a4 the first corner, b1 the last cell.
  CHECK(board->perimeter() == 18);
  CHECK(board->ring_index(*board->find("a1").cell) == 0);
  CHECK(board->ring_index(*board->find("a4").cell) == 3);
  CHECK(board->ring_index(*board->find("d7").cell) == 6);
  CHECK(board->ring_index(*board->find("b1").cell) == 17);
  CHECK(board->ring_index(*board->find("d4").cell) == -1);
}
