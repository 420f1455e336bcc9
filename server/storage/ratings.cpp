#include "server/storage/ratings.h"

#include <algorithm>
#include <array>
#include <map>
#include <sstream>
#include <utility>

#include "server/storage/account_erasure.h"
#include "server/storage/game_records.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

constexpr const char* kSelectRating =
    "SELECT r.user_id, u.userid, r.rating, r.deviation, r.volatility, r.games, r.wins, r.losses "
    "FROM ratings r JOIN users u ON u.id = r.user_id ";

constexpr const char* kSelectChange =
    "SELECT c.game_id, c.user_id, u.userid, c.score, c.rating_before, c.deviation_before, c.volatility_before, "
    "c.rating_after, c.deviation_after, c.volatility_after FROM rating_changes c JOIN users u ON u.id = c.user_id ";

PlayerRating rating_from_row(Statement& row) {
  PlayerRating r;
  r.user_id = row.column_int(0);
  r.userid = shown_userid(row.column_text(1));
  r.rating = {row.column_double(2), row.column_double(3), row.column_double(4)};
  r.games = static_cast<int>(row.column_int(5));
  r.wins = static_cast<int>(row.column_int(6));
  r.losses = static_cast<int>(row.column_int(7));
  return r;
}

// Columns 1.. of kSelectChange (column 0 is the game).
RatingChange change_from_row(Statement& row) {
  RatingChange c;
  c.user_id = row.column_int(1);
  c.userid = shown_userid(row.column_text(2));
  c.score = row.column_double(3);
  c.before = {row.column_double(4), row.column_double(5), row.column_double(6)};
  c.after = {row.column_double(7), row.column_double(8), row.column_double(9)};
  return c;
}

bool better(const PlayerRating& a, const PlayerRating& b) {
  if (a.rating.rating != b.rating.rating) return a.rating.rating > b.rating.rating;
  return a.userid < b.userid;
}

// One rating period for each seat, both from the ratings before the game.
std::array<RatingChange, 2> rate(const RatedResult& result, const std::array<Rating, 2>& before) {
  std::array<RatingChange, 2> changes;
  for (std::size_t seat = 0; seat < 2; ++seat) {
    const double score = static_cast<int>(seat) == result.winner_seat ? 1.0 : 0.0;
    const std::array<RatedGame, 1> period{{{before[1 - seat], score}}};
    changes[seat] = {result.user_ids[seat], result.userids[seat], score, before[seat],
                     glicko2_update(before[seat], period)};
  }
  return changes;
}

void add_result(PlayerRating& standing, const RatingChange& change) {
  standing.rating = change.after;
  ++standing.games;
  if (change.score == 1) ++standing.wins;
  if (change.score == 0) ++standing.losses;
}

void store_change(Database& db, std::int64_t game_id, const RatingChange& c) {
  db.prepare(
        "INSERT INTO rating_changes (game_id, user_id, score, rating_before, deviation_before, volatility_before, "
        "rating_after, deviation_after, volatility_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind_all(game_id, c.user_id, c.score, c.before.rating, c.before.deviation, c.before.volatility,
                c.after.rating, c.after.deviation, c.after.volatility)
      .run();
}

void store_rating(Database& db, const std::string& type, const PlayerRating& r, const std::string& when) {
  db.prepare(
        "INSERT INTO ratings (user_id, game_type, rating, deviation, volatility, games, wins, losses, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_type, user_id) DO UPDATE SET "
        "rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, "
        "games = excluded.games, wins = excluded.wins, losses = excluded.losses, updated_at = excluded.updated_at")
      .bind_all(r.user_id, type, r.rating.rating, r.rating.deviation, r.rating.volatility, r.games, r.wins,
                r.losses, when)
      .run();
}

// Full precision: a rebuild reports differences in the last bit too.
std::string exact(const Rating& r) {
  std::ostringstream out;
  out.precision(17);
  out << r.rating << " RD " << r.deviation << " volatility " << r.volatility;
  return out.str();
}

std::string describe(const PlayerRating& r) {
  return exact(r.rating) + ", " + std::to_string(r.games) + " games " + std::to_string(r.wins) + "-" +
         std::to_string(r.losses);
}

std::string describe(const RatingChange& c) {
  return c.userid + " score " + (c.score == 1 ? "1" : "0") + " from " + exact(c.before) + " to " + exact(c.after);
}

using StandingKey = std::pair<std::string, std::int64_t>;  // game type, user id

// Every rating as the stored games say it should be.
struct Recomputed {
  std::vector<std::pair<std::int64_t, std::array<RatingChange, 2>>> periods;  // by game, in order
  std::map<StandingKey, PlayerRating> standings;
  std::map<StandingKey, std::string> last_ended;  // the updated_at a rewrite stores
};

