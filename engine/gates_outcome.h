// Who wins a Gates game, from the sides the players' paths touch (rules: docs/rules.md, "Gates").
#pragma once

#include <array>
#include <optional>
#include <span>

#include "engine/gates_board.h"
#include "engine/gates_position.h"

namespace pbem::gates {

// Cross Gates: a path touching three pairwise non-adjacent sides (0, 2, 4 or 1, 3, 5).
bool cross_triple(unsigned sides);
// Cross Gates: a path joining two opposite sides (i and i + 3).
bool cross_opposite(unsigned sides);
// Y and Hex Gates: a path that wins for `colour` (Y: all three sides; Hex: both of the
// colour's own sides).
bool winning_path(BoardKind kind, Colour colour, unsigned sides);

// The winner after a ply by `mover`, given every path that may have changed on that ply
// (paths that did not change cannot decide anything: the game would have ended earlier).
//  Y, Hex: the mover if they have a winning path, else the other player if they have one.
//  Cross:  1. mover has a triple: mover wins; 2. other has a triple: other wins;
//          3. mover joins opposite sides: mover loses; 4. other does: other loses.
std::optional<Colour> outcome(BoardKind kind, Colour mover, const Position::PathSides& paths);
std::optional<Colour> outcome(BoardKind kind, Colour mover, const Position::LocalPathSides& paths);
// Both read the paths through this one: each colour's side masks as a list.
using PathLists = std::array<std::span<const unsigned>, 2>;
std::optional<Colour> outcome(BoardKind kind, Colour mover, const PathLists& paths);

}  // namespace pbem::gates
