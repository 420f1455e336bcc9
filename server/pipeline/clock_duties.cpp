#include "server/pipeline/clock_duties.h"

#include <chrono>
#include <map>
#include <utility>
#include <vector>
#include <stdexcept>

#include "engine/text.h"
#include "server/handlers/clock_extension.h"
#include "server/handlers/tick_handlers.h"
#include "server/handlers/digest.h"
#include "server/mailing/clock_notices.h"
#include "server/addresses/mail_addresses.h"
#include "server/storage/accounts.h"
#include "server/competition/tournament_play.h"
#include "server/storage/digests.h"
#include "server/storage/metric_counts.h"
#include "server/storage/tournaments.h"
#include "server/storage/game_invitations.h"
#include "server/storage/game_clocks.h"
#include "server/pipeline/crash_point.h"
#include "server/pipeline/reply_queue.h"
#include "server/pipeline/event_delivery.h"
#include "server/pipeline/retention.h"
#include "server/support/clock.h"
#include "server/support/sha256.h"
#include "server/support/log.h"

namespace pbem::server {

namespace {

// Events one round delivers to each consumer at most: the rest wait for the next round.
constexpr int kEventsPerRound = 100;

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

// The notices a tick's duties send (ClockDutyDone::notice_for), kept until the duties are
// done and then queued as one mail per user and address: a user with one notice gets it as
// it was (its game's Reply-To, its own Message-ID), one with more gets them gathered.
class TickNotices {
 public:
  void add(const ClockDutyDone& done, const std::string& message_ids) {
    for (const Reply& reply : done.replies) {
      Pending& pending = by_address_[{*done.notice_for, reply.to}];
      pending.replies.push_back(reply);
      pending.keys.push_back(message_ids);
    }
  }
  // Queues them all in the caller's transaction; returns how many mails.
  int queue(Database& db, const Config& config) {
    int mails = 0;
    for (auto& [to, pending] : by_address_) {
      if (pending.replies.size() == 1) {
        mails += queue_replies(db, config, "clock: notice", CommandThread{}, pending.replies, pending.keys.front(), "",
                               std::nullopt);
        continue;
      }
      // The gathered mail's Message-ID names the notices it holds: the same however often
      // the tick is tried, and never one of a single notice's.
      std::string names;
      for (const std::string& key : pending.keys) names += key + "\n";
      const auto account = Accounts(db).find_by_id(to.first);
      const std::string reply_to = account ? digest_address(db, config, *account) : "";
      mails += queue_replies(db, config, "clock: notices", CommandThread{},
                             {gathered_notices(pending.replies, reply_to)},
                             "pbem-clock-notices-" + sha256_hex(names).substr(0, 16) + "-", "", std::nullopt);
    }
    by_address_.clear();
    return mails;
  }

