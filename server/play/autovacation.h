// Autovacation (spec "Time that protects the player"; docs/commands.md "The clock"): when
// a player's time in a game runs out, one of their vacation days starts instead of the loss
// on time, as `vacation userid password 1` would. The clock duty (play/clock_duty_act.cpp)
// asks here first, in the transaction that would otherwise end the game.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// Vacation days `user_id` has left in the calendar year (UTC) of `now`.
int vacation_days_left(Database& db, const ClockConfig& config, std::int64_t user_id,
                       std::chrono::system_clock::time_point now);

struct AutovacationDay {
  std::string ends_at;  // ISO 8601: every clock of theirs runs again then
  int days_left = 0;    // in the year it started, after this one
};

// The vacation day that starts at `now` instead of `user_id`'s loss on time: when they left
// autovacation on, are not on vacation already, had no automatic vacation start on this
// UTC day (at most one a day) and have a day left this year. Every clock where they are to
// move then runs from its end, the one that ran out with nothing left. Nothing otherwise:
// the loss on time (or the abort) stands.
std::optional<AutovacationDay> take_autovacation_day(Database& db, const ClockConfig& config, std::int64_t user_id,
                                                     std::chrono::system_clock::time_point now);

}  // namespace pbem::server
