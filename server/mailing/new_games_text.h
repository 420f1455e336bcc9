// The part of a competition's mail that lists a player's new games (a tournament round's,
// a league season's): each game's number, opponent and colours, then the board and the
// Subject to edit of each game where the player moves first, with its clock.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// "Your games:\n    #12  against bob: you move first (White)\n..." and the boards; "" for
// no games.
std::string new_games_text(UnitOfWork& work, std::int64_t user_id, const std::string& userid,
                           const std::vector<GameRecord>& games);

}  // namespace pbem::server
