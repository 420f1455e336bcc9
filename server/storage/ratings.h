// Glicko-2 ratings in SQLite (tables `ratings` and `rating_changes`, schema/005_ratings.sql):
// one rating per (user, game name), updated once per finished rated game, and rebuilt from
// the stored games on demand. The arithmetic is server/ratings/glicko2.h; which games count
// is server/play/rated_game.h (the rule is passed in); this file holds the SQL.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/ratings/glicko2.h"
#include "server/ratings/rated_result.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// A player's standing in one game.
struct PlayerRating {
  std::int64_t user_id = 0;
  std::string userid;
  Rating rating;
  int games = 0, wins = 0, losses = 0;
};

// What one game did to one of its players' ratings.
struct RatingChange {
  std::int64_t user_id = 0;
  std::string userid;
  double score = 0;  // 1 win, 0 loss
  Rating before, after;

  friend bool operator==(const RatingChange&, const RatingChange&) = default;
};

// A player's rating after one rated game (their rating history, the web window's chart).
struct RatingPoint {
  std::int64_t game_id = 0;
  std::string ended_at;
  double rating = 0, deviation = 0;
};

// What `rebuild` found: how many games it rated, and each way the kept values differ from
// the recomputed ones (empty when they agree exactly).
struct RatingsRebuild {
  int games = 0;
  std::vector<std::string> differences;
};

class Ratings {
 public:
  explicit Ratings(Database& db) : db_(db) {}

  // Rates the game of `result` if it is not rated yet: one rating period for each of its
  // two players, both computed from their ratings before the game. Returns the two changes
  // (player0's first), or nothing when it was rated already. Call it inside the
  // transaction that ends the game, so result and ratings are stored together or not at all.
  std::vector<RatingChange> apply_result(const RatedResult& result);

  // The player's rating in `type`; nothing before their first rated game of it.
  std::optional<PlayerRating> find(const std::string& type, std::int64_t user_id) const;
  // Everyone rated in `type`, best first (rating, then userid).
  std::vector<PlayerRating> standings(const std::string& type) const;
  // The first `limit` of those, read in that order by index (ratings_by_rating), and how
  // many are rated in all: `<game> ratings` costs the same however many players there are.
  std::vector<PlayerRating> best(const std::string& type, int limit) const;
  std::int64_t count_rated(const std::string& type) const;
  // The named players rated in `type`, best first; unrated or unknown ones are left out.
  std::vector<PlayerRating> standings(const std::string& type, const std::vector<std::int64_t>& user_ids) const;
  // The ratings of those of `user_ids` rated in `type`, by user id, in one statement.
  std::map<std::int64_t, PlayerRating> of_players(const std::string& type, const std::vector<std::int64_t>& user_ids) const;
  // The player's rating after each of their rated games of `type`, in the order they ended.
  std::vector<RatingPoint> history(const std::string& type, std::int64_t user_id) const;
  // The changes game `game_id` made (empty when it was not rated).
  std::vector<RatingChange> changes(std::int64_t game_id) const;

  // Which stored games count, and who won them: server/play/rated_game.h's rated_result.
  using Rule = std::function<std::optional<RatedResult>(const GameRecord&)>;
  // Recomputes every rating from the finished games `rated` counts, in the order they ended, and
  // compares the result with the kept tables. With `write`, the kept tables are replaced
  // by the recomputed ones (for a database that has games from before ratings existed).
  // Needs the caller's transaction when writing.
  RatingsRebuild rebuild(bool write, const Rule& rated);

 private:
  Database& db_;
};

}  // namespace pbem::server
