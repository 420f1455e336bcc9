#include "server/pipeline/event_delivery.h"

#include "server/pipeline/automatic_reviews.h"

#include <exception>

#include "server/support/log.h"

namespace pbem::server {

const std::vector<EventConsumer>& event_consumers() {
  static const std::vector<EventConsumer> consumers = {{"automatic_reviews", queue_automatic_reviews}};
  return consumers;
}

std::vector<std::string> event_consumer_names(const std::vector<EventConsumer>& consumers) {
  std::vector<std::string> names;
  for (const EventConsumer& consumer : consumers) names.push_back(consumer.name);
  return names;
}

namespace {

// One event to one consumer: its work and its cursor in one transaction. False when the
// consumer failed (logged; its cursor stays before the event).
bool deliver_one(Database& db, const Config& config, const EventConsumer& consumer, WriteTurn* turn) {
  WriteTurn::Scope scope(turn);
  Transaction transaction(db);
  EventQueue queue(db);
  // Read inside the write transaction: a second process delivering meanwhile has moved the
  // cursor, and this one reads past its work instead of doing it again.
  const auto waiting = queue.after_cursor(consumer.name, 1);
  if (waiting.empty()) return false;
  const StoredEvent& event = waiting.front();
  try {
    consumer.consume(db, config, event);
  } catch (const std::exception& error) {
    log_line("events: " + consumer.name + " failed on event " + std::to_string(event.id) + " (" + event.kind +
             "): " + error.what() + "; tried again later");
    return false;
  }
  queue.passed(consumer.name, event.id);
  transaction.commit();
  return true;
}

}  // namespace

EventsDelivered deliver_events(Database& db, const Config& config, const std::vector<EventConsumer>& consumers,
                               WriteTurn* turn, const std::function<bool()>& out_of_time, int limit) {
  EventsDelivered done;
  if (consumers.empty()) return done;
  {
    WriteTurn::Scope scope(turn);
    Transaction transaction(db);
    for (const EventConsumer& consumer : consumers) EventQueue(db).register_consumer(consumer.name);
    transaction.commit();
  }
  for (const EventConsumer& consumer : consumers) {
    for (int delivered = 0;; ++delivered) {
      if (delivered == limit || out_of_time()) {
        done.more = done.more || !EventQueue(db).after_cursor(consumer.name, 1).empty();
        break;
      }
      if (!deliver_one(db, config, consumer, turn)) break;
      ++done.events;
    }
  }
  return done;
}

}  // namespace pbem::server
