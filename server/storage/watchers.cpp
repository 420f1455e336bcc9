#include "server/storage/watchers.h"

#include "server/support/clock.h"

namespace pbem::server {

namespace {

std::vector<std::int64_t> ids(Statement& query) {
  std::vector<std::int64_t> found;
  while (query.step()) found.push_back(query.column_int(0));
  return found;
}

}  // namespace

bool Watchers::watch(std::int64_t game_id, std::int64_t user_id) {
  db_.prepare("INSERT INTO watchers (game_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
      .bind_all(game_id, user_id, now_iso8601())
      .run();
  return db_.changes() == 1;
}

bool Watchers::stop(std::int64_t game_id, std::int64_t user_id) {
  db_.prepare("DELETE FROM watchers WHERE game_id = ? AND user_id = ?").bind_all(game_id, user_id).run();
  return db_.changes() == 1;
}

std::vector<std::int64_t> Watchers::of_game(std::int64_t game_id) const {
  auto query = db_.prepare("SELECT user_id FROM watchers WHERE game_id = ? ORDER BY created_at, rowid");
  query.bind(1, game_id);
  return ids(query);
}

int Watchers::count(std::int64_t game_id) const {
  auto query = db_.prepare("SELECT count(*) FROM watchers WHERE game_id = ?");
  query.bind(1, game_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

bool Watchers::watch_kind(const std::string& type, std::int64_t user_id) {
  db_.prepare("INSERT INTO kind_watchers (game_type, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
      .bind_all(type, user_id, now_iso8601())
      .run();
  return db_.changes() == 1;
}

bool Watchers::stop_kind(const std::string& type, std::int64_t user_id) {
  db_.prepare("DELETE FROM kind_watchers WHERE game_type = ? AND user_id = ?").bind_all(type, user_id).run();
  return db_.changes() == 1;
}

std::vector<std::int64_t> Watchers::of_kind(const std::string& type) const {
  auto query = db_.prepare("SELECT user_id FROM kind_watchers WHERE game_type = ? ORDER BY created_at, rowid");
  query.bind(1, type);
  return ids(query);
}

bool Watchers::watches_kind(const std::string& type, std::int64_t user_id) const {
  auto query = db_.prepare("SELECT 1 FROM kind_watchers WHERE game_type = ? AND user_id = ?");
  query.bind_all(type, user_id);
  return query.step();
}

std::vector<std::int64_t> Watchers::stop_games_of_kind(const std::string& type, std::int64_t user_id) {
  auto query = db_.prepare(
      "SELECT w.game_id FROM watchers w JOIN games g ON g.id = w.game_id WHERE w.user_id = ? AND g.type = ? "
      "ORDER BY w.game_id");
  query.bind_all(user_id, type);
  const std::vector<std::int64_t> games = ids(query);
  for (std::int64_t game : games) stop(game, user_id);
  return games;
}

}  // namespace pbem::server
