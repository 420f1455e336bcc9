#include "server/storage/metric_counts.h"

#include "server/support/clock.h"

namespace pbem::server {

std::string_view refusal_label(Refusal refusal) {
  switch (refusal) {
    case Refusal::parse_error: return "parse_error";
    case Refusal::wrong_password: return "wrong_password";
    case Refusal::throttled: return "throttled";
    case Refusal::limit: return "limit";
    case Refusal::internal_error: return "internal_error";
    case Refusal::other: return "other";
  }
  return "other";
}

std::string_view clock_duty_label(ClockDutyKind duty) {
  switch (duty) {
    case ClockDutyKind::reminder: return "reminder";
    case ClockDutyKind::loss_on_time: return "loss_on_time";
    case ClockDutyKind::abort: return "abort";
    case ClockDutyKind::digest: return "digest";
    case ClockDutyKind::tournament_start: return "tournament_start";
    case ClockDutyKind::autovacation: return "autovacation";
    case ClockDutyKind::invitation_lapse: return "invitation_lapse";
  }
  return "reminder";
}

std::int64_t MetricsSnapshot::count(std::string_view counter, std::string_view label) const {
  const auto found = counts.find({std::string(counter), std::string(label)});
  return found == counts.end() ? 0 : found->second;
}

void MetricCounts::add(std::string_view counter, std::string_view label) {
  // The same upsert as the schema's triggers, so either may write a counter's first row.
  db_.prepare(
         "INSERT INTO metric_counts (counter, label, value) VALUES (?, ?, 1) "
         "ON CONFLICT (counter, label) DO UPDATE SET value = metric_counts.value + 1")
      .bind_all(counter, label)
      .run();
}

namespace {

std::int64_t single_number(Database& db, const char* sql) {
  auto query = db.prepare(sql);
  return query.step() && !query.column_is_null(0) ? query.column_int(0) : 0;
}

}  // namespace

MetricsSnapshot MetricCounts::read() const {
  MetricsSnapshot snapshot;
  // Each reads the entries of an index for the rows it counts (inbox_pending, outbox_due,
  // games_in_progress): as many as the queues and the games in progress, never the history.
  snapshot.inbox_pending = single_number(db_, "SELECT count(*) FROM inbox WHERE state = 'received'");
  snapshot.outbox_queued = single_number(db_, "SELECT count(*) FROM outbox WHERE state = 'queued'");
  snapshot.games_active = single_number(db_, "SELECT count(*) FROM games WHERE status = 'active'");
  // Every game that ends takes the next end_order (schema 005's trigger, from 1, never
  // undone): the last one is how many have ended, read from the end of games_by_end_order.
  snapshot.games_finished = single_number(db_, "SELECT max(end_order) FROM games WHERE end_order IS NOT NULL");
  // The entries of reviews_waiting (schema 039) for the reviews not yet made.
  snapshot.reviews_waiting = single_number(db_, "SELECT count(*) FROM reviews WHERE done_at IS NULL");
  // One entry of outbox_queued_since (schema 025).
  auto oldest = db_.prepare("SELECT min(created_at) FROM outbox WHERE state = 'queued'");
  if (oldest.step())
    if (const auto created = oldest.column_optional_text(0)) snapshot.oldest_queued_at = parse_iso8601(*created);
  // By counter, each a search of the primary key.
  auto counts = db_.prepare("SELECT label, value FROM metric_counts WHERE counter = ?");
  for (const std::string_view name :
       {counter::kMessagesProcessed, counter::kDeliveries, counter::kCommandsRefused, counter::kClockDuties,
        counter::kReviews}) {
    counts.bind(1, name);
    while (counts.step()) snapshot.counts[{std::string(name), counts.column_text(0)}] = counts.column_int(1);
  }
  return snapshot;
}

}  // namespace pbem::server
