// Gaia board geometry: cell counts, neighbour counts, the tube's adjacency rule, opposed
// edge pairs, labels, and the flattened drawing positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "engine/gaia_board.h"
#include "engine/hex.h"

using pbem::GaiaBoard;

namespace {

bool touches(const GaiaBoard& board, int a, int b) {
  auto next = board.neighbours(a);
  return std::find(next.begin(), next.end(), b) != next.end();
}

int cell_named(const GaiaBoard& board, const std::string& label) {
  auto found = board.find(label);
  INFO(label << ": " << found.error);
  REQUIRE(found.error.empty());
  return found.cell;
}

}  // namespace

TEST_CASE("every Gaia size has 9n^2 - 3n + 1 cells, six pentagons, 6n edge cells of four neighbours") {
  for (int n = GaiaBoard::min_size; n <= GaiaBoard::max_size; ++n) {
    INFO("size " << n);
    const GaiaBoard& board = *GaiaBoard::of_size(n);
    CHECK(board.cell_count() == 9 * n * n - 3 * n + 1);
    int pentagons = 0, edges = 0, fives = 0;
    for (int c = 0; c < board.cell_count(); ++c) {
      INFO("cell " << board.label(c));
      const auto count = board.neighbours(c).size();
      if (count == 5) ++fives;
      if (board.is_pentagon(c)) {
        ++pentagons;
        CHECK(count == 5);
        CHECK(board.ring_of(c) == n);
      } else if (board.is_edge(c)) {
        ++edges;
        CHECK(count == 4);
      } else {
        CHECK(count == 6);
      }
    }
    CHECK(pentagons == 6);
    CHECK(fives == 6);
    CHECK(edges == 6 * n);
    CHECK(board.edge_length() == 6 * n);
  }
}

TEST_CASE("Gaia adjacency is symmetric, without repeats or self-loops") {
  for (int n = GaiaBoard::min_size; n <= GaiaBoard::max_size; ++n) {
    INFO("size " << n);
    const GaiaBoard& board = *GaiaBoard::of_size(n);
    for (int c = 0; c < board.cell_count(); ++c) {
      auto next = board.neighbours(c);
      std::set<int> distinct(next.begin(), next.end());
      CHECK(distinct.size() == next.size());
      CHECK_FALSE(distinct.contains(c));
      for (int other : next) CHECK(touches(board, other, c));
    }
  }
}

TEST_CASE("Gaia tube cells touch j-1, j+1 of their ring and j, j+1 of the ring inside") {
  for (int n = GaiaBoard::min_size; n <= GaiaBoard::max_size; ++n) {
    INFO("size " << n);
    const GaiaBoard& board = *GaiaBoard::of_size(n);
    const int N = 6 * n;
    for (int d = n + 1; d <= board.edge_ring(); ++d) {
      CHECK(board.ring_length(d) == N);
      for (int j = 0; j < N; ++j) {
        int c = board.cell(d, j);
        std::set<int> expected{board.cell(d, (j + N - 1) % N), board.cell(d, (j + 1) % N),
                               board.cell(d - 1, j), board.cell(d - 1, (j + 1) % N)};
        if (d < board.edge_ring()) {
          expected.insert(board.cell(d + 1, (j + N - 1) % N));
          expected.insert(board.cell(d + 1, j));
        }
        auto next = board.neighbours(c);
        CHECK(std::set<int>(next.begin(), next.end()) == expected);
      }
    }
  }
}

TEST_CASE("the default Gaia board: 73 cells, edge f1-f18, pentagons on ring d") {
  const GaiaBoard& board = *GaiaBoard::of_size(3);
  CHECK(board.cell_count() == 73);
  CHECK(board.label(0) == "a1");
  CHECK(board.ring_length(0) == 1);
  CHECK(board.ring_count() == 6);
  CHECK(board.edge_ring() == 5);
  for (int j = 1; j <= 18; ++j) CHECK(board.is_edge(cell_named(board, pbem::letter_number(board.edge_ring(), j))));
  std::set<std::string> pentagons;
  for (int c = 0; c < board.cell_count(); ++c)
    if (board.is_pentagon(c)) pentagons.insert(board.label(c));
  CHECK(pentagons == std::set<std::string>{"d1", "d4", "d7", "d10", "d13", "d16"});

  // d1 is the top-left corner: two ring-d cells, one of ring c, two of the tube.
  std::set<std::string> around_d1;
  for (int next : board.neighbours(cell_named(board, "d1"))) around_d1.insert(board.label(next));
  CHECK(around_d1 == std::set<std::string>{"d2", "d18", "c1", "e18", "e1"});
  // The centre touches all of ring b.
  std::set<std::string> around_a1;
  for (int next : board.neighbours(0)) around_a1.insert(board.label(next));
  CHECK(around_a1 == std::set<std::string>{"b1", "b2", "b3", "b4", "b5", "b6"});
}

