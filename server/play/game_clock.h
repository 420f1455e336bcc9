// The correspondence clock (docs/commands.md "The clock"): after every ply the player to
// move has the game's days per move, or their time bank, counted from now or, while they
// are on vacation, from its end. How a clock reads in mail is server/mailing/clock_text.h.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "engine/game.h"
#include "server/play/seats.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/support/config.h"

namespace pbem::server {


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



// The clocks of `user_id`'s running games where they are to move, which were to run from
// `stood_from`, run from `runs_from` instead, each keeping the running time it had left
// then (a vacation starts: from its start to its end; one ends early: from its planned end
// to now). A deadline already past leaves nothing: it becomes `runs_from` (autovacation).
// Returns how many games.
int restart_clocks_of(Database& db, std::int64_t user_id, std::chrono::system_clock::time_point stood_from,
                      std::chrono::system_clock::time_point runs_from);

// The clock of `record`'s running turn with `more` running time to its deadline (`pbem
// clock extend`; a bank may then stand above its limit until the move). Its reminder keeps
// its distance from the deadline; one already sent is due again when that comes after `now`.
TurnClock extended_clock(const ClockConfig& config, const GameRecord& record, std::chrono::seconds more,
                         std::chrono::system_clock::time_point now);

}  // namespace pbem::server
