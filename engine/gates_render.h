// The Gates diagram for email (how it reads: docs/rules.md, "Gates"): flat-top hexagons drawn with
// `+ - / \` in the style of the pbmserv Gates help, dark paint `o`, light paint blank.
#pragma once

#include <optional>
#include <string>

#include "engine/gates_board.h"
#include "engine/gates_position.h"

namespace pbem::gates {

// The board with column letters above and below, every empty cell showing its label,
// and the tile on `last_cell` marked with `*` in the middle of its top and bottom edges.
// Lines end with '\n'; no trailing blanks.
std::string render_board(const Position& position, std::optional<int> last_cell);

// One tile drawn alone (5 lines), as in the help text.
std::string render_tile(Tile tile);

// What each player aims for on this board, one or two lines, plus the drawing key.
std::string goal_lines(BoardKind kind);

}  // namespace pbem::gates
