// The six Gates tiles (rules: docs/rules.md, "Gates"): which corners each band joins
// and which colour each corner class shows.
//
// Every tile has one band joining two class-A corners and one joining two class-B corners;
// the third corner of each class is a dead-end stub. Letters a, b, c are the three band
// layouts ("shapes") in parity 0 (class A dark, class B light); d, e, f are the same shapes
// with the colours inverted (parity 1). Inverting a tile (a<->d, b<->e, c<->f) therefore
// changes only colours, never which corners are joined.
#pragma once

#include <array>
#include <optional>

#include "engine/game.h"
#include "engine/hex.h"

namespace pbem::gates {

inline constexpr Colour kLight = 0;  // moves first; white paths, drawn blank
inline constexpr Colour kDark = 1;   // blue paths, drawn `o`

// Corner class: 0 = A {TL, R, BL}, 1 = B {TR, BR, L}. Every cell sharing a vertex agrees.
constexpr int corner_class(flat::Corner corner) {
  return corner == flat::TL || corner == flat::R || corner == flat::BL ? 0 : 1;
}

// Colour of a corner of class `klass` on a tile of `parity`: parity 0 paints class A dark.
constexpr Colour corner_colour(int klass, int parity) { return (klass ^ parity) == 0 ? kDark : kLight; }

struct TileShape {
  std::array<flat::Corner, 2> band_a;  // joins two class-A corners
  std::array<flat::Corner, 2> band_b;  // joins two class-B corners
  flat::Corner stub_a;                 // the class-A corner the band leaves out
  flat::Corner stub_b;
};

// Shapes 0, 1, 2 = letters a/d, b/e, c/f. b is a turned 120 degrees clockwise, c 240.
inline constexpr std::array<TileShape, 3> tile_shapes{{
    {{flat::TL, flat::BL}, {flat::TR, flat::BR}, flat::R, flat::L},
    {{flat::TL, flat::R}, {flat::BR, flat::L}, flat::BL, flat::TR},
    {{flat::BL, flat::R}, {flat::L, flat::TR}, flat::TL, flat::BR},
}};

struct Tile {
  int shape = 0;   // 0..2
  int parity = 0;  // 0 for a-c, 1 for d-f

  constexpr char letter() const { return static_cast<char>('a' + shape + 3 * parity); }
  constexpr Tile inverted() const { return {shape, 1 - parity}; }
  friend constexpr bool operator==(Tile, Tile) = default;
};

// 'a'..'f' (lower case) -> tile; anything else -> nullopt.
constexpr std::optional<Tile> tile_from_letter(char letter) {
  if (letter < 'a' || letter > 'f') return std::nullopt;
  int index = letter - 'a';
  return Tile{index % 3, index / 3};
}

}  // namespace pbem::gates
