#include "server/handlers/tick_handlers.h"

#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/play/autovacation.h"
#include "server/play/end_of_ply.h"
#include "server/play/game_clock.h"
#include "server/mailing/catalogue.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/reply_format.h"
#include "server/storage/vacations.h"
#include "server/storage/game_clocks.h"
#include "server/mailing/clock_text.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

// Whether the deadline of `user_id` aborts the game instead of losing it: a player whose
// time runs out before their first ply of the game does not lose it (spec "Nobody loses a
// game they never played"); in a tournament, league or ladder game, where joining was
// consent, the loss on time stands.
bool deadline_aborts(UnitOfWork& work, const GameRecord& record, std::int64_t user_id) {
  if (work.records.has_moved(record.id, user_id)) return false;
  const auto of = work.competitions.of_game(work.db, record.id);
  return !of || of->kind.never_moved_aborts();
}

// Instead of the loss (or abort) at the deadline of `late_id` in `record`: one of their
// vacation days, when autovacation allows one (play/autovacation.h). The one mail, to them
// alone, is the board with the new deadline, so a reply with a move plays it.
std::optional<ClockDutyDone> autovacation_day(UnitOfWork& work, const GameRecord& record, const Game& game,
                                              std::int64_t late_id, const std::string& late, const std::string& now) {
  // `now` is the tick's own timestamp; one no clock can hold (parse_iso8601) gives no day.
  const auto at = parse_iso8601(now);
  const auto day = at ? take_autovacation_day(work.db, work.config.clock, late_id, *at) : std::nullopt;
  if (!day) return std::nullopt;
  const GameRecord moved = *work.records.find(record.id);  // the deadline after the vacation day
  const std::string year = now.substr(0, 4);
  const std::string left = text(day->days_left == 1 ? Msg::OneDay : Msg::SeveralDays, {{"n", day->days_left}});
  game_update(work, moved, game,
              {.headline = text(Msg::AutovacationDayHeadline, {{"heading", board_heading(record)},
                                                               {"deadline", deadline_text(*record.deadline_at)},
                                                               {"until", deadline_text(day->ends_at)},
                                                               {"left", left},
                                                               {"year", year},
                                                               {"userid", late}}),
               .subject = text(Msg::AutovacationDaySubject,
                               {{"title", game_title(record.type)}, {"game", record.id}, {"userid", late}}),
               .only_user = late_id});
  ClockDutyDone done{"a vacation day for " + late + " instead of a loss on time", {}};
  done.autovacation = true;
  done.message_key = "autovacation-" + now.substr(0, 10) + "-";
  done.notice_for = late_id;
  return done;
}

// What the reminder adds while autovacation would still spare the player at the deadline
// (it is on and days are left; whether that day already had one is seen only then).
std::string autovacation_note(UnitOfWork& work, std::int64_t user_id, const std::string& now) {
  const auto at = parse_iso8601(now);
  if (!at || !Vacations(work.db).autovacation(user_id)) return "";
  const int left = vacation_days_left(work.db, work.config.clock, user_id, *at);
  if (left < 1) return "";
  return text(Msg::AutovacationReminderNote,
              {{"left", text(left == 1 ? Msg::OneVacationDay : Msg::SeveralVacationDays, {{"n", left}})}});
}

// Each checks that the duty is still due at `now` for `record` (read in this transaction),
// carries it out inside `work` with its mails in work.out, and returns what it did (the log
// line; the caller adds the mails and plies); nothing when it is not due.
std::optional<ClockDutyDone> lose_on_time(UnitOfWork& work, const GameRecord& record, const std::string& now) {
  if (!record.deadline_at || *record.deadline_at > now) return std::nullopt;
  const auto game = work.records.replay(record);
  if (game->over()) return std::nullopt;
  const int loser = game->to_move();
  const std::string late = userids_by_colour(record, *game)[static_cast<std::size_t>(loser)];
  const std::vector<Arg> missed = {
      {"player", late}, {"colour", colour_of(*game, loser)}, {"deadline", deadline_text(*record.deadline_at)}};
  const std::int64_t late_id = user_id_of_colour(record, *game, loser);
  // No vacation day for a game they never moved in (a game started on a forged From would
  // spend one a day): "nobody loses a game they never played" ends it instead, or, where
  // joining was consent, the loss stands.
  const bool moved = work.records.has_moved(record.id, late_id);
  if (moved)
    if (auto day = autovacation_day(work, record, *game, late_id, late, now)) return day;
  if (deadline_aborts(work, record, late_id)) {
    const PlyEnd end = store_abort(work, record, late_id, AbortCause::NeverMoved);
    game_update(work, end.record, *game,
                {.headline = text(Msg::DeadlineNeverMovedHeadline, missed) + end.cancelled,
                 .rating_changes = end.rating_changes});
    return ClockDutyDone{"aborted, " + late + " never moved", {}, 0, true};
  }
  const PlyEnd end = store_loss_on_time(work, record, 1 - loser);
  game_update(work, end.record, *game,
              {.headline = text(Msg::DeadlineLostOnTimeHeadline, missed) + end.cancelled,
               .rating_changes = end.rating_changes});
  return ClockDutyDone{late + " lost on time", {}};
}

std::optional<ClockDutyDone> remind(UnitOfWork& work, const GameRecord& record, const std::string& now) {
  if (!record.remind_at || *record.remind_at > now || !record.deadline_at || *record.deadline_at <= now)
    return std::nullopt;
  const auto game = work.records.replay(record);
  if (game->over()) return std::nullopt;
  GameClocks(work.db).reminder_sent(record.id);
  const std::string mover = userids_by_colour(record, *game)[static_cast<std::size_t>(game->to_move())];
  const std::int64_t mover_id = user_id_of_colour(record, *game, game->to_move());
  game_update(work, record, *game,
              {.headline = text(deadline_aborts(work, record, mover_id) ? Msg::ReminderAbortsHeadline
                                                                        : Msg::ReminderLosesHeadline,
                                {{"heading", board_heading(record)}, {"deadline", deadline_text(*record.deadline_at)}}) +
                           (work.records.has_moved(record.id, mover_id) ? autovacation_note(work, mover_id, now) : ""),
               .subject = text(Msg::ReminderSubject,
                               {{"title", game_title(record.type)}, {"game", record.id}, {"player", mover}}),
               .only_user = mover_id});
  ClockDutyDone done{"reminder to " + mover, {}};
  done.notice_for = mover_id;
  return done;
}

}  // namespace

std::optional<ClockDutyDone> carry_out_clock_duty(Database& db, const Config& config, std::int64_t game_id,
                                                  ClockDuty duty, const std::string& now) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);  // no mail asked for it
  const auto record = work.records.find(game_id);
  if (!record || !record->active) return std::nullopt;
  auto done = duty == ClockDuty::LossOnTime ? lose_on_time(work, *record, now) : remind(work, *record, now);
  if (!done) return std::nullopt;
  done->replies = std::move(outcome.replies);
  done->plies = record->plies;
  return done;
}

}  // namespace pbem::server
