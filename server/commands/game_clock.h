// The correspondence clock as the commands and the clock duties use it (README "The
// clock"): after every ply the player to move has the game's days per move, counted from
// now or, while they are on vacation, from its end; deadlines read "2027-01-15 12:00 UTC".
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "engine/game.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/support/config.h"

namespace pbem::server {

// The user id that holds `colour` in `game` (colours change hands after a swap).
std::int64_t user_id_of_colour(const GameRecord& record, const Game& game, int colour);
// The colour `user_id`, a player of the game, holds.
int colour_of_user(const GameRecord& record, const Game& game, std::int64_t user_id);

// The clock of the move now due for `user_to_move` in a game of `days_per_move` days.
TurnClock turn_clock(Database& db, const ClockConfig& config, int days_per_move, std::int64_t user_to_move,
                     std::chrono::system_clock::time_point now);

// "2027-01-15 12:00 UTC" for a stored timestamp.
std::string deadline_text(const std::string& iso);

// What a game mail or `show` says about the clock, for `reader` (a userid, or "" for anyone):
// the deadline of the player to move, and which other player is on vacation until when.
// Empty for a game that is over.
std::string clock_lines(Database& db, const GameRecord& record, const Game& game, const std::string& reader);

// Moves every deadline of `user_id`'s running games by `seconds` where they are to move
// (a vacation starts: +, one ends early: -). Returns how many games.
int shift_deadlines_of(Database& db, std::int64_t user_id, std::int64_t seconds);

}  // namespace pbem::server
