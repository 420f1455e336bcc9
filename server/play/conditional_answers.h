// Conditional moves answering a ply (docs/commands.md "Conditional moves"): after every
// stored ply the player now to move may have stored their answer to it in advance; it is
// played at once, in the same transaction, and may meet the other player's lines in turn.
// The command that stores the lines is server/handlers/conditional_commands.cpp.
#pragma once

#include <optional>

#include "engine/game.h"
#include "server/play/end_of_ply.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The opponent has just played the last ply of `position`: if the player now to move has
// a branch starting with it, returns its answer (not yet played) and keeps that branch's
// subtree as their lines; otherwise deletes their lines. Inside the ply's transaction.
std::optional<ConditionalAnswer> take_conditional_answer(UnitOfWork& work, const GameRecord& record,
                                                        const Game& position);

// The ply reaction (ply_reactions.h): a ply of a game that goes on is answered from the
// conditional moves of the player now to move, and `end` becomes what that answer ended
// with; any other end of a ply (a result, a takeback, an abort) deletes the game's lines.
void answer_from_conditional_moves(UnitOfWork& work, PlyEnd& end, const Game* position);

}  // namespace pbem::server
