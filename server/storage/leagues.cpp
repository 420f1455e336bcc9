#include "server/storage/leagues.h"

#include "server/support/clock.h"

namespace pbem::server {

namespace {

constexpr const char* kLeagueColumns =
    "SELECT l.id, l.type, l.name, l.organiser_id, u.userid, l.group_size, l.up, l.down, l.game_options, l.rated, "
    "l.days_per_move, l.time_bank, l.status, l.season, l.created_at, l.started_at, l.weekends_off";
// How many columns kLeagueColumns reads: a listing's own column comes right after them.
constexpr int kLeagueColumnCount = 17;
constexpr const char* kLeagueFrom = " FROM leagues l JOIN users u ON u.id = l.organiser_id ";
const std::string kSelectLeague = std::string(kLeagueColumns) + kLeagueFrom;
// A listing's count of members is a correlated subquery on league_members' key: one index
// range per league listed, and the listing stays one statement (spec "Limits, second round").
const std::string kSelectListedLeague =
    std::string(kLeagueColumns) + ", (SELECT count(*) FROM league_members m WHERE m.league_id = l.id)" + kLeagueFrom;

LeagueRecord league_from_row(Statement& row) {
  LeagueRecord l;
  l.id = row.column_int(0);
  l.type = row.column_text(1);
  l.name = row.column_text(2);
  l.organiser_id = row.column_int(3);
  l.organiser = row.column_text(4);
  l.group = static_cast<int>(row.column_int(5));
  l.up = static_cast<int>(row.column_int(6));
  l.down = static_cast<int>(row.column_int(7));
  l.game_options = row.column_text(8);
  l.rated = row.column_int(9) != 0;
  l.days_per_move = static_cast<int>(row.column_int(10));
  l.time_bank = row.column_optional_text(11);
  l.status = row.column_text(12);
  l.season = static_cast<int>(row.column_int(13));
  l.created_at = row.column_text(14);
  l.started_at = row.column_optional_text(15);
  l.weekends_off = row.column_int(16) != 0;
  return l;
}

}  // namespace

LeagueRecord Leagues::create(const LeagueRecord& settings) {
  LeagueRecord l = settings;
  l.status = "open";
  l.season = 0;
  l.created_at = now_iso8601();
  auto insert = db_.prepare(
      "INSERT INTO leagues (type, name, organiser_id, group_size, up, down, game_options, rated, days_per_move, "
      "time_bank, status, season, created_at, weekends_off) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?, ?)");
  insert.bind(1, l.type).bind(2, l.name).bind(3, l.organiser_id).bind(4, l.group).bind(5, l.up).bind(6, l.down);
  insert.bind(7, l.game_options).bind(8, l.rated).bind(9, l.days_per_move);
  insert.bind(10, l.time_bank);
  insert.bind(11, l.created_at).bind(12, l.weekends_off);
  insert.run();
  l.id = db_.last_insert_id();
  return l;
}

std::optional<LeagueRecord> Leagues::find(std::int64_t id) const {
  auto query = db_.prepare(kSelectLeague + "WHERE l.id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return league_from_row(query);
}

std::vector<ListedLeague> Leagues::of_type(const std::string& type, int limit) const {
  auto query = db_.prepare(kSelectListedLeague + "WHERE l.type = ? ORDER BY l.id DESC LIMIT ?");
  query.bind(1, type).bind(2, limit);
  std::vector<ListedLeague> found;
  while (query.step())
    found.push_back({league_from_row(query), static_cast<int>(query.column_int(kLeagueColumnCount))});
  return found;
}

int Leagues::count_of_type(const std::string& type) const {
  auto query = db_.prepare("SELECT count(*) FROM leagues WHERE type = ?");
  query.bind(1, type);
  query.step();
  return static_cast<int>(query.column_int(0));
}

int Leagues::count_by(std::int64_t user_id) const {
  auto query = db_.prepare("SELECT count(*) FROM leagues WHERE organiser_id = ?");
  query.bind(1, user_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::vector<LeagueMembership> Leagues::of_member(std::int64_t user_id) const {
  static const std::string select = std::string(kLeagueColumns) + ", m.leaving" + kLeagueFrom +
                                    "JOIN league_members m ON m.league_id = l.id WHERE m.user_id = ? ORDER BY l.id";
  auto query = db_.prepare(select);
  query.bind(1, user_id);
  std::vector<LeagueMembership> found;
  while (query.step()) found.push_back({league_from_row(query), query.column_int(kLeagueColumnCount) != 0});
  return found;
}

std::vector<LeagueMember> Leagues::members(std::int64_t id) const {
  auto query = db_.prepare(
      "SELECT m.user_id, u.userid, m.entry_order, m.leaving FROM league_members m JOIN users u ON u.id = m.user_id "
      "WHERE m.league_id = ? ORDER BY m.entry_order");
  query.bind(1, id);
  std::vector<LeagueMember> members;
  while (query.step())
    members.push_back({query.column_int(0), query.column_text(1), static_cast<int>(query.column_int(2)),
                       query.column_int(3) != 0});
  return members;
}

void Leagues::add_member(std::int64_t id, std::int64_t user_id) {
  auto insert = db_.prepare(
      "INSERT INTO league_members (league_id, user_id, entry_order) "
      "SELECT ?1, ?2, coalesce(max(entry_order), 0) + 1 FROM league_members WHERE league_id = ?1");
  insert.bind(1, id).bind(2, user_id);
  insert.run();
}

bool Leagues::remove_member(std::int64_t id, std::int64_t user_id) {
  auto remove = db_.prepare("DELETE FROM league_members WHERE league_id = ? AND user_id = ?");
  remove.bind(1, id).bind(2, user_id);
  remove.run();
  return db_.changes() > 0;
}

void Leagues::set_leaving(std::int64_t id, std::int64_t user_id, bool leaving) {
  auto update = db_.prepare("UPDATE league_members SET leaving = ? WHERE league_id = ? AND user_id = ?");
  update.bind(1, leaving).bind(2, id).bind(3, user_id);
  update.run();
}

bool Leagues::begin_season(std::int64_t id, int from) {
  auto update = db_.prepare(
      "UPDATE leagues SET season = ?, status = 'running', started_at = coalesce(started_at, ?) "
      "WHERE id = ? AND season = ?");
  update.bind(1, from + 1).bind(2, now_iso8601()).bind(3, id).bind(4, from);
  update.run();
  return db_.changes() == 1;
}

void Leagues::wait(std::int64_t id) {
  auto update = db_.prepare("UPDATE leagues SET status = 'waiting' WHERE id = ?");
  update.bind(1, id);
  update.run();
}

void Leagues::add_place(std::int64_t id, int season, const LeaguePlace& place) {
  auto insert = db_.prepare(
      "INSERT INTO league_places (league_id, season, user_id, division, position, rating, from_division) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, id).bind(2, season).bind(3, place.user_id).bind(4, place.division).bind(5, place.position);
  insert.bind(6, place.rating);
  insert.bind(7, place.from_division);
  insert.run();
}

std::vector<LeaguePlace> Leagues::places(std::int64_t id, int season) const {
  auto query = db_.prepare(
      "SELECT p.user_id, u.userid, p.division, p.position, p.rating, p.from_division FROM league_places p "
      "JOIN users u ON u.id = p.user_id WHERE p.league_id = ? AND p.season = ? ORDER BY p.division, p.position");
  query.bind(1, id).bind(2, season);
  std::vector<LeaguePlace> places;
  while (query.step()) {
    LeaguePlace place;
    place.user_id = query.column_int(0);
    place.userid = query.column_text(1);
    place.division = static_cast<int>(query.column_int(2));
    place.position = static_cast<int>(query.column_int(3));
    place.rating = query.column_double(4);
    if (const auto from = query.column_optional_int(5)) place.from_division = static_cast<int>(*from);
    places.push_back(std::move(place));
  }
  return places;
}

void Leagues::add_game(std::int64_t id, int season, int division, std::int64_t game_id) {
  auto insert =
      db_.prepare("INSERT INTO league_games (game_id, league_id, season, division) VALUES (?, ?, ?, ?)");
  insert.bind(1, game_id).bind(2, id).bind(3, season).bind(4, division);
  insert.run();
}

void Leagues::set_result(std::int64_t game_id, std::optional<std::int64_t> winner_id) {
  auto update = db_.prepare("UPDATE league_games SET winner_id = ?, ended = 1 WHERE game_id = ?");
  update.bind(1, winner_id);
  update.bind(2, game_id);
  update.run();
}

std::vector<LeagueGame> Leagues::games(std::int64_t id, int season) const {
  auto query = db_.prepare(
      "SELECT lg.game_id, g.player0, g.player1, lg.winner_id, lg.ended, g.end_reason, lg.division FROM league_games lg "
      "JOIN games g ON g.id = lg.game_id WHERE lg.league_id = ? AND lg.season = ? ORDER BY lg.division, lg.game_id");
  query.bind(1, id).bind(2, season);
  std::vector<LeagueGame> games;
  while (query.step()) {
    LeagueGame played;
    tournament::PlayedGame& game = played.game;
    game.game_id = query.column_int(0);
    game.round = 1;
    game.first = query.column_int(1);
    game.second = query.column_int(2);
    game.winner = query.column_optional_int(3);
    game.finished = query.column_int(4) != 0;
    game.on_time = query.column_optional_text(5) == std::optional<std::string>("time");
    played.division = static_cast<int>(query.column_int(6));
    games.push_back(played);
  }
  return games;
}

int Leagues::unfinished_games(std::int64_t id, int season) const {
  auto query = db_.prepare("SELECT count(*) FROM league_games WHERE league_id = ? AND season = ? AND ended = 0");
  query.bind(1, id).bind(2, season);
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::optional<LeagueOfGame> Leagues::of_game(std::int64_t game_id) const {
  auto query = db_.prepare(
      "SELECT l.id, l.name, lg.season, lg.division FROM league_games lg JOIN leagues l ON l.id = lg.league_id "
      "WHERE lg.game_id = ?");
  query.bind(1, game_id);
  if (!query.step()) return std::nullopt;
  return LeagueOfGame{query.column_int(0), query.column_text(1), static_cast<int>(query.column_int(2)),
                      static_cast<int>(query.column_int(3))};
}

}  // namespace pbem::server
