// The HY 3 board: a regular hexagon of pointy-top cells, its row labels and its perimeter.
// Built once per size and shared by every game of that size.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/hex.h"

namespace pbem {

class Hy3Board {
 public:
  static constexpr int kMinSize = 3;
  static constexpr int kMaxSize = 13;
  static constexpr int kDefaultSize = 7;

  // The shared board of `size` cells per side (kMinSize..kMaxSize).
  static std::shared_ptr<const Hy3Board> of_size(int size);

  int size() const { return size_; }
  int radius() const { return size_ - 1; }
  int cell_count() const { return static_cast<int>(cells_.size()); }
  int perimeter() const { return 6 * radius(); }  // P: perimeter cells, corners once
  int row_count() const { return 2 * size_ - 1; }

  Hex hex(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  const std::string& label(int cell) const { return labels_[static_cast<std::size_t>(cell)]; }
  // Position on the perimeter in ring order, or -1 for an interior cell.
  int ring_index(int cell) const { return ring_index_[static_cast<std::size_t>(cell)]; }
  const std::vector<int>& neighbours(int cell) const { return neighbours_[static_cast<std::size_t>(cell)]; }
  // Row (0 = top) and one-based position in the row of a cell.
  int row(int cell) const { return hex(cell).r + radius(); }
  // Cells of one row, left to right.
  const std::vector<int>& row_cells(int row) const { return rows_[static_cast<std::size_t>(row)]; }

  // Cell index for a label, or an error text naming what is wrong.
  struct Lookup {
    std::optional<int> cell;
    std::string error;
  };
  Lookup find(std::string_view label) const;

 private:
  explicit Hy3Board(int size);
  std::optional<int> index_of(Hex h) const;

  int size_;
  std::vector<Hex> cells_;                 // cells in row order, left to right
  std::vector<std::string> labels_;
  std::vector<int> ring_index_;
  std::vector<std::vector<int>> neighbours_;
  std::vector<std::vector<int>> rows_;
};

}  // namespace pbem
