#include "server/pipeline/clock_duties.h"

#include <chrono>
#include <stdexcept>

#include "server/commands/clock_events.h"
#include "server/pipeline/crash_point.h"
#include "server/pipeline/reply_queue.h"
#include "server/support/clock.h"
#include "server/support/log.h"

namespace pbem::server {

namespace {

// In the Message-IDs and the log.
std::string duty_name(ClockDuty duty) { return duty == ClockDuty::LossOnTime ? "timeout" : "reminder"; }

// One duty for game `game_id` in its own transaction with its mails; nothing is written
// when it turned out not to be due. Returns whether it was done.
bool carry_out(Database& db, const Config& config, WriteTurn* turn, std::int64_t game_id, ClockDuty duty) {
  WriteTurn::Scope scope(turn);
  Transaction transaction(db);
  const auto done = carry_out_clock_duty(db, config, game_id, duty, now_iso8601());
  if (!done) return false;
  crash_point("clock-before-mail");
  // Message-IDs name the game, the duty and the move it is about, so they are the same
  // however often the duty is tried (and unique in the outbox).
  const std::string game = std::to_string(game_id);
  queue_replies(db, config, "clock: game " + game, CommandThread{}, done->replies,
                "pbem-clock-" + game + "-" + duty_name(duty) + "-" + std::to_string(done->plies) + "-", "",
                std::nullopt);
  crash_point("clock-before-commit");
  transaction.commit();
  crash_point("clock-after-commit");
  log_line("clock: game " + game + ": " + done->log_line + " (" + std::to_string(done->replies.size()) +
           " mails queued)");
  return true;
}

// A game that no longer replays (a corrupt record) must not stop the duties of all the
// others: it is logged and skipped. A database error (busy, disk full) is for the caller.
bool carry_out_logged(Database& db, const Config& config, WriteTurn* turn, std::int64_t game_id, ClockDuty duty) {
  try {
    return carry_out(db, config, turn, game_id, duty);
  } catch (const DatabaseError&) {
    throw;
  } catch (const std::exception& e) {
    log_line("clock: game " + std::to_string(game_id) + ": " + duty_name(duty) + " not carried out: " + e.what());
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
    if (carry_out_logged(db, config, turn, id, ClockDuty::LossOnTime)) ++done.timeouts;
  }
  for (std::int64_t id : GameRecords(db).reminder_due(now)) {
    if (out_of_time()) return done;
    if (carry_out_logged(db, config, turn, id, ClockDuty::Reminder)) ++done.reminders;
  }
  return done;
}

}  // namespace pbem::server