TEST_CASE("opposed edge cells are an involution j <-> j + 3n") {
  for (int n = GaiaBoard::min_size; n <= GaiaBoard::max_size; ++n) {
    INFO("size " << n);
    const GaiaBoard& board = *GaiaBoard::of_size(n);
    for (int c = 0; c < board.cell_count(); ++c) {
      if (!board.is_edge(c)) {
        CHECK(board.opposed(c) == -1);
        CHECK(board.pair_of(c) == -1);
        continue;
      }
      int partner = board.opposed(c);
      CHECK(partner != c);
      CHECK(board.is_edge(partner));
      CHECK(board.opposed(partner) == c);
      CHECK(board.index_of(partner) == (board.index_of(c) + 3 * n) % (6 * n));
      CHECK(board.pair_of(partner) == board.pair_of(c));
      CHECK(board.is_first_half(partner) != board.is_first_half(c));
    }
  }
  const GaiaBoard& board = *GaiaBoard::of_size(3);
  CHECK(board.label(board.opposed(cell_named(board, "f1"))) == "f10");
  CHECK(board.label(board.opposed(cell_named(board, "f18"))) == "f9");
}

TEST_CASE("Gaia labels round trip and are ring letter + index") {
  for (int n = GaiaBoard::min_size; n <= GaiaBoard::max_size; ++n) {
    INFO("size " << n);
    const GaiaBoard& board = *GaiaBoard::of_size(n);
    std::set<std::string> labels;
    for (int c = 0; c < board.cell_count(); ++c) {
      const std::string& label = board.label(c);
      labels.insert(label);
      std::string expected(1, static_cast<char>('a' + board.ring_of(c)));
      expected += std::to_string(board.index_of(c) + 1);  // appended: GCC 12 -O3 -Wrestrict false positive
      CHECK(label == expected);
      CHECK(board.cell(board.ring_of(c), board.index_of(c)) == c);
      auto found = board.find(label);
      CHECK(found.error.empty());
      CHECK(found.cell == c);
      std::string shouted = label;
      shouted[0] = static_cast<char>(shouted[0] - 'a' + 'A');
      CHECK(board.find("  " + shouted + " ").cell == c);
    }
    CHECK(static_cast<int>(labels.size()) == board.cell_count());
  }
}

TEST_CASE("Gaia cell lookup explains what is wrong") {
  const GaiaBoard& board = *GaiaBoard::of_size(3);
  auto z9 = board.find("z9");
  CHECK(z9.cell == -1);
  CHECK(z9.error == "cell z9 does not exist on a size-3 Gaia board: rings run from a to f");
  auto g1 = board.find("g1");
  CHECK(g1.error == "cell g1 does not exist on a size-3 Gaia board: rings run from a to f");
  auto a2 = board.find("a2");
  CHECK(a2.error == "cell a2 does not exist on a size-3 Gaia board: ring a has only a1");
  auto f19 = board.find("f19");
  CHECK(f19.error == "cell f19 does not exist on a size-3 Gaia board: ring f has f1 to f18");
  auto c13 = board.find("c13");
  CHECK(c13.error == "cell c13 does not exist on a size-3 Gaia board: ring c has c1 to c12");
  for (const char* garbage : {"", "hello", "4d", "d", "d0", "d-1", "d1x", "*d1"}) {
    INFO(garbage);
    auto found = board.find(garbage);
    CHECK(found.cell == -1);
    CHECK_THAT(found.error, Catch::Contains("is not a cell on a size-3 Gaia board"));
  }
}

TEST_CASE("the drawing never shows cells side by side that do not touch") {
  for (int n = GaiaBoard::min_size; n <= GaiaBoard::max_size; ++n) {
    INFO("size " << n);
    const GaiaBoard& board = *GaiaBoard::of_size(n);
    std::map<pbem::Hex, int> drawn;
    for (int c = 0; c < board.cell_count(); ++c) {
      auto [it, fresh] = drawn.emplace(board.drawn_position(c), c);
      CHECK(fresh);
    }
    int hidden = 0;  // board neighbours not drawn side by side: those across the six notches
    for (int c = 0; c < board.cell_count(); ++c) {
      for (pbem::Hex step : pbem::pointy::directions) {
        auto it = drawn.find(board.drawn_position(c) + step);
        if (it != drawn.end()) CHECK(touches(board, c, it->second));
      }
      for (int next : board.neighbours(c)) {
        pbem::Hex apart = board.drawn_position(next) - board.drawn_position(c);
        if (length(apart) != 1) ++hidden;
      }
    }
    // Each notch hides n-1 same-ring contacts and n-2 between neighbouring rings.
    CHECK(hidden / 2 == 6 * (2 * n - 3));
  }
}

TEST_CASE("Gaia boards are shared per size and sizes outside 2-8 are refused") {
  CHECK(GaiaBoard::of_size(5) == GaiaBoard::of_size(5));
  CHECK(GaiaBoard::of_size(5)->size() == 5);
  CHECK_THROWS_AS(GaiaBoard::of_size(1), std::out_of_range);
  CHECK_THROWS_AS(GaiaBoard::of_size(9), std::out_of_range);
}
