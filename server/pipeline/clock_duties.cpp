#include "server/pipeline/clock_duties.h"

#include <chrono>
#include <stdexcept>

#include "server/commands/clock_events.h"
#include "server/commands/context.h"
#include "server/pipeline/crash_point.h"
#include "server/pipeline/reply_queue.h"
#include "server/support/clock.h"
#include "server/support/log.h"

namespace pbem::server {

namespace {

// One duty for game `game_id` in its own transaction with its mails. `duty` does its work
// inside `ctx` and returns its log line, or nothing when it turned out not to be due (another
// process was first); then nothing is written. Returns whether it was done.
template <typename Duty>
bool carry_out(Database& db, const Config& config, WriteTurn* turn, std::int64_t game_id, const std::string& name,
               Duty duty) {
  WriteTurn::Scope scope(turn);
  Transaction transaction(db);
  const Request request{};  // no mail asked for it: nothing is "to the sender"
  Outcome outcome;
  CommandContext ctx(db, config, std::nullopt, request, outcome);
  const auto record = ctx.records.find(game_id);
  if (!record || !record->active) return false;
  const std::string now = now_iso8601();
  const auto line = duty(ctx, *record, now);
  if (!line) return false;
  crash_point("clock-before-mail");
  // Message-IDs name the game, the duty and the move it is about, so they are the same
  // however often the duty is tried (and unique in the outbox).
  const GameRecord now_record = *ctx.records.find(game_id);
  queue_replies(db, config, "clock: game " + std::to_string(game_id), CommandThread{}, outcome.replies,
                "pbem-clock-" + std::to_string(game_id) + "-" + name + "-" + std::to_string(now_record.plies) + "-", "",
                std::nullopt);
  crash_point("clock-before-commit");
  transaction.commit();
  crash_point("clock-after-commit");
  log_line("clock: game " + std::to_string(game_id) + ": " + *line + " (" + std::to_string(outcome.replies.size()) +
           " mails queued)");
  return true;
}

// A game that no longer replays (a corrupt record) must not stop the duties of all the
// others: it is logged and skipped. A database error (busy, disk full) is for the caller.
template <typename Duty>
bool carry_out_logged(Database& db, const Config& config, WriteTurn* turn, std::int64_t game_id,
                      const std::string& name, Duty duty) {
  try {
    return carry_out(db, config, turn, game_id, name, duty);
  } catch (const DatabaseError&) {
    throw;
  } catch (const std::exception& e) {
    log_line("clock: game " + std::to_string(game_id) + ": " + name + " not carried out: " + e.what());
    return false;
  }
}

}  // namespace

ClockDutiesDone run_clock_duties(Database& db, const Config& config, WriteTurn* turn,
                                 std::optional<std::chrono::milliseconds> budget) {
  ClockDutiesDone done;
  const auto started = std::chrono::steady_clock::now();
  const auto out_of_time = [&] {
    done.more = budget && std::chrono::steady_clock::now() - started > *budget;
    return done.more;
  };
  const std::string now = now_iso8601();
  // Losses first: a deadline that has passed needs no reminder any more.
  for (std::int64_t id : GameRecords(db).past_deadline(now)) {
    if (out_of_time()) return done;
    if (carry_out_logged(db, config, turn, id, "timeout", lose_on_time)) ++done.timeouts;
  }
  for (std::int64_t id : GameRecords(db).reminder_due(now)) {
    if (out_of_time()) return done;
    if (carry_out_logged(db, config, turn, id, "reminder", remind)) ++done.reminders;
  }
  return done;
}

}  // namespace pbem::server
