#include "server/pipeline/clock_duties.h"

#include <chrono>
#include <stdexcept>

#include "server/handlers/clock_extension.h"
#include "server/handlers/tick_handlers.h"
#include "server/handlers/digest.h"
#include "server/competition/tournament_play.h"
#include "server/storage/digests.h"
#include "server/storage/metric_counts.h"
#include "server/storage/tournaments.h"
#include "server/pipeline/crash_point.h"
#include "server/pipeline/reply_queue.h"
#include "server/pipeline/retention.h"
#include "server/support/clock.h"
#include "server/support/sha256.h"
#include "server/support/log.h"

namespace pbem::server {

namespace {

// In the Message-IDs and the log.
std::string duty_name(ClockDuty duty) { return duty == ClockDuty::LossOnTime ? "timeout" : "reminder"; }

// One duty in its own transaction with its mails; nothing is written when it turned out
// not to be due. `what` names it in the log ("game 12", "tournament T#3"); `duty` does it
// inside the transaction; `message_ids` names it and the state it acts on (the game's move),
// so its Message-IDs are the same however often it is tried, and unique in the outbox.
// `counted_as` names what was done for /metrics, counted in the same transaction.
// Returns what was done, nothing when it was not.
template <typename Duty, typename CountedAs>
std::optional<ClockDutyDone> carry_out(Database& db, const Config& config, WriteTurn* turn, const std::string& what, Duty duty,
               const std::string& message_ids, CountedAs counted_as) {
  WriteTurn::Scope scope(turn);
  Transaction transaction(db);
  std::optional<ClockDutyDone> done = duty();
  if (!done) return std::nullopt;
  MetricCounts(db).duty_done(counted_as(*done));
  crash_point("clock-before-mail");
  queue_replies(db, config, "clock: " + what, CommandThread{}, done->replies,
                message_ids + done->message_key + std::to_string(done->plies) + "-", "", std::nullopt);
  crash_point("clock-before-commit");
  transaction.commit();
  crash_point("clock-after-commit");
  log_line("clock: " + what + ": " + done->log_line + " (" + std::to_string(done->replies.size()) +
           " mails queued)");
  return done;
}

// A game that no longer replays (a corrupt record) must not stop the duties of all the
// others: it is logged and skipped. A database error (busy, disk full) is for the caller.
template <typename Duty, typename CountedAs>
std::optional<ClockDutyDone> carry_out_logged(Database& db, const Config& config, WriteTurn* turn, const std::string& what,
                      const std::string& name, Duty duty, const std::string& message_ids, CountedAs counted_as) {
  try {
    return carry_out(db, config, turn, what, duty, message_ids, counted_as);
  } catch (const DatabaseError&) {
    throw;
  } catch (const std::exception& e) {
    log_line("clock: " + what + ": " + name + " not carried out: " + e.what());
    return std::nullopt;
  }
}

std::optional<ClockDutyDone> carry_out_game_duty(Database& db, const Config& config, WriteTurn* turn,
                                                 std::int64_t game_id, ClockDuty duty) {
  const std::string game = std::to_string(game_id);
  return carry_out_logged(
      db, config, turn, "game " + game, duty_name(duty),
      [&] { return carry_out_clock_duty(db, config, game_id, duty, now_iso8601()); },
      "pbem-clock-" + game + "-" + duty_name(duty) + "-", [duty](const ClockDutyDone& done) {
        if (duty == ClockDuty::Reminder) return ClockDutyKind::reminder;
        if (done.autovacation) return ClockDutyKind::autovacation;
        return done.never_moved ? ClockDutyKind::abort : ClockDutyKind::loss_on_time;
      });
}

}  // namespace

int extend_clocks_now(Database& db, const Config& config, int hours, std::optional<std::int64_t> game_id) {
  Transaction transaction(db);
  const ClockExtension done = extend_clocks(db, config, hours, game_id, std::chrono::system_clock::now());
  const std::string what = game_id ? "game " + std::to_string(*game_id) : "every game";
  queue_replies(db, config, "clock extend: " + what, CommandThread{}, done.replies, "pbem-clock-extend-",
                sha256_hex(done.new_deadlines).substr(0, 12), std::nullopt);
  transaction.commit();
  log_line("clock extend: " + std::to_string(hours) + " hours more in " + std::to_string(done.games) + " game(s) (" +
           what + "), " + std::to_string(done.replies.size()) + " mails queued");
  return done.games;
}

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
    if (const auto ended = carry_out_game_duty(db, config, turn, id, ClockDuty::LossOnTime))
      ++(ended->autovacation ? done.autovacations : ended->never_moved ? done.never_moved : done.timeouts);
  }
  for (std::int64_t id : GameRecords(db).reminder_due(now)) {
    if (out_of_time()) return done;
    if (carry_out_game_duty(db, config, turn, id, ClockDuty::Reminder)) ++done.reminders;
  }
  // Invitations unanswered for invitations.lapse_days: ended once, the challenger told.
  for (std::int64_t id : GameRecords(db).invitations_to_lapse(now)) {
    if (out_of_time()) return done;
    const std::string game = std::to_string(id);
    if (carry_out_logged(
            db, config, turn, "game " + game, "lapse", [&] { return lapse_invitation(db, config, id, now_iso8601()); },
            "pbem-invitation-" + game + "-lapse-", [](const ClockDutyDone&) { return ClockDutyKind::invitation_lapse; }))
      ++done.invitations;
  }
  // Daily digests whose hour has come: one a user and day.
  for (std::int64_t id : Digests(db).due(now)) {
    if (out_of_time()) return done;
    const std::string user = std::to_string(id);
    const auto due = Digests(db).next_at(id).value_or("");
    if (carry_out_logged(
            db, config, turn, "user " + user, "digest", [&] { return send_digest(db, config, id, now_iso8601()); },
            "pbem-digest-" + user + "-" + due.substr(0, 10) + "-",
            [](const ClockDutyDone&) { return ClockDutyKind::digest; }))
      ++done.digests;
  }
  // Tournaments whose -start date has come: started, or cancelled with too few players.
  for (std::int64_t id : Tournaments(db).due_to_start(now)) {
    if (out_of_time()) return done;
    const std::string number = std::to_string(id);
    if (carry_out_logged(
            db, config, turn, "tournament T#" + number, "start",
            [&] { return tournament_start_duty(db, config, id, now_iso8601()); },
            "pbem-tournament-" + number + "-start-",
            [](const ClockDutyDone&) { return ClockDutyKind::tournament_start; }))
      ++done.tournaments;
  }
  // Retention last: what is past its window, in batches, each asking for time again.
  const RetentionDone retention = run_retention(db, config, turn, out_of_time);
  done.deleted = retention.rows();
  done.pages_freed = retention.pages;
  return done;
}

}  // namespace pbem::server
