// Running time: the time a game's clock counts. Every moment counts, except in a game with
// -weekends=off (spec "Time that protects the player"), whose clock does not run from
// Saturday 00:00 to Monday 00:00 UTC. Deadlines and reminders are stored as the real
// moments this arithmetic gives, so the tick compares them with the time as it is; banks
// and the time left are running time. Pure functions: any competition (challenges,
// tournaments, ladders, leagues) reaches them through turn_clock (game_clock.h).
#pragma once

#include <chrono>

namespace pbem::server {

using ClockTime = std::chrono::system_clock::time_point;

// The running time from `from` to `to` (0 when `to` is not after `from`).
std::chrono::seconds running_between(ClockTime from, ClockTime to, bool weekends_off);

// The real moment when `amount` of running time has passed since `from`: `from` itself for
// nothing, the first moment that much has run otherwise (a period that ends with a Friday
// ends at Saturday 00:00, not on Monday).
ClockTime after_running(ClockTime from, std::chrono::seconds amount, bool weekends_off);

// The first moment from which no more than `amount` of running time is left until `to`
// (the moment a reminder `amount` before a deadline is due).
ClockTime before_running(ClockTime to, std::chrono::seconds amount, bool weekends_off);

}  // namespace pbem::server
