// A Gates position: the tiles on the board, the groups they form and the paths their
// bands make. It knows nothing of turns, parity options or winners (gates.h applies
// those), so tests and analysis can fill boards freely.
//
// Two union-find structures keep every query cheap and the state small and copyable:
//  * groups: maximal edge-connected sets of tiles. The invariant "adjacent tiles never
//    differ in parity" makes a group's parity one number, kept at its root, so inverting a
//    whole group is O(1) and a tile's letter is its shape plus its group's parity.
//  * paths: board vertices joined by bands. Bands join corners of one class and inversion
//    changes only colours, so this structure never changes on inversion; a path's colour is
//    its vertex class combined with the parity of the group its tiles belong to. Each root
//    keeps the union of the board sides its vertices touch.
// Both use union by size without path compression, so queries stay const.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/gates_board.h"
#include "engine/gates_tiles.h"

namespace pbem::gates {

class Position {
 public:
  explicit Position(std::shared_ptr<const Board> board);

  const Board& board() const { return *board_; }
  const std::shared_ptr<const Board>& shared_board() const { return board_; }

  bool occupied(int cell) const { return shape_[static_cast<std::size_t>(cell)] >= 0; }
  // The tile on `cell` as it is now (after any inversions), or nullopt if empty.
  std::optional<Tile> tile(int cell) const;
  int tile_count() const { return tile_count_; }

  struct Group {
    int id;      // root cell; equal ids mean the same group
    int size;    // number of tiles
    int parity;  // 0 (a-c) or 1 (d-f)
  };
  // A few groups, kept in place rather than in a vector: every placement asks.
  class Groups {
   public:
    void push_back(Group group) { items_[count_++] = group; }
    std::size_t size() const { return count_; }
    const Group& operator[](std::size_t i) const { return items_[i]; }
    const Group* begin() const { return items_.data(); }
    const Group* end() const { return items_.data() + count_; }

   private:
    std::array<Group, 6> items_{};  // one per neighbour at most
    std::size_t count_ = 0;
  };
  // The distinct groups with a tile next to `cell` (at most three), in direction order.
  Groups adjacent_groups(int cell) const;
  // Parity of the group containing the tile on `cell` (which must be occupied).
  int parity(int cell) const;

  struct PlaceEffect {
    bool new_tile_inverted = false;  // the tile now shows the other parity than as played
    int tiles_inverted = 0;          // earlier tiles whose letter changed
  };
  // Puts `tile` on the empty `cell`. The new tile and all adjacent groups become one group
  // of parity `final_parity`: every part of a different parity is inverted.
  PlaceEffect place(int cell, Tile tile, int final_parity);

  // Colour of the vertex at `corner` of the occupied `cell`.
  Colour corner_colour_at(int cell, flat::Corner corner) const;
  // Sides touched by the path containing that vertex.
  unsigned path_sides(int cell, flat::Corner corner) const;

  // Sides touched by each path, by colour: one entry per path. paths_at() looks only at the
  // paths through the corners of the occupied `cell`.
  using PathSides = std::array<std::vector<unsigned>, 2>;
  PathSides paths() const;
  // At most six paths run through a tile's corners: kept in place, since every placement
  // without an inversion asks (gates.cpp).
  struct LocalPathSides {
    std::array<std::array<unsigned, 6>, 2> sides{};
    std::array<std::size_t, 2> count{};
    void push_back(Colour colour, unsigned path) {
      sides[static_cast<std::size_t>(colour)][count[static_cast<std::size_t>(colour)]++] = path;
    }
  };
  LocalPathSides paths_at(int cell) const;

 private:
  int group_root(int cell) const;
  int vertex_root(int vertex) const;
  void join_vertices(int a, int b);

  std::shared_ptr<const Board> board_;
  int tile_count_ = 0;
  std::vector<std::int8_t> shape_;        // per cell: tile shape 0..2, or -1 when empty
  std::vector<int> group_parent_;          // per cell
  std::vector<int> group_size_;            // valid at roots
  std::vector<std::int8_t> group_parity_;  // valid at roots
  std::vector<int> vertex_parent_;
  std::vector<int> vertex_size_;           // valid at roots
  std::vector<unsigned> vertex_sides_;     // valid at roots: union of the path's sides
};

}  // namespace pbem::gates
