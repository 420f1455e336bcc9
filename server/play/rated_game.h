// Which games count for ratings, and who won them (spec "Ratings"): a game counts when it
// is finished, rated, won by someone and not aborted (an aborted game, before its first
// move or later by agreement or by the clock, has no winner). The winner is a colour; who
// held it depends on a swap, which the stored record says (GameRecord::swapped), so no
// game is replayed to rate it.
#pragma once

#include <optional>

#include "engine/game.h"
#include "server/play/end_of_ply.h"
#include "server/play/unit_of_work.h"
#include "server/ratings/rated_result.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The game's result if it counts for ratings; nothing otherwise.
std::optional<RatedResult> rated_result(const GameRecord& record);

// The ply reaction (ply_reactions.h): a game that has just ended and counts is rated in
// the transaction that ended it; its changes go into `end` for the mail that says so.
void rate_ended_game(UnitOfWork& work, PlyEnd& end, const Game* position);

}  // namespace pbem::server
