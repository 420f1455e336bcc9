// The Gates diagram for email (how it reads: docs/rules.md, "Gates"): flat-top hexagons drawn with
// `+ - / \` in the style of the pbmserv Gates help, dark paint `o`, light paint blank.
#pragma once

#include <optional>
#include <string>

#include "engine/gates_board.h"
#include "engine/gates_position.h"

namespace pbem::gates {

// Mail is read in 78 columns (docs/rules.md, "Reading the diagram").
inline constexpr int kMailColumns = 78;

// The board with column letters above and below, every empty cell showing its label,
// and the tile on `last_cell` marked with `*` in the middle of its top and bottom edges.
// A board whose full drawing would be wider than kMailColumns (Hex Gates from size 7, the
// larger Y and Cross boards) is drawn compact instead: small cells, each placed tile shown
// by its letter, and the six tiles drawn in full under the board.
// Lines end with '\n'; no trailing blanks.
std::string render_board(const Position& position, std::optional<int> last_cell);

// Whether render_board draws this board compact.
bool compact_drawing(const Board& board);

// The six tiles drawn side by side with their letters underneath (help and legend).
std::string tile_pictures();

// One tile drawn alone (5 lines), as in the help text.
std::string render_tile(Tile tile);

// What each player aims for on this board, one or two lines, plus the drawing key.
std::string goal_lines(const Board& board);

}  // namespace pbem::gates
