// The Gaia board: a hexagonal core (rings 0..n) whose outer ring continues as a tube of
// rings n+1..2n-1 with 6n cells each, six pentagons at the core's corners, and an edge
// (ring 2n-1) whose cells come in opposed pairs. Geometry only; no stones here.
// One immutable table per size, shared by every game of that size.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/hex.h"

namespace pbem {

class GaiaBoard {
 public:
  static constexpr int min_size = 2;
  static constexpr int max_size = 8;
  static constexpr int default_size = 3;
  // Cells of the largest board: 1 + 3n(n + 1) in the core, 6n in each of the n - 1 tube rings.
  static constexpr int max_cells = 1 + 3 * max_size * (max_size + 1) + 6 * max_size * (max_size - 1);

  // The shared table for `size` (min_size..max_size); throws std::out_of_range otherwise.
  static std::shared_ptr<const GaiaBoard> of_size(int size);

  explicit GaiaBoard(int size);

  int size() const { return size_; }
  int cell_count() const { return static_cast<int>(rings_.size()); }
  int ring_count() const { return 2 * size_; }       // rings a .. (2n-1)
  int edge_ring() const { return 2 * size_ - 1; }
  int ring_length(int ring) const;                    // 1, 6, 12, ..., 6n, 6n, ...
  int edge_length() const { return 6 * size_; }      // N, the number of edge cells
  int pair_count() const { return 3 * size_; }       // opposed edge pairs

  // Cells are numbered ring by ring, in ring order: a1 = 0, b1 = 1, ...
  int cell(int ring, int index) const { return ring_start_[static_cast<std::size_t>(ring)] + index; }
  int ring_of(int cell) const { return rings_[at(cell)]; }
  int index_of(int cell) const { return indices_[at(cell)]; }
  const std::string& label(int cell) const { return labels_[at(cell)]; }

  std::span<const int> neighbours(int cell) const {
    return {neighbours_[at(cell)].data(), neighbour_counts_[at(cell)]};
  }
  bool is_pentagon(int cell) const;
  bool is_edge(int cell) const { return ring_of(cell) == edge_ring(); }
  // The antipodal edge cell of an edge cell; -1 for any other cell.
  int opposed(int cell) const { return opposed_[at(cell)]; }
  // Edge cell j belongs to pair j mod 3n: a pair's two cells share this number.
  // Cells j < 3n are the pair's first half, the others its second half. -1 off the edge.
  int pair_of(int cell) const;
  bool is_first_half(int cell) const { return is_edge(cell) && index_of(cell) < pair_count(); }
  // Bit pair_of(cell) if the cell is in its pair's first (second) half, else 0: kept in a
  // table because every placement and every "no way left" check asks.
  std::uint32_t first_half_bit(int cell) const { return first_half_bits_[at(cell)]; }
  std::uint32_t second_half_bit(int cell) const { return second_half_bits_[at(cell)]; }

  // Where the cell sits in the flattened drawing: axial pointy-top coordinates in which
  // grid-adjacent cells are always board-adjacent. The core keeps its own coordinates; the
  // tube bands lie outside the core's six sides, leaving a notch at each pentagon (cells on
  // either side of a notch touch on the board but not in the drawing).
  Hex drawn_position(int cell) const { return drawn_[at(cell)]; }

  // A cell from player input ("d4", blanks and case tolerated) or a specific reason.
  struct Lookup {
    int cell = -1;      // valid when error is empty
    std::string error;
  };
  Lookup find(std::string_view text) const;

  // "a" .. "p": the letter players type for a ring.
  static char ring_letter(int ring) { return static_cast<char>('a' + ring); }

 private:
  std::size_t at(int cell) const { return static_cast<std::size_t>(cell); }
  void add_neighbour(int cell, int other);  // both directions

  int size_;
  std::vector<int> ring_start_;                    // first cell of each ring
  std::vector<int> rings_;                         // ring of each cell
  std::vector<int> indices_;                       // index within its ring
  std::vector<std::string> labels_;
  std::vector<std::array<int, 6>> neighbours_;
  std::vector<std::size_t> neighbour_counts_;
  std::vector<int> opposed_;
  std::vector<std::uint32_t> first_half_bits_, second_half_bits_;
  std::vector<Hex> drawn_;
};

}  // namespace pbem
