#include "server/storage/game_clocks.h"

#include "server/storage/game_rows.h"
#include "server/support/clock.h"

namespace pbem::server {

std::vector<std::int64_t> GameClocks::with_deadline() const {
  auto query = db_.prepare("SELECT id FROM games WHERE deadline_at IS NOT NULL AND status = 'active' ORDER BY id");
  return ids_of(query);
}

std::vector<std::int64_t> GameClocks::past_deadline(const std::string& now_iso) const {
  auto query = db_.prepare(
      "SELECT id FROM games WHERE deadline_at IS NOT NULL AND deadline_at <= ? AND status = 'active' "
      "ORDER BY deadline_at, id");
  query.bind(1, now_iso);
  return ids_of(query);
}

std::vector<std::int64_t> GameClocks::reminder_due(const std::string& now_iso) const {
  auto query = db_.prepare(
      "SELECT id FROM games WHERE remind_at IS NOT NULL AND remind_at <= ?1 AND deadline_at > ?1 "
      "AND status = 'active' ORDER BY remind_at, id");
  query.bind(1, now_iso);
  return ids_of(query);
}

void GameClocks::reminder_sent(std::int64_t id) {
  auto update = db_.prepare("UPDATE games SET remind_at = NULL WHERE id = ?");
  update.bind(1, id);
  update.run();
}

}  // namespace pbem::server
