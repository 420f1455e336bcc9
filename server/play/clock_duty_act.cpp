#include "server/play/clock_duty_act.h"

#include "server/play/game_clock.h"
#include "server/play/seats.h"
#include "server/storage/game_clocks.h"
#include "server/storage/vacations.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

// Whether the deadline of `user_id` aborts the game instead of losing it: a player whose
// time runs out before their first ply of the game does not lose it; in a tournament,
// league or ladder game, where joining was consent, the loss on time stands.
bool deadline_aborts(UnitOfWork& work, const GameRecord& record, std::int64_t user_id) {
  if (work.records.has_moved(record.id, user_id)) return false;
  const auto of = work.competitions.of_game(work.db, record.id);
  return !of || of->kind.never_moved_aborts();
}

// One of `late_id`'s vacation days instead of the loss (or abort), when autovacation allows
// one (play/autovacation.h).
std::optional<deadline::VacationDay> vacation_day(UnitOfWork& work, const GameRecord& record, std::int64_t late_id,
                                                  const std::string& now) {
  // `now` is the tick's own timestamp; one no clock can hold (parse_iso8601) gives no day.
  const auto at = parse_iso8601(now);
  const auto day = at ? take_autovacation_day(work.db, work.config.clock, late_id, *at) : std::nullopt;
  if (!day) return std::nullopt;
  return deadline::VacationDay{*work.records.find(record.id), *day};  // the deadline after the day
}

// The vacation days autovacation would still spend for `user_id` at a deadline (it is on
// and days are left; whether that day already had one is seen only then).
std::optional<int> vacation_days_ahead(UnitOfWork& work, std::int64_t user_id, const std::string& now) {
  const auto at = parse_iso8601(now);
  if (!at || !Vacations(work.db).autovacation(user_id)) return std::nullopt;
  const int left = vacation_days_left(work.db, work.config.clock, user_id, *at);
  if (left < 1) return std::nullopt;
  return left;
}

}  // namespace

std::optional<DeadlinePassed> pass_deadline(UnitOfWork& work, const GameRecord& record, const std::string& now) {
  if (!record.deadline_at || *record.deadline_at > now) return std::nullopt;
  auto game = work.records.replay(record);
  if (game->over()) return std::nullopt;
  DeadlinePassed passed{.game = nullptr, .late_colour = game->to_move(), .late_id = 0, .late_userid = "",
                        .result = deadline::LostOnTime{}};
  passed.late_id = user_id_of_colour(record, *game, passed.late_colour);
  passed.late_userid = userids_by_colour(record, *game)[static_cast<std::size_t>(passed.late_colour)];
  // No vacation day for a game they never moved in (a game started on a forged From would
  // spend one a day): "nobody loses a game they never played" ends it instead, or, where
  // joining was consent, the loss stands.
  std::optional<deadline::VacationDay> day;
  if (work.records.has_moved(record.id, passed.late_id)) day = vacation_day(work, record, passed.late_id, now);
  if (day)
    passed.result = std::move(*day);
  else if (deadline_aborts(work, record, passed.late_id))
    passed.result = deadline::NeverMoved{store_abort(work, record, passed.late_id, AbortCause::NeverMoved)};
  else
    passed.result = deadline::LostOnTime{store_loss_on_time(work, record, 1 - passed.late_colour)};
  passed.game = std::move(game);
  return passed;
}

std::optional<ReminderDue> remind_of_deadline(UnitOfWork& work, const GameRecord& record, const std::string& now) {
  if (!record.remind_at || *record.remind_at > now || !record.deadline_at || *record.deadline_at <= now)
    return std::nullopt;
  auto game = work.records.replay(record);
  if (game->over()) return std::nullopt;
  GameClocks(work.db).reminder_sent(record.id);
  ReminderDue due{.game = nullptr, .mover_id = user_id_of_colour(record, *game, game->to_move()), .mover = ""};
  due.mover = userids_by_colour(record, *game)[static_cast<std::size_t>(game->to_move())];
  due.deadline_aborts = deadline_aborts(work, record, due.mover_id);
  if (work.records.has_moved(record.id, due.mover_id)) due.vacation_days_left = vacation_days_ahead(work, due.mover_id, now);
  due.game = std::move(game);
  return due;
}

}  // namespace pbem::server
