// The slow consumers of the durable event queue (storage/event_queue.h): each reads the
// events committed after its cursor and deals with each in a write transaction of its own
// that also moves its cursor past it, so that every event reaches every consumer exactly
// once: a crash (even kill -9) mid-way rolls back both, and the next round begins again at
// that event. pbemd delivers with its clock's duties, `pbem tick` on each run
// (clock_duties.h); both share the cursors, and the write lock keeps them one at a time.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/pipeline/write_turn.h"
#include "server/storage/database.h"
#include "server/storage/event_queue.h"
#include "server/support/config.h"

namespace pbem::server {

struct EventConsumer {
  std::string name;  // its cursor's name: never changed once it has run somewhere
  // Deals with one event inside the transaction that moves the cursor past it; what it
  // writes (mail in the outbox, above all) commits with the cursor or not at all. An
  // exception rolls back both and stops this consumer's round; it tries again next round.
  std::function<void(Database& db, const Config& config, const StoredEvent& event)> consume;
};

// The server's consumers, in the order they are served: `reviews auto`'s reviews
// (automatic_reviews.h). A game's record mail is written with the game-over mail itself
// (game_over_record.h). A new consumer registers here.
const std::vector<EventConsumer>& event_consumers();
// Their names (retention keeps every event one of them has not passed).
std::vector<std::string> event_consumer_names(const std::vector<EventConsumer>& consumers);

struct EventsDelivered {
  int events = 0;     // events dealt with, over all consumers
  bool more = false;  // stopped by `out_of_time` or `limit` with events still waiting
};

// Registers each of `consumers` that is new (its cursor after the newest event), then
// delivers to each at most `limit` waiting events, oldest first, asking `out_of_time`
// before each.
EventsDelivered deliver_events(Database& db, const Config& config, const std::vector<EventConsumer>& consumers,
                               WriteTurn* turn, const std::function<bool()>& out_of_time, int limit);

}  // namespace pbem::server
