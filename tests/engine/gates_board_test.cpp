// Gates board tables: labels, shared vertices, and which sides every corner cell touches.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "engine/gates_board.h"
#include "engine/gates_tiles.h"

using namespace pbem;
using namespace pbem::gates;
using flat::Corner;
using flat::Direction;

namespace {

int cell_of(const Board& board, const std::string& label) {
  for (int c = 0; c < board.cell_count(); ++c)
    if (board.label(c) == label) return c;
  FAIL("no cell " << label);
  return -1;
}

// Sides claimed by each boundary edge of a cell (directions with no boundary are left out).
std::map<Direction, unsigned> boundary(const Board& board, const std::string& label) {
  std::map<Direction, unsigned> out;
  int c = cell_of(board, label);
  for (int d = 0; d < 6; ++d)
    if (board.neighbour(c, static_cast<Direction>(d)) < 0) out[static_cast<Direction>(d)] = board.edge_sides(c, static_cast<Direction>(d));
  return out;
}

unsigned corner_sides(const Board& board, const std::string& label, Corner corner) {
  return board.vertex_sides(board.vertex(cell_of(board, label), corner));
}

constexpr unsigned bit(int i) { return 1u << i; }

}  // namespace

TEST_CASE("gates board: labels count cells from the top of each column, columns from the left") {
  auto cross = board_for(BoardKind::cross, 5);
  CHECK(cross->cell_count() == 61);
  CHECK(cross->column_count() == 9);
  CHECK(cross->label(*cross->cell_at({0, 0})) == "e5");   // centre
  CHECK(cross->label(*cross->cell_at({0, -4})) == "e1");  // top of the middle column
  CHECK(cross->label(*cross->cell_at({-4, 0})) == "a1");  // leftmost column starts at r = 0
  CHECK(cross->label(*cross->cell_at({-4, 4})) == "a5");
  CHECK(cross->label(*cross->cell_at({4, -4})) == "i1");
  CHECK(cross->label(*cross->cell_at({-1, 4})) == "d8");
  CHECK_FALSE(cross->cell_at_label(5, 9));  // f9 does not exist: column f has 8 cells
  CHECK_FALSE(cross->cell_at_label(9, 1));  // no column j
  CHECK(cross->cell_at_label(4, 9).has_value());

  auto y = board_for(BoardKind::y, 10);
  CHECK(y->cell_count() == 55);
  CHECK(y->label(*y->cell_at({0, 9})) == "a10");
  CHECK(y->label(*y->cell_at({9, 0})) == "j1");
  CHECK_FALSE(y->cell_at_label(9, 2));

  auto hex = board_for(BoardKind::hex, 3);
  CHECK(hex->cell_count() == 9);
  CHECK(hex->column_count() == 5);
  // (q, r) = (i + j, -j): column q, top = the largest j.
  CHECK(hex->label(*hex->cell_at({0, 0})) == "a1");
  CHECK(hex->label(*hex->cell_at({2, -2})) == "c1");
  CHECK(hex->label(*hex->cell_at({2, 0})) == "c3");
  CHECK(hex->label(*hex->cell_at({4, -2})) == "e1");
  CHECK(hex->description() == "size-3 Hex Gates board");
}

TEST_CASE("gates board: neighbouring cells share exactly the vertices of their common edge") {
  for (auto [kind, size] : {std::pair{BoardKind::cross, 4}, {BoardKind::y, 5}, {BoardKind::hex, 4}}) {
    auto board = board_for(kind, size);
    for (int c = 0; c < board->cell_count(); ++c)
      for (int d = 0; d < 6; ++d) {
        int n = board->neighbour(c, static_cast<Direction>(d));
        if (n < 0) continue;
        std::set<int> mine, theirs;
        for (int k = 0; k < 6; ++k) {
          mine.insert(board->vertex(c, static_cast<Corner>(k)));
          theirs.insert(board->vertex(n, static_cast<Corner>(k)));
        }
        std::set<int> shared;
        for (int v : mine)
          if (theirs.count(v)) shared.insert(v);
        std::set<int> edge{board->vertex(c, flat::edge_corners[d][0]), board->vertex(c, flat::edge_corners[d][1])};
        CHECK(shared == edge);
      }
  }
  // The spec's example: R of (q, r) = TL of (q+1, r) = BL of (q+1, r-1).
  auto board = board_for(BoardKind::cross, 3);
  int centre = *board->cell_at({0, 0});
  CHECK(board->vertex(centre, flat::R) == board->vertex(*board->cell_at({1, 0}), flat::TL));
  CHECK(board->vertex(centre, flat::R) == board->vertex(*board->cell_at({1, -1}), flat::BL));
  CHECK(board->vertex_count() == 6 * 3 * 3);  // a hexagon of n cells per side has 6n^2 vertices
}

