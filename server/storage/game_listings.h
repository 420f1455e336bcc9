// The listings of games (`games`, `all show`, the web window, the caps on games): each
// reads a page by index, never every game (schema/022 and 024).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The games a listing names (`games`, `all show`): those any of `players` plays, of one of
// `types`, only those in progress (active), only the finished ones (!active) or all; with
// `their_turn`, only those where one of `players` is to move.
struct GameSelection {
  // At most this many players: each is a few reads of an index in one statement (SQLite
  // allows 500 parts in a compound SELECT).
  static constexpr std::size_t kMaxPlayers = 100;
  std::vector<std::int64_t> players;
  std::vector<std::string> types;
  std::optional<bool> active;
  bool their_turn = false;
};

class GameListings {
 public:
  explicit GameListings(Database& db) : db_(db) {}

  // The first `limit` games of `selection` by number, and how many there are in all: each
  // user's games are read by index a page at most per kind, status and seat
  // (schema/024_turn_columns.sql), so a listing costs the same however many games the users
  // ever played.
  std::vector<GameRecord> selected(const GameSelection& selection, int limit) const;
  std::int64_t count_selected(const GameSelection& selection) const;
  // The active games in which `user_id` is to move, by number (index games_by_to_move).
  std::vector<std::int64_t> awaiting(std::int64_t user_id) const;
  // The first `limit` games of `type` by number, only those in progress (active), only the
  // finished ones (!active) or all (nothing), and how many there are in all: `<game> games`
  // without a userid, which must not read every game ever played (index games_by_type_status).
  std::vector<GameRecord> of_type(const std::string& type, std::optional<bool> active, int limit) const;
  std::int64_t count_of_type(const std::string& type, std::optional<bool> active) const;

  // The web window's lists, each at most `limit` long: the games in progress, the most
  // recently moved first; the games that ended at or after `since_iso`, latest first; every
  // game of `user_id`, newest first.
  std::vector<GameRecord> in_progress(int limit) const;
  int count_in_progress() const;
  std::vector<GameRecord> ended_since(const std::string& since_iso, int limit) const;
  std::vector<GameRecord> of_user(std::int64_t user_id, int limit) const;
  // `all records`: the finished games of `user_id` of one of `types` that ended at or after
  // `since` (ISO 8601, a date alone will do), the earliest ended first, at most `limit`; and
  // how many there are in all. By index (schema/037: player, type, status, end), a page per
  // seat and kind.
  std::vector<GameRecord> finished_of_user(std::int64_t user_id, const std::vector<std::string>& types,
                                           const std::string& since, int limit) const;
  std::int64_t count_finished_of_user(std::int64_t user_id, const std::vector<std::string>& types,
                                      const std::string& since) const;
  // How many games `user_id` plays now, all of them or only those against a computer
  // opponent (the caps on games, issue 26).
  int count_active(std::int64_t user_id) const;
  int count_active_against_computer(std::int64_t user_id) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
