// Hex-grid geometry shared by every game: axial coordinates, both cell orientations,
// rings in the spec's order, and the letter+number labels players type.
#pragma once

#include <array>
#include <compare>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbem {

// Axial coordinates (q, r); the third cube coordinate is s = -q - r.
struct Hex {
  int q = 0;
  int r = 0;

  constexpr int s() const { return -q - r; }
  constexpr Hex operator+(Hex o) const { return {q + o.q, r + o.r}; }
  constexpr Hex operator-(Hex o) const { return {q - o.q, r - o.r}; }
  constexpr Hex operator*(int k) const { return {q * k, r * k}; }
  friend constexpr auto operator<=>(Hex, Hex) = default;
};

// Distance from the origin: max(|q|, |r|, |s|).
constexpr int length(Hex h) {
  int a = std::abs(h.q), b = std::abs(h.r), c = std::abs(h.s());
  return a > b ? (a > c ? a : c) : (b > c ? b : c);
}
constexpr int distance(Hex a, Hex b) { return length(a - b); }

// Flat-top cells (Gates): y grows downward with r + q/2.
namespace flat {
enum Direction { N, NE, SE, S, SW, NW };
inline constexpr std::array<Hex, 6> directions{{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};
// Corners clockwise on screen. Class A = {TL, R, BL}, class B = {TR, BR, L}.
enum Corner { R, BR, BL, L, TL, TR };
// The two corners on the edge towards each neighbour direction (N: TL-TR, NE: TR-R, ...).
inline constexpr std::array<std::array<Corner, 2>, 6> edge_corners{
    {{TL, TR}, {TR, R}, {R, BR}, {BR, BL}, {BL, L}, {L, TL}}};
}  // namespace flat

// Pointy-top cells (HY 3, Gaia).
namespace pointy {
enum Direction { E, NE, NW, W, SW, SE };
inline constexpr std::array<Hex, 6> directions{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};
}  // namespace pointy

// Ring d >= 1 around the origin, 6d cells, starting at (0,-d) and walking clockwise:
// d steps E, SE, SW, W, NW, NE (pointy-top directions). Ring 0 is the origin alone.
std::vector<Hex> ring(int d);

// Every cell with length <= radius, in no particular order.
std::vector<Hex> hexagon(int radius);

// Parses "<letter><number>" (case-insensitive, blanks around ignored), e.g. "d3" -> {3, 3}:
// the letter's zero-based index and the number as written. Nothing else is accepted.
std::optional<std::pair<int, int>> parse_letter_number(std::string_view text);

// "d3" from a zero-based letter index and a one-based number.
std::string letter_number(int letter_index, int number);

}  // namespace pbem
