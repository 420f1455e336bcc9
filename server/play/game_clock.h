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

// The clock of the turn of `user_to_move` that starts at `now` in the game `record`: the
// game's days per move, or that player's bank (spec "Time bank"; the banks as they stand in
// `record`, which the result carries).
TurnClock turn_clock(Database& db, const ClockConfig& config, const GameRecord& record, std::int64_t user_to_move,
                     std::chrono::system_clock::time_point now);

// The clock once the player to move, `mover`, ends their turn at `now` and `next` is to
// move: in a game on a time bank `mover` keeps what their deadline leaves them, plus the
// increment if they moved (never above the bank's limit), and `next`'s bank starts to run.
// An undo ends a turn without a move (`moved` false).
TurnClock clock_after_turn(Database& db, const ClockConfig& config, const GameRecord& record, std::int64_t mover,
                           bool moved, std::int64_t next, std::chrono::system_clock::time_point now);

// What the running turn of `user_to_move` leaves them in seconds at `now`: the time to
// their deadline, not counting the rest of a vacation they are on (their clock stands
// still until it ends). 0 when none is left or the game has no deadline.
std::int64_t seconds_left(Database& db, const GameRecord& record, std::int64_t user_to_move,
                          std::chrono::system_clock::time_point now);

// "2027-01-15 12:00 UTC" for a stored timestamp.
std::string deadline_text(const std::string& iso);

// What a game mail or `show` says about the clock, for `reader` (a userid, or "" for anyone):
// the deadline of the player to move (and in a game on a time bank both banks: "Time left:
// alice 9 d 4 h, bob 10 d 0 h (10+1)"), and which other player is on vacation until when.
// Empty for a game that is over.
// Not for the web window, which shows no deadline at all (a deadline moves with a vacation).
std::string clock_lines(Database& db, const GameRecord& record, const Game& game, const std::string& reader);

// Moves every deadline of `user_id`'s running games by `seconds` where they are to move
// (a vacation starts: +, one ends early: -). Returns how many games.
int shift_deadlines_of(Database& db, std::int64_t user_id, std::int64_t seconds);

}  // namespace pbem::server
