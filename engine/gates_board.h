// The Gates boards (Y, Hex and Cross Gates; docs/rules.md, "Gates"):
// cells, labels, neighbours, the board vertices at cell corners and which board sides each
// vertex touches. Built once per (kind, size) and shared, read-only, by every game copy.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/hex.h"

namespace pbem::gates {

enum class BoardKind { y, hex, cross };

struct BoardLimits {
  int default_size;
  int min_size;
  int max_size;
};
BoardLimits board_limits(BoardKind kind);
std::string_view board_option(BoardKind kind);  // "y", "hex", "cross"
std::string_view board_title(BoardKind kind);   // "Y Gates", "Hex Gates", "Cross Gates"

// Side bits in vertex side masks.
//  Y:     bit 0 left (q = 0), bit 1 top (r = 0), bit 2 lower right (q + r = n-1).
//  Hex:   bit 0 upper left and bit 1 lower right (dark's sides), bit 2 lower left and
//         bit 3 upper right (light's sides).
//  Cross: bits 0..5 clockwise from the top: r = -R, q = R, q + r = R, r = R, q = -R,
//         q + r = -R. Side i is opposite side i + 3.
namespace side {
inline constexpr unsigned y_left = 1u << 0, y_top = 1u << 1, y_lower_right = 1u << 2;
inline constexpr unsigned y_all = y_left | y_top | y_lower_right;
inline constexpr unsigned hex_upper_left = 1u << 0, hex_lower_right = 1u << 1;
inline constexpr unsigned hex_lower_left = 1u << 2, hex_upper_right = 1u << 3;
inline constexpr unsigned hex_dark = hex_upper_left | hex_lower_right;
inline constexpr unsigned hex_light = hex_lower_left | hex_upper_right;
}  // namespace side

class Board {
 public:
  Board(BoardKind kind, int size);

  BoardKind kind() const { return kind_; }
  int size() const { return size_; }
  // "size-5 Cross Gates board", for messages.
  std::string description() const;

  // Cells are numbered in label order: columns left to right, each top to bottom.
  int cell_count() const { return static_cast<int>(cells_.size()); }
  Hex hex(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  const std::string& label(int cell) const { return labels_[static_cast<std::size_t>(cell)]; }
  std::optional<int> cell_at(Hex hex) const;
  // Cell from a zero-based column index and one-based number (as in "d3" -> 3, 3).
  std::optional<int> cell_at_label(int column, int number) const;
  int column_count() const { return column_count_; }

  // Neighbouring cell in a flat-top direction, or -1 off the board.
  int neighbour(int cell, flat::Direction direction) const {
    return neighbours_[static_cast<std::size_t>(cell)][direction];
  }
  const std::array<int, 6>& neighbours(int cell) const { return neighbours_[static_cast<std::size_t>(cell)]; }

  // Board vertex at a cell corner; cells meeting at a point share the vertex id.
  int vertex(int cell, flat::Corner corner) const { return corners_[static_cast<std::size_t>(cell)][corner]; }
  int vertex_count() const { return static_cast<int>(vertex_sides_.size()); }
  unsigned vertex_sides(int vertex) const { return vertex_sides_[static_cast<std::size_t>(vertex)]; }
  int vertex_class(int vertex) const { return vertex_class_[static_cast<std::size_t>(vertex)]; }
  // Doubled vertex coordinates (X, Y) with X = 3q + dx, Y = 2r + q + dy; used for drawing.
  std::pair<int, int> vertex_point(int vertex) const { return vertex_points_[static_cast<std::size_t>(vertex)]; }

  // Sides (bits of vertex_sides) claimed by the edge of `cell` towards `direction`; 0 when
  // the neighbour is on the board.
  unsigned edge_sides(int cell, flat::Direction direction) const;
  int side_count() const;

 private:
  bool contains(Hex hex) const;

  BoardKind kind_;
  int size_;
  int column_count_ = 0;
  int q_min_ = 0, r_min_ = 0, q_span_ = 0, r_span_ = 0;
  std::vector<int> cell_grid_;  // (q - q_min) * r_span + (r - r_min) -> cell or -1
  std::vector<Hex> cells_;
  std::vector<std::string> labels_;
  std::vector<int> column_first_cell_;  // per column, plus a sentinel
  std::vector<std::array<int, 6>> neighbours_;
  std::vector<std::array<int, 6>> corners_;
  std::vector<unsigned> vertex_sides_;
  std::vector<int> vertex_class_;
  std::vector<std::pair<int, int>> vertex_points_;
};

// The shared table for (kind, size); the size must be within board_limits(kind).
std::shared_ptr<const Board> board_for(BoardKind kind, int size);

// Offsets of each corner from the doubled cell centre (X = 3q, Y = 2r + q).
inline constexpr std::array<std::pair<int, int>, 6> corner_offsets{{
    {2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}}};  // R, BR, BL, L, TL, TR

}  // namespace pbem::gates
