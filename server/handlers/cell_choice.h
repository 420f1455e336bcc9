// A reply to a Gates game address that names a bare cell ("d3#12", what a Gates board
// mail's cell link writes): it plays nothing, and the player gets the board after each
// legal tile at that cell to choose from (spec "Two taps to move").
#pragma once

#include "server/context/command_context.h"

namespace pbem::server {

// Answers a move by `player` in `record` whose ply, `cell` (with its "#moveno" if any), is
// a bare cell of a tile game.
void answer_cell_choice(CommandContext& ctx, const Account& player, const GameRecord& record, const std::string& cell,
                        std::optional<int> moveno);

}  // namespace pbem::server
