// `vacation userid password [days|off]`: the clocks of a user's games stand still for a
// number of days from the yearly allowance (docs/commands.md "The clock").
#include <algorithm>
#include <chrono>

#include "engine/text.h"
#include "server/mailing/clock_text.h"
#include "server/handlers/command_context.h"
#include "server/play/autovacation.h"
#include "server/play/game_clock.h"
#include "server/handlers/handlers.h"
#include "server/storage/vacations.h"
#include "server/support/clock.h"

namespace pbem::server::handlers {

namespace {

std::string days_text(int days) { return std::to_string(days) + (days == 1 ? " day" : " days"); }

}  // namespace

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
  const std::string left_text = "You have " + days_text(left) + " of vacation left in " + year + " (of " +
                                days_text(allowance) + " a year).\n";

  if (c.words.empty()) {
    std::string text = left_text;
    if (current)
      text = "You are on vacation until " + deadline_text(current->ends_at) + ": the clocks of your games stand "
             "still until then (`vacation " + account.userid + " <password> off` ends it now).\n" + text;
    ctx.out.summary = "vacation days left for " + account.userid;
    ctx.out.replies.push_back(ctx.to_sender("Vacation", text));
    return;
  }

  if (c.words.front() == "off") {
    if (!current) throw CommandError("you are not on vacation, so there is none to end");
    const auto started = *parse_iso8601(current->starts_at);
    const auto planned_end = *parse_iso8601(current->ends_at);
    // The day that is under way counts as taken; the whole days not begun come back.
    const int begun = std::min(current->days, static_cast<int>((now - started) / hours(24)) + 1);
    vacations.end_early(current->id, now_iso, begun);
    const int games = restart_clocks_of(ctx.db, account.id, planned_end, now);
    ctx.out.summary = "vacation of " + account.userid + " ended early, " + days_text(current->days - begun) + " back";
    ctx.out.replies.push_back(ctx.to_sender(
        "Vacation ended",
        "Your vacation has ended now instead of " + deadline_text(current->ends_at) + "; " +
            days_text(current->days - begun) + " given back. The clocks of your games run again (" +
            counted(static_cast<std::size_t>(games), "game") + " where you are to move got their deadline back).\n" +
            "You have " + days_text(left + current->days - begun) + " of vacation left in " + year + ".\n"));
    return;
  }

  const int days = std::stoi(c.words.front());
  if (current)
    throw CommandError("you are on vacation until " + deadline_text(current->ends_at) + " already; end it with `vacation " +
                       account.userid + " <password> off` before starting another");
  if (days > left)
    throw CommandError("you asked for " + days_text(days) + " of vacation but have only " + days_text(left) +
                       " left in " + year + " (the allowance is " + days_text(allowance) + " a calendar year)");
  const auto end = now + hours(24) * days;
  vacations.start(account.id, now_iso, iso8601(end), days);
  const int games = restart_clocks_of(ctx.db, account.id, now, end);
  ctx.out.summary = "vacation of " + account.userid + " for " + days_text(days);
  ctx.out.replies.push_back(ctx.to_sender(
      "Vacation until " + readable_utc(end),
      "Your vacation runs until " + readable_utc(end) + ". Until then the clocks of your games stand still: " +
          "every deadline of yours moves by " + days_text(days) + " (" +
          counted(static_cast<std::size_t>(games), "game") + " where you are to move now), and your opponents' game mails say you are on vacation.\n" +
          "You have " + days_text(left - days) + " of vacation left in " + year + ". `vacation " + account.userid +
          " <password> off` ends it early and gives back the whole days not yet begun.\n"));
}

void set_autovacation(CommandContext& ctx, const Account& account, const std::string& value) {
  const bool on = value == "on";
  Vacations(ctx.db).set_autovacation(account.id, on);
  ctx.out.summary = "autovacation " + value + " for " + account.userid;
  ctx.out.replies.push_back(ctx.to_sender(
      "Autovacation " + value,
      on ? "When your time in a game runs out and you have vacation days left this year, one of them now starts "
           "instead of the loss on time (at most one a day): the clocks of all your games stand still 24 hours "
           "more, and you get a mail saying so.\n"
         : "When your time in a game runs out you now lose it on time (or, before your first move in it, it is "
           "aborted), even with vacation days left. `set " + account.userid +
               " <password> autovacation on` spends a vacation day instead again.\n"));
}

}  // namespace pbem::server::handlers
