#include "server/pipeline/automatic_reviews.h"

#include <chrono>

#include "server/play/events.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/reviews.h"
#include "server/support/log.h"

namespace pbem::server {

void queue_automatic_reviews(Database& db, const Config& config, const StoredEvent& event) {
  if (event.kind != kind_name(Event{event::GameEnded{}})) return;
  const auto ended = std::get<event::GameEnded>(event_from(event.kind, event.data));
  if (ended.reason != GameEnd::Board && ended.reason != GameEnd::Resigned && ended.reason != GameEnd::Time) return;
  const auto game = GameRecords(db).find(ended.game);
  if (!game || game->plies == 0) return;
  Reviews reviews(db);
  Accounts accounts(db);
  for (const std::int64_t player : game->players) {
    if (!reviews.automatic_for(player) || reviews.waits_for(game->id, player)) continue;
    const auto account = accounts.find_by_id(player);
    if (!account || account->confirmed.empty()) continue;
    if (reviews.waiting() >= config.review.queue) {
      log_line("reviews: the queue is full (review.queue " + std::to_string(config.review.queue) +
               "): no automatic review of game " + std::to_string(game->id) + " for " + account->userid);
      continue;
    }
    reviews.ask(game->id, player, true, std::chrono::system_clock::now());
  }
}

}  // namespace pbem::server
