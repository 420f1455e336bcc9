#include "server/commands/clock_events.h"

#include "server/commands/context.h"
#include "server/commands/end_of_ply.h"
#include "server/commands/game_clock.h"
#include "server/commands/game_mail.h"
#include "server/commands/reply_format.h"

namespace pbem::server {

namespace {

// Each checks that the duty is still due at `now` for `record` (read in this transaction),
// carries it out inside `ctx` with its mails in ctx.out, and returns the log line; nothing
// when it is not due.
std::optional<std::string> lose_on_time(CommandContext& ctx, const GameRecord& record, const std::string& now) {
  if (!record.deadline_at || *record.deadline_at > now) return std::nullopt;
  const auto game = ctx.records.replay(record);
  if (game->over()) return std::nullopt;
  const int loser = game->to_move();
  const std::string late = userids_by_colour(record, *game)[static_cast<std::size_t>(loser)];
  const PlyEnd end = store_loss_on_time(ctx, record, 1 - loser);
  game_update(ctx, end.record, *game,
              late + " (" + colour_of(*game, loser) + ") did not move by the deadline, " +
                  deadline_text(*record.deadline_at) + ", and lost on time." + end.cancelled,
              end.rating_changes);
  return late + " lost on time";
}

std::optional<std::string> remind(CommandContext& ctx, const GameRecord& record, const std::string& now) {
  if (!record.remind_at || *record.remind_at > now || !record.deadline_at || *record.deadline_at <= now)
    return std::nullopt;
  const auto game = ctx.records.replay(record);
  if (game->over()) return std::nullopt;
  ctx.records.reminder_sent(record.id);
  const std::string mover = userids_by_colour(record, *game)[static_cast<std::size_t>(game->to_move())];
  game_update(ctx, record, *game,
              "Reminder: it is your move in " + board_heading(record) + ", and your deadline is " +
                  deadline_text(*record.deadline_at) + ". Without a move by then you lose on time.",
              {}, game_title(record.type) + " #" + std::to_string(record.id) + ": reminder, " + mover + " to move",
              user_id_of_colour(record, *game, game->to_move()));
  return "reminder to " + mover;
}

}  // namespace

std::optional<ClockDutyDone> carry_out_clock_duty(Database& db, const Config& config, std::int64_t game_id,
                                                  ClockDuty duty, const std::string& now) {
  const Request request{};  // no mail asked for it
  Outcome outcome;
  CommandContext ctx(db, config, std::nullopt, request, outcome);
  const auto record = ctx.records.find(game_id);
  if (!record || !record->active) return std::nullopt;
  const auto line = duty == ClockDuty::LossOnTime ? lose_on_time(ctx, *record, now) : remind(ctx, *record, now);
  if (!line) return std::nullopt;
  return ClockDutyDone{*line, std::move(outcome.replies), record->plies};
}

}  // namespace pbem::server