// Every finished rated game with a winner, in the order the games ended, each one period.
Recomputed recompute(Database& db, const Ratings::Rule& rated) {
  GameRecords records(db);
  auto ended = db.prepare(
      "SELECT id, coalesce(ended_at, updated_at) FROM games WHERE status = 'finished' AND rated = 1 "
      "AND winner_colour IS NOT NULL AND aborted_by IS NULL ORDER BY end_order IS NULL, end_order, id");
  std::vector<std::pair<std::int64_t, std::string>> games;
  while (ended.step()) games.emplace_back(ended.column_int(0), ended.column_text(1));
  Recomputed out;
  for (const auto& [game_id, ended_at] : games) {
    const auto record = records.find(game_id);
    const auto result = record ? rated(*record) : std::nullopt;
    if (!result) continue;
    std::array<Rating, 2> before;
    for (std::size_t seat = 0; seat < 2; ++seat) {
      auto [entry, added] = out.standings.try_emplace({result->type, result->user_ids[seat]});
      if (added) entry->second = {result->user_ids[seat], result->userids[seat], Rating{}, 0, 0, 0};
      before[seat] = entry->second.rating;
    }
    const auto period = rate(*result, before);
    for (std::size_t seat = 0; seat < 2; ++seat) {
      const StandingKey key{result->type, result->user_ids[seat]};
      add_result(out.standings[key], period[seat]);
      out.last_ended[key] = ended_at;
    }
    out.periods.emplace_back(game_id, period);
  }
  return out;
}

// The games' changes: the first difference points at the game where the values part.
void compare_changes(Database& db, const Recomputed& recomputed, std::vector<std::string>& differences) {
  std::map<std::int64_t, std::vector<RatingChange>> kept_changes;
  auto all_changes = db.prepare(std::string(kSelectChange) + "ORDER BY c.game_id");
  while (all_changes.step()) kept_changes[all_changes.column_int(0)].push_back(change_from_row(all_changes));
  for (const auto& [game_id, period] : recomputed.periods) {
    const std::string game = "game " + std::to_string(game_id) + ": ";
    auto kept = kept_changes.find(game_id);
    if (kept == kept_changes.end()) {
      differences.push_back(game + "not rated in the kept values");
      continue;
    }
    for (const RatingChange& change : period) {
      auto same_player = std::find_if(kept->second.begin(), kept->second.end(),
                                      [&](const RatingChange& c) { return c.user_id == change.user_id; });
      if (same_player == kept->second.end())
        differences.push_back(game + change.userid + " has no kept change");
      else if (!(*same_player == change))
        differences.push_back(game + "kept " + describe(*same_player) + "; recomputed " + describe(change));
    }
    kept_changes.erase(kept);
  }
  for (const auto& [game_id, unexpected] : kept_changes)
    differences.push_back("game " + std::to_string(game_id) +
                          ": rated in the kept values, but it is not a finished rated game with a winner");
}

// The standings players see.
void compare_standings(Database& db, const Recomputed& recomputed, std::vector<std::string>& differences) {
  std::map<StandingKey, PlayerRating> kept_ratings;
  auto all_ratings = db.prepare(
      "SELECT r.user_id, u.userid, r.rating, r.deviation, r.volatility, r.games, r.wins, r.losses, r.game_type "
      "FROM ratings r JOIN users u ON u.id = r.user_id");
  while (all_ratings.step())
    kept_ratings[{all_ratings.column_text(8), all_ratings.column_int(0)}] = rating_from_row(all_ratings);
  for (const auto& [key, value] : recomputed.standings) {
    const std::string who = value.userid + " in " + key.first + ": ";
    auto kept = kept_ratings.find(key);
    if (kept == kept_ratings.end()) {
      differences.push_back(who + "no kept rating; recomputed " + describe(value));
      continue;
    }
    const PlayerRating& k = kept->second;
    if (!(k.rating == value.rating) || k.games != value.games || k.wins != value.wins || k.losses != value.losses)
      differences.push_back(who + "kept " + describe(k) + "; recomputed " + describe(value));
    kept_ratings.erase(kept);
  }
  for (const auto& [key, value] : kept_ratings)
    differences.push_back(value.userid + " in " + key.first + ": kept " + describe(value) +
                          ", but no rated game of theirs has finished");
}

void replace_kept(Database& db, const Recomputed& recomputed) {
  db.prepare("DELETE FROM rating_changes").run();
  db.prepare("DELETE FROM ratings").run();
  for (const auto& [game_id, period] : recomputed.periods)
    for (const RatingChange& change : period) store_change(db, game_id, change);
  for (const auto& [key, value] : recomputed.standings)
    store_rating(db, key.first, value, recomputed.last_ended.at(key));
}

}  // namespace

