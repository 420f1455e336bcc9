// The Gaia diagram for plain-text mail: the board flattened onto a pointy-top hex grid
// (tube bands outside the core's sides, a blank notch at each pentagon), edge cells tagged
// with their pair letter, and a short key. Status lines are added by the game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/gaia_board.h"

namespace pbem {

// The cells and the pair letters. `stones` holds per cell -1 (empty), 0 (black, drawn X)
// or 1 (white, drawn O); `last_placed` the cells of the most recent placement (drawn in
// parentheses).
std::string draw_gaia_board(const GaiaBoard& board, const std::vector<std::int8_t>& stones,
                            const std::vector<int>& last_placed);

// The key under the board: the symbols, the opposed edge pairs, the notches.
std::string gaia_key(const GaiaBoard& board);

}  // namespace pbem
