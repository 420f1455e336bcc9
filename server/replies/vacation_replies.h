// The words of `vacation` and `set ... autovacation` (handlers/clock_commands.cpp): the days
// left of the year's allowance, a vacation started or ended early, their refusals.
#pragma once

#include <string>
#include <variant>

#include "server/mailing/reply_format.h"

namespace pbem::server {

// "1 day", "3 days" (also in the inbox log).
std::string days_text(int days);

// Where a user's allowance stands: `left` of `allowance` days in `year`.
struct VacationDays {
  std::string userid, year;
  int left = 0, allowance = 0;
};

namespace vacation_refusal {
struct NotOnVacation {};
struct AlreadyOnVacation { std::string ends_at; };  // a stored timestamp
struct TooLong { int days; };
}  // namespace vacation_refusal
using VacationRefusal =
    std::variant<vacation_refusal::NotOnVacation, vacation_refusal::AlreadyOnVacation, vacation_refusal::TooLong>;
// Why `vacation` was refused to the user of `days`.
std::string refusal_text(const VacationRefusal& why, const VacationDays& days);

// `vacation` alone: the days left, and the vacation under way until `ends_at` ("": none).
ReplyWords vacation_days_reply(const VacationDays& days, const std::string& ends_at);
// `vacation off`: the vacation planned until `planned` ended, `back` days back, `games` clocks
// restarted (`days.left` before the days came back).
ReplyWords vacation_ended_reply(const VacationDays& days, const std::string& planned, int back, int games);
// `vacation N`: `taken` days until `until` (readable), stopping `games` clocks.
ReplyWords vacation_started_reply(const VacationDays& days, const std::string& until, int taken, int games);
// `set ... autovacation on|off`.
ReplyWords autovacation_reply(const std::string& value, const std::string& userid);

}  // namespace pbem::server
