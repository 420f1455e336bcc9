// `vacation userid password [days|off]`: the clocks of a user's games stand still for a
// number of days from the yearly allowance (docs/commands.md "The clock").
#include <algorithm>
#include <chrono>

#include "server/catalogue/catalogue.h"
#include "server/mailing/clock_text.h"
#include "server/context/command_context.h"
#include "server/play/autovacation.h"
#include "server/play/game_clock.h"
#include "server/handlers/handlers.h"
#include "server/storage/vacations.h"
#include "server/support/clock.h"

namespace pbem::server::handlers {

namespace {

std::string days_text(int days) { return text(days == 1 ? Msg::OneDay : Msg::SeveralDays, {{"n", days}}); }

std::string games_text(int games) { return text(games == 1 ? Msg::OneGame : Msg::SeveralGames, {{"n", games}}); }

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
  const std::string left_text =
      text(Msg::VacationDaysLeft, {{"left", days_text(left)}, {"year", year}, {"allowance", days_text(allowance)}});

  if (c.words.empty()) {
    std::string said = left_text;
    if (current)
      said = text(Msg::OnVacationUntil, {{"until", deadline_text(current->ends_at)}, {"userid", account.userid}}) +
             said;
    ctx.out.summary = "vacation days left for " + account.userid;
    ctx.out.replies.push_back(ctx.to_sender(text(Msg::VacationSubject), said));
    return;
  }

  if (c.words.front() == "off") {
    if (!current) throw CommandError(text(Msg::NotOnVacationRefusal));
    const auto started = *parse_iso8601(current->starts_at);
    const auto planned_end = *parse_iso8601(current->ends_at);
    // The day that is under way counts as taken; the whole days not begun come back.
    const int begun = std::min(current->days, static_cast<int>((now - started) / hours(24)) + 1);
    vacations.end_early(current->id, now_iso, begun);
    const int games = restart_clocks_of(ctx.db, account.id, planned_end, now);
    ctx.out.summary = "vacation of " + account.userid + " ended early, " + days_text(current->days - begun) + " back";
    ctx.out.replies.push_back(ctx.to_sender(
        text(Msg::VacationEndedSubject),
        text(Msg::VacationEnded, {{"planned", deadline_text(current->ends_at)},
                                  {"back", days_text(current->days - begun)},
                                  {"games", games_text(games)},
                                  {"left", days_text(left + current->days - begun)},
                                  {"year", year}})));
    return;
  }

  const int days = std::stoi(c.words.front());
  if (current)
    throw CommandError(
        text(Msg::AlreadyOnVacationRefusal, {{"until", deadline_text(current->ends_at)}, {"userid", account.userid}}));
  if (days > left)
    throw CommandError(text(Msg::VacationTooLongRefusal, {{"days", days_text(days)},
                                                          {"left", days_text(left)},
                                                          {"year", year},
                                                          {"allowance", days_text(allowance)}}));
  const auto end = now + hours(24) * days;
  vacations.start(account.id, now_iso, iso8601(end), days);
  const int games = restart_clocks_of(ctx.db, account.id, now, end);
  ctx.out.summary = "vacation of " + account.userid + " for " + days_text(days);
  ctx.out.replies.push_back(ctx.to_sender(text(Msg::VacationUntilSubject, {{"until", readable_utc(end)}}),
                                          text(Msg::VacationStarted, {{"until", readable_utc(end)},
                                                                      {"days", days_text(days)},
                                                                      {"games", games_text(games)},
                                                                      {"left", days_text(left - days)},
                                                                      {"year", year},
                                                                      {"userid", account.userid}})));
}

void set_autovacation(CommandContext& ctx, const Account& account, const std::string& value) {
  const bool on = value == "on";
  Vacations(ctx.db).set_autovacation(account.id, on);
  ctx.out.summary = "autovacation " + value + " for " + account.userid;
  ctx.out.replies.push_back(
      ctx.to_sender(text(Msg::AutovacationSubject, {{"value", value}}),
                    on ? text(Msg::AutovacationOn) : text(Msg::AutovacationOff, {{"userid", account.userid}})));
}

}  // namespace pbem::server::handlers