TEST_CASE("gates board: vertex counts and classes") {
  // Every vertex belongs to 1-3 cells, and all cells at a vertex agree on its corner class.
  for (auto [kind, size] : {std::pair{BoardKind::cross, 5}, {BoardKind::y, 10}, {BoardKind::hex, 10}}) {
    auto board = board_for(kind, size);
    std::vector<int> cells_at(static_cast<std::size_t>(board->vertex_count()), 0);
    for (int c = 0; c < board->cell_count(); ++c)
      for (int k = 0; k < 6; ++k) {
        int v = board->vertex(c, static_cast<Corner>(k));
        ++cells_at[static_cast<std::size_t>(v)];
        CHECK(board->vertex_class(v) == corner_class(static_cast<Corner>(k)));
      }
    int total = 0;
    for (int count : cells_at) {
      CHECK(count >= 1);
      CHECK(count <= 3);
      total += count;
    }
    CHECK(total == 6 * board->cell_count());
  }
  CHECK(board_for(BoardKind::cross, 5)->vertex_count() == 6 * 5 * 5);
}

TEST_CASE("gates board: Y Gates sides, every corner cell") {
  auto board = board_for(BoardKind::y, 3);
  using namespace pbem::gates::side;
  // a1 = (0,0): left (NW, SW) and top (N, NE).
  CHECK(boundary(*board, "a1") == std::map<Direction, unsigned>{{flat::N, y_top}, {flat::NE, y_top}, {flat::SW, y_left}, {flat::NW, y_left}});
  // c1 = (2,0): top (N, NE) and lower right (SE, S).
  CHECK(boundary(*board, "c1") == std::map<Direction, unsigned>{{flat::N, y_top}, {flat::NE, y_top}, {flat::SE, y_lower_right}, {flat::S, y_lower_right}});
  // a3 = (0,2): lower right (SE, S) and left (SW, NW).
  CHECK(boundary(*board, "a3") == std::map<Direction, unsigned>{{flat::SE, y_lower_right}, {flat::S, y_lower_right}, {flat::SW, y_left}, {flat::NW, y_left}});
  // The corner vertices where two sides meet touch both.
  CHECK(corner_sides(*board, "a1", flat::TL) == (y_left | y_top));
  CHECK(corner_sides(*board, "c1", flat::R) == (y_top | y_lower_right));
  CHECK(corner_sides(*board, "a3", flat::BL) == (y_left | y_lower_right));
  CHECK(corner_sides(*board, "a1", flat::BL) == y_left);
  CHECK(corner_sides(*board, "b2", flat::BR) == y_lower_right);
  CHECK(corner_sides(*board, "b1", flat::BL) == 0);  // interior vertex
}

TEST_CASE("gates board: Hex Gates sides, obtuse corners count for dark only") {
  auto board = board_for(BoardKind::hex, 3);
  using namespace pbem::gates::side;
  // Acute corners: a1 = (0,0) between upper left and lower left, e1 = (4,-2) between lower
  // right and upper right: no edge is shared there.
  CHECK(boundary(*board, "a1") == std::map<Direction, unsigned>{{flat::N, hex_upper_left}, {flat::NW, hex_upper_left}, {flat::S, hex_lower_left}, {flat::SW, hex_lower_left}});
  CHECK(boundary(*board, "e1") == std::map<Direction, unsigned>{{flat::N, hex_upper_right}, {flat::NE, hex_upper_right}, {flat::SE, hex_lower_right}, {flat::S, hex_lower_right}});
  // Obtuse corners: the top cell c1's N edge and the bottom cell c3's S edge lie between a
  // dark and a light side and count for dark only.
  CHECK(boundary(*board, "c1") == std::map<Direction, unsigned>{{flat::NW, hex_upper_left}, {flat::N, hex_upper_left}, {flat::NE, hex_upper_right}});
  CHECK(boundary(*board, "c3") == std::map<Direction, unsigned>{{flat::SE, hex_lower_right}, {flat::S, hex_lower_right}, {flat::SW, hex_lower_left}});
  CHECK(corner_sides(*board, "c1", flat::TL) == hex_upper_left);
  CHECK(corner_sides(*board, "c1", flat::TR) == (hex_upper_left | hex_upper_right));
  CHECK(corner_sides(*board, "c3", flat::BR) == hex_lower_right);
  CHECK(corner_sides(*board, "c3", flat::BL) == (hex_lower_right | hex_lower_left));
  CHECK(corner_sides(*board, "a1", flat::L) == (hex_upper_left | hex_lower_left));
  CHECK(corner_sides(*board, "e1", flat::R) == (hex_upper_right | hex_lower_right));
}

