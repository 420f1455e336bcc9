#include "server/storage/ladders.h"

#include <map>

#include "server/support/clock.h"

namespace pbem::server {

namespace {

constexpr const char* kSelectLadder =
    "SELECT l.id, l.type, l.name, l.organiser_id, u.userid, l.reach, l.game_options, l.rated, l.days_per_move, "
    "l.time_bank, l.created_at, l.weekends_off FROM ladders l JOIN users u ON u.id = l.organiser_id ";

constexpr const char* kSelectGame =
    "SELECT lg.game_id, lg.ladder_id, lg.climber_id, lg.target_id, c.userid, t.userid, lg.winner_id, lg.climbed_to, "
    "lg.ended_at FROM ladder_games lg JOIN users c ON c.id = lg.climber_id JOIN users t ON t.id = lg.target_id ";

LadderRecord ladder_from_row(Statement& row) {
  LadderRecord l;
  l.id = row.column_int(0);
  l.type = row.column_text(1);
  l.name = row.column_text(2);
  l.organiser_id = row.column_int(3);
  l.organiser = row.column_text(4);
  l.reach = static_cast<int>(row.column_int(5));
  l.game_options = row.column_text(6);
  l.rated = row.column_int(7) != 0;
  l.days_per_move = static_cast<int>(row.column_int(8));
  l.time_bank = row.column_optional_text(9);
  l.created_at = row.column_text(10);
  l.weekends_off = row.column_int(11) != 0;
  return l;
}

LadderGame game_from_row(Statement& row) {
  LadderGame g;
  g.game_id = row.column_int(0);
  g.ladder_id = row.column_int(1);
  g.climber_id = row.column_int(2);
  g.target_id = row.column_int(3);
  g.climber = row.column_text(4);
  g.target = row.column_text(5);
  g.winner_id = row.column_optional_int(6);
  if (const auto rung = row.column_optional_int(7)) g.climbed_to = static_cast<int>(*rung);
  g.ended_at = row.column_optional_text(8);
  return g;
}

// " LIMIT n", or nothing for all rows (both engines read a literal alike).
std::string page_of(std::optional<int> limit) { return limit ? " LIMIT " + std::to_string(*limit) : ""; }

int count(Database& db, const char* sql, std::int64_t id) {
  auto query = db.prepare(sql);
  query.bind(1, id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

}  // namespace

LadderRecord Ladders::create(const LadderRecord& settings) {
  LadderRecord l = settings;
  l.created_at = now_iso8601();
  auto insert = db_.prepare(
      "INSERT INTO ladders (type, name, organiser_id, reach, game_options, rated, days_per_move, time_bank, "
      "created_at, weekends_off) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, l.type).bind(2, l.name).bind(3, l.organiser_id).bind(4, l.reach).bind(5, l.game_options);
  insert.bind(6, l.rated).bind(7, l.days_per_move).bind(8, l.time_bank).bind(9, l.created_at).bind(10, l.weekends_off);
  insert.run();
  l.id = db_.last_insert_id();
  return l;
}

std::optional<LadderRecord> Ladders::find(std::int64_t id) const {
  auto query = db_.prepare(std::string(kSelectLadder) + "WHERE l.id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return ladder_from_row(query);
}

std::vector<LadderRecord> Ladders::of_type(const std::string& type, int limit) const {
  auto query = db_.prepare(std::string(kSelectLadder) + "WHERE l.type = ? ORDER BY l.id DESC LIMIT ?");
  query.bind(1, type).bind(2, limit);
  std::vector<LadderRecord> found;
  while (query.step()) found.push_back(ladder_from_row(query));
  return found;
}

std::vector<std::pair<LadderRecord, int>> Ladders::of_type_with_players(const std::string& type, int limit) const {
  // kSelectLadder's columns first, so ladder_from_row reads them, then the count (by index
  // ladder_rungs_in_order, one step per listed ladder).
  std::string sql = kSelectLadder;
  sql.insert(sql.find(" FROM ladders"), ", (SELECT count(*) FROM ladder_rungs r WHERE r.ladder_id = l.id)");
  auto query = db_.prepare(sql + "WHERE l.type = ? ORDER BY l.id DESC LIMIT ?");
  query.bind(1, type).bind(2, limit);
  std::vector<std::pair<LadderRecord, int>> found;
  while (query.step()) found.emplace_back(ladder_from_row(query), static_cast<int>(query.column_int(12)));
  return found;
}

std::vector<LadderRecord> Ladders::of_player(std::int64_t user_id) const {
  auto query = db_.prepare(std::string(kSelectLadder) +
                           "JOIN ladder_rungs r ON r.ladder_id = l.id WHERE r.user_id = ? ORDER BY l.id");
  query.bind(1, user_id);
  std::vector<LadderRecord> found;
  while (query.step()) found.push_back(ladder_from_row(query));
  return found;
}

int Ladders::count_of_type(const std::string& type) const {
  auto query = db_.prepare("SELECT count(*) FROM ladders WHERE type = ?");
  query.bind(1, type);
  query.step();
  return static_cast<int>(query.column_int(0));
}

int Ladders::count_organised_by(std::int64_t user_id) const {
  return count(db_, "SELECT count(*) FROM ladders WHERE organiser_id = ?", user_id);
}

std::vector<LadderRung> Ladders::rungs(std::int64_t id, std::optional<int> limit) const {
  auto query = db_.prepare(
      "SELECT r.rung, r.user_id, u.userid, r.since FROM ladder_rungs r JOIN users u ON u.id = r.user_id "
      "WHERE r.ladder_id = ? ORDER BY r.rung" + page_of(limit));
  query.bind(1, id);
  std::vector<LadderRung> found;
  while (query.step())
    found.push_back({static_cast<int>(query.column_int(0)), query.column_int(1), query.column_text(2),
                     query.column_text(3)});
  return found;
}

ladder::Rungs Ladders::order(std::int64_t id) const {
  auto query = db_.prepare("SELECT user_id FROM ladder_rungs WHERE ladder_id = ? ORDER BY rung");
  query.bind(1, id);
  ladder::Rungs found;
  while (query.step()) found.push_back(query.column_int(0));
  return found;
}

int Ladders::count_rungs(std::int64_t id) const {
  return count(db_, "SELECT count(*) FROM ladder_rungs WHERE ladder_id = ?", id);
}

void Ladders::set_order(std::int64_t id, const ladder::Rungs& order, const std::string& now) {
  std::map<std::int64_t, int> was;
  {
    auto query = db_.prepare("SELECT user_id, rung FROM ladder_rungs WHERE ladder_id = ?");
    query.bind(1, id);
    while (query.step()) was[query.column_int(0)] = static_cast<int>(query.column_int(1));
  }
  auto remove = db_.prepare("DELETE FROM ladder_rungs WHERE ladder_id = ? AND user_id = ?");
  for (const auto& [user_id, rung] : was) {
    if (ladder::rung_of(order, user_id)) continue;
    remove.bind(1, id).bind(2, user_id);
    remove.run();
  }
  auto update = db_.prepare("UPDATE ladder_rungs SET rung = ?, since = ? WHERE ladder_id = ? AND user_id = ?");
  auto insert = db_.prepare("INSERT INTO ladder_rungs (ladder_id, user_id, rung, since) VALUES (?, ?, ?, ?)");
  for (std::size_t i = 0; i < order.size(); ++i) {
    const int rung = static_cast<int>(i) + 1;
    const auto old = was.find(order[i]);
    if (old == was.end()) {
      insert.bind(1, id).bind(2, order[i]).bind(3, rung).bind(4, now);
      insert.run();
    } else if (old->second != rung) {
      update.bind(1, rung).bind(2, now).bind(3, id).bind(4, order[i]);
      update.run();
    }
  }
}

void Ladders::add_game(std::int64_t id, std::int64_t game_id, std::int64_t climber_id, std::int64_t target_id) {
  auto insert = db_.prepare("INSERT INTO ladder_games (game_id, ladder_id, climber_id, target_id) VALUES (?, ?, ?, ?)");
  insert.bind(1, game_id).bind(2, id).bind(3, climber_id).bind(4, target_id);
  insert.run();
}

std::vector<LadderGame> Ladders::open_games(std::int64_t id, std::optional<int> limit) const {
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE lg.ladder_id = ? AND lg.ended_at IS NULL ORDER BY lg.game_id" +
                           page_of(limit));
  query.bind(1, id);
  std::vector<LadderGame> found;
  while (query.step()) found.push_back(game_from_row(query));
  return found;
}

std::vector<ladder::OpenClimb> Ladders::open_climbs(std::int64_t id) const {
  auto query = db_.prepare("SELECT climber_id, target_id FROM ladder_games WHERE ladder_id = ? AND ended_at IS NULL");
  query.bind(1, id);
  std::vector<ladder::OpenClimb> found;
  while (query.step()) found.push_back({query.column_int(0), query.column_int(1)});
  return found;
}

std::vector<LadderGame> Ladders::results(std::int64_t id, int limit) const {
  auto query = db_.prepare(std::string(kSelectGame) +
                           "WHERE lg.ladder_id = ? AND lg.ended_at IS NOT NULL ORDER BY lg.ended_at DESC, "
                           "lg.game_id DESC" + page_of(limit));
  query.bind(1, id);
  std::vector<LadderGame> found;
  while (query.step()) found.push_back(game_from_row(query));
  return found;
}

std::optional<LadderGame> Ladders::game(std::int64_t game_id) const {
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE lg.game_id = ?");
  query.bind(1, game_id);
  if (!query.step()) return std::nullopt;
  return game_from_row(query);
}

void Ladders::end_game(std::int64_t game_id, std::optional<std::int64_t> winner_id, std::optional<int> climbed_to,
                       const std::string& now) {
  auto update = db_.prepare("UPDATE ladder_games SET winner_id = ?, climbed_to = ?, ended_at = ? WHERE game_id = ?");
  update.bind(1, winner_id);
  update.bind(2, climbed_to);
  update.bind(3, now).bind(4, game_id);
  update.run();
}

std::optional<LadderOfGame> Ladders::of_game(std::int64_t game_id) const {
  auto query = db_.prepare("SELECT l.id, l.name FROM ladder_games lg JOIN ladders l ON l.id = lg.ladder_id WHERE lg.game_id = ?");
  query.bind(1, game_id);
  if (!query.step()) return std::nullopt;
  return LadderOfGame{query.column_int(0), query.column_text(1)};
}

}  // namespace pbem::server
