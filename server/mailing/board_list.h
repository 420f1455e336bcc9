// The board as a list a screen reader reads well (`set userid password board list|both`,
// spec "Two taps to move"): a drawn ASCII board is read out character by character, so a
// blind player gets the position in sentences instead: the game, whose move, each colour's
// stones (a tile game: the tiles with their rotations) by cell label in row order, the last
// move and how many cells are empty.
#pragma once

#include <string>

#include "engine/game.h"
#include "server/storage/game_record.h"

namespace pbem::server {

// The list, one sentence a line, ending in a line break.
std::string board_list(const GameRecord& record, const Game& game);

// `rendered` (Game::render, as the texts draw the board) in `text` as `board` asks it shown
// ("text": as it is; "list": `list` instead; "both": the drawing, then `list`). A text
// without `rendered` is returned as it is.
std::string board_as_set(const std::string& text, const std::string& rendered, const std::string& list,
                         const std::string& board);

}  // namespace pbem::server
