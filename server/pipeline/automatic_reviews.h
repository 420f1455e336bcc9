// `set userid password reviews auto` (server.md "The computer's review of a finished
// game"): a consumer of the durable event queue (event_delivery.h) that queues a review,
// for each player of a game who asked for them, when the game ends with a result: on the
// board, by resignation or on time, never an abort, a void or an adjudication.
#pragma once

#include "server/storage/database.h"
#include "server/storage/event_queue.h"
#include "server/support/config.h"

namespace pbem::server {

// Deals with one event, in the transaction that moves the consumer's cursor past it.
void queue_automatic_reviews(Database& db, const Config& config, const StoredEvent& event);

}  // namespace pbem::server
