// Who holds which colour: the seats are the players as the challenge named them
// (GameRecord::players), the colours change hands after a swap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/game.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The user id that holds `colour` in `game` (colours change hands after a swap).
std::int64_t user_id_of_colour(const GameRecord& record, const Game& game, int colour);
// The colour `user_id`, a player of the game, holds.
int colour_of_user(const GameRecord& record, const Game& game, std::int64_t user_id);
// The seat (0 or 1: GameRecord::players) of `user_id`, a player of the game.
std::size_t seat_of(const GameRecord& record, std::int64_t user_id);
// The user id of the winner of a game that ended with one (from the stored winning colour
// and swap: a result stored without the game after it, a loss on time, has no Game).
std::optional<std::int64_t> winner_id(const GameRecord& record);

}  // namespace pbem::server
