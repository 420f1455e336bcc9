// The figures /metrics shows (docs/operating.md "Metrics") as the database holds them
// (schema/025_metrics.sql): counters in `metric_counts`, kept in the transaction that does
// the work (by the schema's triggers for the inbox and the outbox, by add() for the rest),
// and the depth of the queues and the number of games read from indexes. So every process
// on one database (pbem ingest, pbem tick, several pbemd) adds to the same counters, and
// reading them costs the same however long the server has run. Every SQL statement on
// `metric_counts` is here or in those triggers.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/storage/database.h"

namespace pbem::server {

// The counters, by the name `metric_counts.counter` stores, and the labels each may carry:
// fixed sets, never text from a mail (a label per error text would grow without bound).
namespace counter {
// Inbox rows leaving 'received' (the trigger writes the new state).
inline constexpr std::string_view kMessagesProcessed = "messages_processed";
inline constexpr std::string_view kMessageResults[] = {"processed", "failed", "skipped"};
// Delivery attempts by their result (the trigger: sent, retry, failed).
inline constexpr std::string_view kDeliveries = "deliveries";
inline constexpr std::string_view kDeliveryResults[] = {"sent", "retry", "failed"};
// Commands refused, by reason (refusal_label).
inline constexpr std::string_view kCommandsRefused = "commands_refused";
// The clock's duties carried out (clock_duty_label).
inline constexpr std::string_view kClockDuties = "clock_duties";
// The computer's reviews mailed (label "done").
inline constexpr std::string_view kReviews = "reviews";
}  // namespace counter

// Why a command was refused, as commands_refused counts it.
enum class Refusal {
  parse_error,     // not a command the server reads (unknown word, missing argument, ...)
  wrong_password,
  throttled,       // too many wrong passwords for the userid this hour
  limit,           // a configured or fixed limit (limits.*, bot.games_per_user, mail a command may cause)
  internal_error,  // a bug or a corrupt record: the command was dropped with an apology
  other,           // anything else the rules refuse (not your turn, an illegal move, no such game, ...)
};
inline constexpr Refusal kRefusals[] = {Refusal::parse_error, Refusal::wrong_password, Refusal::throttled,
                                        Refusal::limit,       Refusal::internal_error, Refusal::other};
std::string_view refusal_label(Refusal refusal);

// The clock's duties, as clock_duties counts them.
enum class ClockDutyKind {
  reminder,          // the one reminder before a deadline
  loss_on_time,      // a game lost at its deadline
  abort,             // a game aborted at its deadline: the player to move never moved in it
  digest,            // a daily digest
  tournament_start,  // a tournament started (or cancelled) at its -start date
  autovacation,      // a vacation day started at a deadline instead of a loss on time
  invitation_lapse,  // an invitation ended unanswered after invitations.lapse_days
};
inline constexpr ClockDutyKind kClockDutyKinds[] = {ClockDutyKind::reminder, ClockDutyKind::loss_on_time,
                                                    ClockDutyKind::abort, ClockDutyKind::digest,
                                                    ClockDutyKind::tournament_start, ClockDutyKind::autovacation,
                                                    ClockDutyKind::invitation_lapse};
std::string_view clock_duty_label(ClockDutyKind duty);

// Everything /metrics shows, read at one moment.
struct MetricsSnapshot {
  std::int64_t inbox_pending = 0;  // inbox rows still 'received'
  std::int64_t outbox_queued = 0;  // outbox rows still 'queued'
  // When the oldest mail still queued was queued; nothing with the queue empty.
  std::optional<std::chrono::system_clock::time_point> oldest_queued_at;
  std::int64_t games_active = 0;
  std::int64_t games_finished = 0;
  std::int64_t reviews_waiting = 0;  // the computer's reviews asked for and not yet made
  std::map<std::pair<std::string, std::string>, std::int64_t> counts;  // (counter, label) -> value

  // A counter's value, 0 before it was first counted.
  std::int64_t count(std::string_view counter, std::string_view label) const;
};

class MetricCounts {
 public:
  explicit MetricCounts(Database& db) : db_(db) {}

  // Adds one to a counter, in the caller's transaction (the work it counts commits or
  // rolls back with it).
  void add(std::string_view counter, std::string_view label);
  void refused(Refusal refusal) { add(counter::kCommandsRefused, refusal_label(refusal)); }
  void duty_done(ClockDutyKind duty) { add(counter::kClockDuties, clock_duty_label(duty)); }
  void review_done() { add(counter::kReviews, "done"); }

  // Reads every figure; each statement reads an index or a few rows of metric_counts.
  // Call inside a read transaction for one consistent moment.
  MetricsSnapshot read() const;

 private:
  Database& db_;
};

}  // namespace pbem::server