 private:
  struct Pending {
    std::vector<Reply> replies;
    std::vector<std::string> keys;  // each one's Message-ID prefix
  };
  std::map<std::pair<std::int64_t, std::string>, Pending> by_address_;
};

// One duty of the tick's notices, in a savepoint of the tick's one transaction: its notices
// wait in `notices`, its other mail (the end of a game) is queued at once. A duty that
// throws (a corrupt record) is undone alone and logged; a database error is the caller's.
template <typename Duty, typename CountedAs>
std::optional<ClockDutyDone> carry_out_with_notices(Database& db, const Config& config, const std::string& what,
                                                    const std::string& name, Duty duty, const std::string& message_ids,
                                                    CountedAs counted_as, TickNotices& notices,
                                                    std::vector<std::string>& log_lines) {
  Savepoint savepoint(db, "duty");
  try {
    std::optional<ClockDutyDone> done = duty();
    if (!done) {
      savepoint.release();
      return std::nullopt;
    }
    MetricCounts(db).duty_done(counted_as(*done));
    crash_point("clock-before-mail");
    const std::string ids = message_ids + done->message_key + std::to_string(done->plies) + "-";
    if (done->notice_for) notices.add(*done, ids);
    else queue_replies(db, config, "clock: " + what, CommandThread{}, done->replies, ids, "", std::nullopt);
    savepoint.release();
    log_lines.push_back("clock: " + what + ": " + done->log_line + " (" + std::to_string(done->replies.size()) +
                        (done->notice_for ? " notices)" : " mails queued)"));
    return done;
  } catch (const DatabaseError&) {
    throw;
  } catch (const std::exception& e) {
    savepoint.roll_back();
    log_lines.push_back("clock: " + what + ": " + name + " not carried out: " + e.what());
    return std::nullopt;
  }
}

ClockDutyKind game_duty_kind(ClockDuty duty, const ClockDutyDone& done) {
  if (duty == ClockDuty::Reminder) return ClockDutyKind::reminder;
  if (done.autovacation) return ClockDutyKind::autovacation;
  return done.never_moved ? ClockDutyKind::abort : ClockDutyKind::loss_on_time;
}

// The duties that may send a player notices (deadlines, reminders, lapsed invitations), in
// one transaction so that each player's notices go as one mail; `out_of_time` stops
// beginning new ones, and what is left waits for the next tick.
template <typename OutOfTime>
void carry_out_game_duties(Database& db, const Config& config, WriteTurn* turn, ClockDutiesDone& done,
                           OutOfTime out_of_time) {
  std::vector<std::string> log_lines;
  TickNotices notices;
  WriteTurn::Scope scope(turn);
  Transaction transaction(db);
  const std::string now = now_iso8601();
  const auto game_duty = [&](std::int64_t id, ClockDuty duty) {
    const std::string game = std::to_string(id);
    return carry_out_with_notices(
        db, config, "game " + game, duty_name(duty),
        [&] { return carry_out_clock_duty(db, config, id, duty, now_iso8601()); },
        "pbem-clock-" + game + "-" + duty_name(duty) + "-",
        [duty](const ClockDutyDone& d) { return game_duty_kind(duty, d); }, notices, log_lines);
  };
  // Losses first: a deadline that has passed needs no reminder any more.
  bool stopped = false;
  for (std::int64_t id : GameClocks(db).past_deadline(now)) {
    if ((stopped = out_of_time())) break;
    if (const auto ended = game_duty(id, ClockDuty::LossOnTime))
      ++(ended->autovacation ? done.autovacations : ended->never_moved ? done.never_moved : done.timeouts);
  }
  for (std::int64_t id : stopped ? std::vector<std::int64_t>{} : GameClocks(db).reminder_due(now)) {
    if ((stopped = out_of_time())) break;
    if (game_duty(id, ClockDuty::Reminder)) ++done.reminders;
  }
  // Invitations unanswered for invitations.lapse_days: ended once, the challenger told.
  for (std::int64_t id : stopped ? std::vector<std::int64_t>{} : GameInvitations(db).invitations_to_lapse(now)) {
    if (out_of_time()) break;
    const std::string game = std::to_string(id);
    if (carry_out_with_notices(
            db, config, "game " + game, "lapse", [&] { return lapse_invitation(db, config, id, now_iso8601()); },
            "pbem-invitation-" + game + "-lapse-", [](const ClockDutyDone&) { return ClockDutyKind::invitation_lapse; },
            notices, log_lines))
      ++done.invitations;
  }
  const int mails = notices.queue(db, config);
  crash_point("clock-before-commit");
  transaction.commit();
  crash_point("clock-after-commit");
  for (const std::string& line : log_lines) log_line(line);
  if (mails > 0) log_line("clock: " + std::to_string(mails) + " notice mail(s) queued");
}

}  // namespace

int extend_clocks_now(Database& db, const Config& config, int hours, std::optional<std::int64_t> game_id) {
  Transaction transaction(db);
  const ClockExtension done = extend_clocks(db, config, hours, game_id, std::chrono::system_clock::now());
  const std::string what = game_id ? "game " + std::to_string(*game_id) : "every game";
  queue_replies(db, config, "clock extend: " + what, CommandThread{}, done.replies, "pbem-clock-extend-",
                sha256_hex(done.new_deadlines).substr(0, 12), std::nullopt);
  transaction.commit();
  log_line("clock extend: " + std::to_string(hours) + " hours more in " + counted(static_cast<std::size_t>(done.games), "game") + " (" +
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
  carry_out_game_duties(db, config, turn, done, out_of_time);
  if (done.more) return done;
  const std::string now = now_iso8601();
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
  // The event queue's slow consumers, after every duty above has committed its events.
  const EventsDelivered delivered =
      deliver_events(db, config, event_consumers(), turn, out_of_time, kEventsPerRound);
  done.events = delivered.events;
  if (delivered.more) {
    done.more = true;
    return done;
  }
  // Retention last: what is past its window, in batches, each asking for time again.
  const RetentionDone retention = run_retention(db, config, turn, out_of_time);
  done.deleted = retention.rows();
  done.pages_freed = retention.pages;
  return done;
}

}  // namespace pbem::server
