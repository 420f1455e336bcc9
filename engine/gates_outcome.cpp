#include "engine/gates_outcome.h"

#include <algorithm>

namespace pbem::gates {

bool cross_triple(unsigned sides) {
  constexpr unsigned even = 0b010101, odd = 0b101010;
  return (sides & even) == even || (sides & odd) == odd;
}

bool cross_opposite(unsigned sides) {
  for (int i = 0; i < 3; ++i)
    if ((sides >> i & 1u) && (sides >> (i + 3) & 1u)) return true;
  return false;
}

bool winning_path(BoardKind kind, Colour colour, unsigned sides) {
  switch (kind) {
    case BoardKind::y: return (sides & side::y_all) == side::y_all;
    case BoardKind::hex: {
      unsigned own = colour == kDark ? side::hex_dark : side::hex_light;
      return (sides & own) == own;
    }
    case BoardKind::cross: return cross_triple(sides);
  }
  return false;
}

std::optional<Colour> outcome(BoardKind kind, Colour mover, const Position::PathSides& paths) {
  return outcome(kind, mover, PathLists{std::span<const unsigned>(paths[0]), std::span<const unsigned>(paths[1])});
}

std::optional<Colour> outcome(BoardKind kind, Colour mover, const Position::LocalPathSides& paths) {
  return outcome(kind, mover, PathLists{std::span<const unsigned>(paths.sides[0].data(), paths.count[0]),
                                        std::span<const unsigned>(paths.sides[1].data(), paths.count[1])});
}

std::optional<Colour> outcome(BoardKind kind, Colour mover, const PathLists& paths) {
  auto any = [&](Colour colour, auto&& test) {
    const auto& list = paths[static_cast<std::size_t>(colour)];
    return std::any_of(list.begin(), list.end(), test);
  };
  const Colour opponent = other(mover);
  if (kind != BoardKind::cross) {
    for (Colour colour : {mover, opponent})
      if (any(colour, [&](unsigned sides) { return winning_path(kind, colour, sides); })) return colour;
    return std::nullopt;
  }
  if (any(mover, cross_triple)) return mover;
  if (any(opponent, cross_triple)) return opponent;
  if (any(mover, cross_opposite)) return opponent;
  if (any(opponent, cross_opposite)) return mover;
  return std::nullopt;
}

}  // namespace pbem::gates
