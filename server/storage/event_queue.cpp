#include "server/storage/event_queue.h"

#include <algorithm>
#include <limits>

#include "server/support/clock.h"

namespace pbem::server {

std::int64_t EventQueue::append(std::string_view kind, std::optional<std::int64_t> game_id, const std::string& data) {
  auto insert = db_.prepare("INSERT INTO game_events (kind, game_id, data, created_at) VALUES (?, ?, ?, ?)");
  insert.bind(1, std::string(kind)).bind(2, game_id).bind(3, data).bind(4, now_iso8601());
  insert.run();
  return db_.last_insert_id();
}

void EventQueue::register_consumer(const std::string& consumer) {
  auto insert = db_.prepare(
      // (max(id) as a subquery reads the last row of the table's B-tree; WHERE true: SQLite
      // reads ON CONFLICT after a bare SELECT as a join's.)
      "INSERT INTO event_consumers (name, last_event_id, updated_at) "
      "SELECT ?, coalesce((SELECT max(id) FROM game_events), 0), ? WHERE true ON CONFLICT (name) DO NOTHING");
  insert.bind(1, consumer).bind(2, now_iso8601());
  insert.run();
}

std::vector<StoredEvent> EventQueue::after_cursor(const std::string& consumer, int limit) const {
  auto query = db_.prepare(
      "SELECT e.id, e.kind, e.game_id, e.data, e.created_at FROM game_events e "
      "JOIN event_consumers c ON c.name = ? WHERE e.id > c.last_event_id ORDER BY e.id LIMIT ?");
  query.bind(1, consumer).bind(2, limit);
  std::vector<StoredEvent> events;
  while (query.step()) {
    StoredEvent event{query.column_int(0), query.column_text(1), std::nullopt, query.column_text(3),
                      query.column_text(4)};
    if (!query.column_is_null(2)) event.game_id = query.column_int(2);
    events.push_back(std::move(event));
  }
  return events;
}

std::int64_t EventQueue::waiting(const std::string& consumer) const {
  auto query = db_.prepare(
      "SELECT count(*) FROM game_events e JOIN event_consumers c ON c.name = ? WHERE e.id > c.last_event_id");
  query.bind(1, consumer);
  query.step();
  return query.column_int(0);
}

void EventQueue::passed(const std::string& consumer, std::int64_t event_id) {
  auto update = db_.prepare("UPDATE event_consumers SET last_event_id = ?, updated_at = ? WHERE name = ?");
  update.bind(1, event_id).bind(2, now_iso8601()).bind(3, consumer);
  update.run();
}

std::optional<std::int64_t> EventQueue::cursor(const std::string& consumer) const {
  auto query = db_.prepare("SELECT last_event_id FROM event_consumers WHERE name = ?");
  query.bind(1, consumer);
  if (!query.step()) return std::nullopt;
  return query.column_int(0);
}

std::int64_t EventQueue::oldest_cursor(const std::vector<std::string>& consumers) const {
  std::optional<std::int64_t> oldest;
  for (const std::string& consumer : consumers) {
    const auto at = cursor(consumer);
    if (!at) return 0;
    oldest = std::min(oldest.value_or(*at), *at);
  }
  // With no consumer at all every event has been dealt with by all of them.
  return oldest.value_or(std::numeric_limits<std::int64_t>::max());
}

bool EventQueue::has_older_than(std::chrono::system_clock::time_point cutoff) const {
  // The first row of the primary key (id > 0 makes the plan a search of it, not a scan).
  auto query = db_.prepare("SELECT created_at FROM game_events WHERE id > 0 ORDER BY id LIMIT 1");
  return query.step() && query.column_text(0) < iso8601(cutoff);
}

int EventQueue::forget_passed(std::chrono::system_clock::time_point cutoff, const std::vector<std::string>& consumers,
                              int limit) {
  if (limit <= 0) return 0;
  // The oldest `limit` events (ids grow with created_at), of them those before the cutoff:
  // a bounded read of the primary key however long the queue.
  auto remove = db_.prepare(
      "DELETE FROM game_events WHERE id IN (SELECT id FROM game_events WHERE id <= ? ORDER BY id LIMIT ?) "
      "AND created_at < ?");
  remove.bind(1, oldest_cursor(consumers)).bind(2, limit).bind(3, iso8601(cutoff));
  remove.run();
  return db_.changes();
}

}  // namespace pbem::server