TEST_CASE("gates board: Cross Gates sides, corner edges count for both sides") {
  auto board = board_for(BoardKind::cross, 3);
  // Corners clockwise from the top: (0,-2) c1, (2,-2) e1, (2,0) e3, (0,2) c5, (-2,2) a3, (-2,0) a1.
  CHECK(boundary(*board, "c1") == std::map<Direction, unsigned>{{flat::NW, bit(5)}, {flat::N, bit(0) | bit(5)}, {flat::NE, bit(0)}});
  CHECK(boundary(*board, "e1") == std::map<Direction, unsigned>{{flat::N, bit(0)}, {flat::NE, bit(0) | bit(1)}, {flat::SE, bit(1)}});
  CHECK(boundary(*board, "e3") == std::map<Direction, unsigned>{{flat::NE, bit(1)}, {flat::SE, bit(1) | bit(2)}, {flat::S, bit(2)}});
  CHECK(boundary(*board, "c5") == std::map<Direction, unsigned>{{flat::SE, bit(2)}, {flat::S, bit(2) | bit(3)}, {flat::SW, bit(3)}});
  CHECK(boundary(*board, "a3") == std::map<Direction, unsigned>{{flat::S, bit(3)}, {flat::SW, bit(3) | bit(4)}, {flat::NW, bit(4)}});
  CHECK(boundary(*board, "a1") == std::map<Direction, unsigned>{{flat::SW, bit(4)}, {flat::NW, bit(4) | bit(5)}, {flat::N, bit(5)}});
  // A side cell between corners: d1 = (1,-2) on the top side only.
  CHECK(boundary(*board, "d1") == std::map<Direction, unsigned>{{flat::N, bit(0)}, {flat::NE, bit(0)}});
  CHECK(corner_sides(*board, "c1", flat::TL) == (bit(0) | bit(5)));
  CHECK(corner_sides(*board, "c1", flat::TR) == (bit(0) | bit(5)));
  CHECK(corner_sides(*board, "e3", flat::R) == (bit(1) | bit(2)));
  CHECK(corner_sides(*board, "a1", flat::L) == (bit(4) | bit(5)));
  CHECK(corner_sides(*board, "c3", flat::TL) == 0);
}

TEST_CASE("gates board: every boundary edge belongs to a side; edges per side") {
  for (auto kind : {BoardKind::y, BoardKind::hex, BoardKind::cross}) {
    for (int size : {2, 3, 7}) {
      auto board = board_for(kind, size);
      std::vector<int> edges(static_cast<std::size_t>(board->side_count()), 0);
      for (int c = 0; c < board->cell_count(); ++c)
        for (int d = 0; d < 6; ++d) {
          if (board->neighbour(c, static_cast<Direction>(d)) >= 0) {
            CHECK(board->edge_sides(c, static_cast<Direction>(d)) == 0);
            continue;
          }
          unsigned sides = board->edge_sides(c, static_cast<Direction>(d));
          CHECK(sides != 0);
          for (int s = 0; s < board->side_count(); ++s)
            if (sides & bit(s)) ++edges[static_cast<std::size_t>(s)];
        }
      INFO(board->description());
      for (int s = 0; s < board->side_count(); ++s) {
        // Hex Gates gives each obtuse corner edge to dark only, so light's sides lose one.
        int expected = kind == BoardKind::hex && s >= 2 ? 2 * size - 1 : 2 * size;
        CHECK(edges[static_cast<std::size_t>(s)] == expected);
      }
    }
  }
}

TEST_CASE("gates board: tables are shared between games of one kind and size") {
  CHECK(board_for(BoardKind::cross, 5) == board_for(BoardKind::cross, 5));
  CHECK(board_for(BoardKind::cross, 5) != board_for(BoardKind::cross, 6));
  CHECK(board_for(BoardKind::y, 26)->cell_count() == 351);
  CHECK(board_for(BoardKind::hex, 13)->column_count() == 25);
  CHECK(board_for(BoardKind::cross, 13)->column_count() == 25);
}
