// The HY 3 diagram for plain-text mail: rows staggered by half a cell as on the real board,
// each empty cell showing its own label, and a short key. Status lines are added by the game.
#pragma once

#include <string>
#include <vector>

#include "engine/hy3_board.h"

namespace pbem {

// The rows of cells. `stones` holds per cell -1 (empty), 0 (red, drawn R) or 1 (blue,
// drawn B); `last_cell` the most recent stone (drawn in brackets), -1 for none.
std::string draw_hy3_board(const Hy3Board& board, const std::vector<int>& stones, int last_cell);

// The key under the rows (after a blank line): what R, B and [ ] mean, and the perimeter.
std::string hy3_key(const Hy3Board& board);

}  // namespace pbem