std::vector<RatingChange> Ratings::apply_result(const RatedResult& result) {
  const std::int64_t game_id = result.game_id;
  if (!changes(game_id).empty()) return {};
  std::array<PlayerRating, 2> standings;
  std::array<Rating, 2> before;
  for (std::size_t seat = 0; seat < 2; ++seat) {
    auto kept = find(result.type, result.user_ids[seat]);
    standings[seat] = kept ? *kept : PlayerRating{result.user_ids[seat], result.userids[seat], Rating{}, 0, 0, 0};
    before[seat] = standings[seat].rating;
  }
  const auto period = rate(result, before);
  const std::string now = now_iso8601();
  for (std::size_t seat = 0; seat < 2; ++seat) {
    add_result(standings[seat], period[seat]);
    store_rating(db_, result.type, standings[seat], now);
    store_change(db_, game_id, period[seat]);
  }
  return {period.begin(), period.end()};
}

std::optional<PlayerRating> Ratings::find(const std::string& type, std::int64_t user_id) const {
  auto query = db_.prepare(std::string(kSelectRating) + "WHERE r.game_type = ? AND r.user_id = ?");
  query.bind_all(type, user_id);
  if (!query.step()) return std::nullopt;
  return rating_from_row(query);
}

std::vector<RatingPoint> Ratings::history(const std::string& type, std::int64_t user_id) const {
  auto query = db_.prepare(
      "SELECT c.game_id, coalesce(g.ended_at, ''), c.rating_after, c.deviation_after FROM rating_changes c "
      "JOIN games g ON g.id = c.game_id WHERE c.user_id = ? AND g.type = ? ORDER BY g.end_order");
  query.bind_all(user_id, type);
  std::vector<RatingPoint> points;
  while (query.step())
    points.push_back({query.column_int(0), query.column_text(1), query.column_double(2), query.column_double(3)});
  return points;
}

std::vector<PlayerRating> Ratings::standings(const std::string& type) const {
  auto query = db_.prepare(std::string(kSelectRating) + "WHERE r.game_type = ?");
  query.bind(1, type);
  std::vector<PlayerRating> all;
  while (query.step()) all.push_back(rating_from_row(query));
  std::sort(all.begin(), all.end(), better);
  return all;
}

std::vector<PlayerRating> Ratings::best(const std::string& type, int limit) const {
  auto query = db_.prepare(std::string(kSelectRating) + "WHERE r.game_type = ? ORDER BY r.rating DESC, u.userid LIMIT ?");
  query.bind_all(type, limit);
  std::vector<PlayerRating> page;
  while (query.step()) page.push_back(rating_from_row(query));
  // Ties in rating in the byte order of userids whatever the database's collation.
  std::sort(page.begin(), page.end(), better);
  return page;
}

std::int64_t Ratings::count_rated(const std::string& type) const {
  auto query = db_.prepare("SELECT count(*) FROM ratings WHERE game_type = ?");
  query.bind(1, type);
  query.step();
  return query.column_int(0);
}

std::vector<PlayerRating> Ratings::standings(const std::string& type, const std::vector<std::int64_t>& user_ids) const {
  std::vector<PlayerRating> named;
  for (auto& [id, rating] : of_players(type, user_ids)) named.push_back(std::move(rating));
  std::sort(named.begin(), named.end(), better);
  return named;
}

std::map<std::int64_t, PlayerRating> Ratings::of_players(const std::string& type,
                                                         const std::vector<std::int64_t>& user_ids) const {
  std::map<std::int64_t, PlayerRating> found;
  if (user_ids.empty()) return found;
  // One statement for a page of players, not one each (issue 46): `?` per id.
  std::string sql = std::string(kSelectRating) + "WHERE r.game_type = ? AND r.user_id IN (";
  for (std::size_t i = 0; i < user_ids.size(); ++i) sql += i == 0 ? "?" : ", ?";
  auto query = db_.prepare(sql + ")");
  query.bind(1, type);
  for (std::size_t i = 0; i < user_ids.size(); ++i) query.bind(static_cast<int>(i) + 2, user_ids[i]);
  while (query.step()) {
    PlayerRating rating = rating_from_row(query);
    found.emplace(rating.user_id, std::move(rating));
  }
  return found;
}

std::vector<RatingChange> Ratings::changes(std::int64_t game_id) const {
  auto query = db_.prepare(std::string(kSelectChange) +
                           "JOIN games g ON g.id = c.game_id WHERE c.game_id = ? "
                           "ORDER BY c.user_id = g.player1");  // player0 first
  query.bind(1, game_id);
  std::vector<RatingChange> found;
  while (query.step()) found.push_back(change_from_row(query));
  return found;
}

RatingsRebuild Ratings::rebuild(bool write, const Rule& rated) {
  const Recomputed recomputed = recompute(db_, rated);
  RatingsRebuild report;
  report.games = static_cast<int>(recomputed.periods.size());
  compare_changes(db_, recomputed, report.differences);
  compare_standings(db_, recomputed, report.differences);
  if (write) replace_kept(db_, recomputed);
  return report;
}

}  // namespace pbem::server
