// `vacation userid password [days|off]`: the clocks of a user's games stand still for a
// number of days from the yearly allowance (docs/commands.md "The clock").
#include <algorithm>
#include <chrono>

#include "server/handlers/answer.h"
#include "server/replies/vacation_replies.h"
#include "server/context/command_context.h"
#include "server/play/autovacation.h"
#include "server/play/game_clock.h"
#include "server/handlers/handlers.h"
#include "server/storage/vacations.h"
#include "server/support/clock.h"

namespace pbem::server::handlers {

void vacation(CommandContext& ctx, const Command& c) {
  using namespace std::chrono;
  const Account account = ctx.authenticated(c);
  const auto now = floor<seconds>(system_clock::now());
  const std::string now_iso = iso8601(now);
  const std::string year = now_iso.substr(0, 4);  // the calendar year (UTC) the allowance is of
  const int allowance = ctx.config.clock.vacation_days_per_year;
  Vacations vacations(ctx.db);
  const auto current = vacations.current(account.id, now_iso);
  const int left = vacation_days_left(ctx.db, ctx.config.clock, account.id, now);
  const VacationDays facts{account.userid, year, left, allowance};

  if (c.words.empty()) {
    ctx.out.summary = "vacation days left for " + account.userid;
    answer(ctx, vacation_days_reply(facts, current ? current->ends_at : ""));
    return;
  }

  if (c.words.front() == "off") {
    if (!current) throw CommandError(refusal_text(vacation_refusal::NotOnVacation{}, facts));
    const auto started = *parse_iso8601(current->starts_at);
    const auto planned_end = *parse_iso8601(current->ends_at);
    // The day that is under way counts as taken; the whole days not begun come back.
    const int begun = std::min(current->days, static_cast<int>((now - started) / hours(24)) + 1);
    vacations.end_early(current->id, now_iso, begun);
    const int games = restart_clocks_of(ctx.db, account.id, planned_end, now);
    ctx.out.summary = "vacation of " + account.userid + " ended early, " + days_text(current->days - begun) + " back";
    answer(ctx, vacation_ended_reply(facts, current->ends_at, current->days - begun, games));
    return;
  }

  const int days = std::stoi(c.words.front());
  if (current)
    throw CommandError(refusal_text(vacation_refusal::AlreadyOnVacation{current->ends_at}, facts));
  if (days > left) throw CommandError(refusal_text(vacation_refusal::TooLong{days}, facts));
  const auto end = now + hours(24) * days;
  vacations.start(account.id, now_iso, iso8601(end), days);
  const int games = restart_clocks_of(ctx.db, account.id, now, end);
  ctx.out.summary = "vacation of " + account.userid + " for " + days_text(days);
  answer(ctx, vacation_started_reply(facts, readable_utc(end), days, games));
}

void set_autovacation(CommandContext& ctx, const Account& account, const std::string& value) {
  Vacations(ctx.db).set_autovacation(account.id, value == "on");
  ctx.out.summary = "autovacation " + value + " for " + account.userid;
  answer(ctx, autovacation_reply(value, account.userid));
}

}  // namespace pbem::server::handlers
