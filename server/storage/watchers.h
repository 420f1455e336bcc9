// Watchers in SQLite (tables `watchers` and `kind_watchers`, schema/010_proposals.sql):
// users who get every board mail of a game without playing in it, and users who watch
// every new game of a kind (each such game gets them as watchers when it starts).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

class Watchers {
 public:
  explicit Watchers(Database& db) : db_(db) {}

  // Adds `user_id` as a watcher of the game; false (and nothing changed) when they are one.
  bool watch(std::int64_t game_id, std::int64_t user_id);
  // Removes them; false (and nothing changed) when they were not watching.
  bool stop(std::int64_t game_id, std::int64_t user_id);
  // The game's watchers' user ids, in the order they started watching.
  std::vector<std::int64_t> of_game(std::int64_t game_id) const;
  int count(std::int64_t game_id) const;

  // The same for every new game of `type` ("gates").
  bool watch_kind(const std::string& type, std::int64_t user_id);
  bool stop_kind(const std::string& type, std::int64_t user_id);
  std::vector<std::int64_t> of_kind(const std::string& type) const;
  bool watches_kind(const std::string& type, std::int64_t user_id) const;
  // Stops `user_id` watching every game of `type` they watch; the numbers of those games.
  std::vector<std::int64_t> stop_games_of_kind(const std::string& type, std::int64_t user_id);

 private:
  Database& db_;
};

}  // namespace pbem::server
