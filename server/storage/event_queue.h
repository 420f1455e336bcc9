// The durable event queue (schema/033_game_events.sql): the events of every committed
// unit of work, in commit order, and each consumer's cursor. Written by
// UnitOfWork::record inside the act's transaction; read after the commit by the
// consumers (pipeline/event_delivery.h), each of which moves its cursor in the
// transaction that does its work on the event, so that each event reaches it once.
// Events carry no wording and no address (server/play/events.h); this file holds the SQL.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

struct StoredEvent {
  std::int64_t id = 0;
  std::string kind;
  std::optional<std::int64_t> game_id;
  std::string data;  // the event's fields as JSON (play/events.h reads them back)
  std::string created_at;
};

class EventQueue {
 public:
  explicit EventQueue(Database& db) : db_(db) {}

  // Appends an event in the caller's transaction; returns its id.
  std::int64_t append(std::string_view kind, std::optional<std::int64_t> game_id, const std::string& data);

  // Makes `consumer` known, its cursor after the newest event: a consumer new to a server
  // deals with what happens from now on, not with a history it was not there for. Once
  // known, nothing here moves it back.
  void register_consumer(const std::string& consumer);
  // At most `limit` events after `consumer`'s cursor, oldest first (none for a consumer
  // never registered).
  std::vector<StoredEvent> after_cursor(const std::string& consumer, int limit) const;
  // How many events wait for `consumer` (for /metrics).
  std::int64_t waiting(const std::string& consumer) const;
  // Moves `consumer`'s cursor to `event_id`, in the transaction of its work on that event.
  void passed(const std::string& consumer, std::int64_t event_id);
  std::optional<std::int64_t> cursor(const std::string& consumer) const;

  // Retention: deletes at most `limit` events created before `cutoff` that every consumer
  // in `consumers` has passed (a consumer not yet registered has passed none); returns how
  // many went.
  bool has_older_than(std::chrono::system_clock::time_point cutoff) const;
  int forget_passed(std::chrono::system_clock::time_point cutoff, const std::vector<std::string>& consumers,
                    int limit);

 private:
  // The oldest cursor of `consumers`, 0 if any of them is not registered.
  std::int64_t oldest_cursor(const std::vector<std::string>& consumers) const;

  Database& db_;
};

}  // namespace pbem::server
