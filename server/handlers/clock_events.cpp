#include "server/handlers/clock_events.h"

#include "server/handlers/command_context.h"
#include "server/play/end_of_ply.h"
#include "server/play/game_clock.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/reply_format.h"
#include "server/storage/tournaments.h"

namespace pbem::server {

namespace {

// Whether the deadline of `user_id` aborts the game instead of losing it: a player whose
// time runs out before their first ply of the game does not lose it (spec "Nobody loses a
// game they never played"); in a tournament game, where joining was consent, the loss on
// time stands.
bool deadline_aborts(CommandContext& ctx, const GameRecord& record, std::int64_t user_id) {
  return !ctx.records.has_moved(record.id, user_id) && !Tournaments(ctx.db).of_game(record.id);
}

// Each checks that the duty is still due at `now` for `record` (read in this transaction),
// carries it out inside `ctx` with its mails in ctx.out, and returns what it did (the log
// line; the caller adds the mails and plies); nothing when it is not due.
std::optional<ClockDutyDone> lose_on_time(CommandContext& ctx, const GameRecord& record, const std::string& now) {
  if (!record.deadline_at || *record.deadline_at > now) return std::nullopt;
  const auto game = ctx.records.replay(record);
  if (game->over()) return std::nullopt;
  const int loser = game->to_move();
  const std::string late = userids_by_colour(record, *game)[static_cast<std::size_t>(loser)];
  const std::string missed = late + " (" + colour_of(*game, loser) + ") did not move by the deadline, " +
                             deadline_text(*record.deadline_at);
  if (const std::int64_t late_id = user_id_of_colour(record, *game, loser); deadline_aborts(ctx, record, late_id)) {
    const PlyEnd end = store_abort(ctx, record, late_id, AbortCause::NeverMoved);
    game_update(ctx, end.record, *game,
                missed + ", and had not made a move in this game: nobody loses a game they never played." +
                    end.cancelled,
                end.rating_changes);
    return ClockDutyDone{"aborted, " + late + " never moved", {}, 0, true};
  }
  const PlyEnd end = store_loss_on_time(ctx, record, 1 - loser);
  game_update(ctx, end.record, *game, missed + ", and lost on time." + end.cancelled, end.rating_changes);
  return ClockDutyDone{late + " lost on time", {}};
}

std::optional<ClockDutyDone> remind(CommandContext& ctx, const GameRecord& record, const std::string& now) {
  if (!record.remind_at || *record.remind_at > now || !record.deadline_at || *record.deadline_at <= now)
    return std::nullopt;
  const auto game = ctx.records.replay(record);
  if (game->over()) return std::nullopt;
  ctx.records.reminder_sent(record.id);
  const std::string mover = userids_by_colour(record, *game)[static_cast<std::size_t>(game->to_move())];
  const std::int64_t mover_id = user_id_of_colour(record, *game, game->to_move());
  game_update(ctx, record, *game,
              "Reminder: it is your move in " + board_heading(record) + ", and your deadline is " +
                  deadline_text(*record.deadline_at) + ". Without a move by then " +
                  (deadline_aborts(ctx, record, mover_id) ? "the game is aborted: you have not moved in it yet."
                                                          : "you lose on time."),
              {}, game_title(record.type) + " #" + std::to_string(record.id) + ": reminder, " + mover + " to move",
              mover_id);
  return ClockDutyDone{"reminder to " + mover, {}};
}

}  // namespace

std::optional<ClockDutyDone> carry_out_clock_duty(Database& db, const Config& config, std::int64_t game_id,
                                                  ClockDuty duty, const std::string& now) {
  const Request request{};  // no mail asked for it
  Outcome outcome;
  CommandContext ctx(db, config, std::nullopt, request, outcome);
  const auto record = ctx.records.find(game_id);
  if (!record || !record->active) return std::nullopt;
  auto done = duty == ClockDuty::LossOnTime ? lose_on_time(ctx, *record, now) : remind(ctx, *record, now);
  if (!done) return std::nullopt;
  done->replies = std::move(outcome.replies);
  done->plies = record->plies;
  return done;
}

}  // namespace pbem::server
