#include "server/storage/game_listings.h"

#include <stdexcept>
#include <variant>

#include "server/storage/game_rows.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

// The condition of of_type/count_of_type, one text per case so that each is answered from
// games_by_type_status by its own prefix (an "?2 = '' OR" would keep the status out of it).
std::string of_type_where(std::optional<bool> active) {
  // Invitations (schema 030) are no games yet, or never were: listed as neither.
  if (!active) return "WHERE g.type = ? AND g.status IN ('active', 'finished') ";
  return *active ? "WHERE g.type = ? AND g.status = 'active' " : "WHERE g.type = ? AND g.status = 'finished' ";
}

}  // namespace

namespace {

// The games of `selection`, as SELECTs of their ids that each read one range of an index
// in game-number order (schema/024_turn_columns.sql): per user, kind and, for the games
// they play, seat and status. With `limit`, each reads at most that many, so their union
// holds the selection's first `limit` games. Parameters in `values`, in order.
struct SelectionBranches {
  std::vector<std::string> selects;
  std::vector<std::variant<std::nullptr_t, std::int64_t, std::string>> values;
};

// How many players a selection's statement names: the players, then NULLs (which match no
// game) up to the next of these counts, so that however many userids a listing names its
// statements are one of a few texts (the connection caches statements by text, at most
// Database::max_cached_sql of them).
std::size_t padded_count(std::size_t players) {
  for (std::size_t count : {1, 2, 4, 8, 16, 32, 64})
    if (players <= count) return count;
  if (players > GameSelection::kMaxPlayers)
    throw std::logic_error("a selection of games names at most " + std::to_string(GameSelection::kMaxPlayers) +
                           " players");
  return GameSelection::kMaxPlayers;
}

SelectionBranches branches_of(const GameSelection& selection, std::optional<int> limit) {
  SelectionBranches out;
  std::vector<std::string> statuses = {"active", "finished"};
  if (selection.active) statuses = {*selection.active ? "active" : "finished"};
  const std::string page = limit ? " ORDER BY id LIMIT " + std::to_string(*limit) : "";
  for (std::size_t i = 0; i < padded_count(selection.players.size()); ++i) {
    std::variant<std::nullptr_t, std::int64_t, std::string> user = nullptr;
    if (i < selection.players.size()) user = selection.players[i];
    for (const std::string& type : selection.types) {
      if (selection.their_turn) {  // to_move is set only while the game is active
        out.selects.push_back("SELECT id FROM games WHERE to_move = ? AND type = ?" + page);
        out.values.insert(out.values.end(), {user, type});
        continue;
      }
      for (const char* seat : {"player0", "player1"})
        for (const std::string& status : statuses) {
          out.selects.push_back(std::string("SELECT id FROM games WHERE ") + seat + " = ? AND type = ? AND status = ?" +
                                page);
          out.values.insert(out.values.end(), {user, type, status});
        }
    }
  }
  return out;
}

// `selects` as one: a UNION (a game two named users play is one game). Each branch is a
// subquery of its own, where its ORDER BY and LIMIT are allowed on both engines.
std::string union_of(const std::vector<std::string>& selects) {
  std::string sql;
  for (std::size_t i = 0; i < selects.size(); ++i)
    sql += (i ? " UNION " : "") + std::string("SELECT id FROM (") + selects[i] + ") AS b" + std::to_string(i);
  return sql;
}

void bind_values(Statement& query, const std::vector<std::variant<std::nullptr_t, std::int64_t, std::string>>& values) {
  int index = 0;
  for (const auto& value : values) std::visit([&](const auto& v) { query.bind(++index, v); }, value);
}

// The branches of finished_of_user: each seat and kind read from its index, a page each.
SelectionBranches finished_branches(std::int64_t user_id, const std::vector<std::string>& types,
                                    const std::string& since, std::optional<int> limit) {
  SelectionBranches out;
  const std::string page = limit ? " ORDER BY ended_at, id LIMIT " + std::to_string(*limit) : "";
  for (const std::string& type : types)
    for (const char* seat : {"player0", "player1"}) {
      out.selects.push_back(std::string("SELECT id, ended_at FROM games WHERE ") + seat +
                            " = ? AND type = ? AND status = 'finished' AND ended_at >= ?" + page);
      out.values.insert(out.values.end(), {user_id, type, since});
    }
  return out;
}
}  // namespace

std::vector<GameRecord> GameListings::selected(const GameSelection& selection, int limit) const {
  if (selection.players.empty() || selection.types.empty()) return {};
  const SelectionBranches branches = branches_of(selection, limit);
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE g.id IN (" + union_of(branches.selects) +
                           ") ORDER BY g.id LIMIT " + std::to_string(limit));
  bind_values(query, branches.values);
  std::vector<GameRecord> games;
  while (query.step()) games.push_back(record_from_row(query));
  return games;
}

std::int64_t GameListings::count_selected(const GameSelection& selection) const {
  if (selection.players.empty() || selection.types.empty()) return 0;
  const SelectionBranches branches = branches_of(selection, std::nullopt);
  auto query = db_.prepare("SELECT count(*) FROM (" + union_of(branches.selects) + ") AS selected");
  bind_values(query, branches.values);
  query.step();
  return query.column_int(0);
}

std::vector<std::int64_t> GameListings::awaiting(std::int64_t user_id) const {
  auto query = db_.prepare("SELECT id FROM games WHERE to_move = ? ORDER BY id");
  query.bind(1, user_id);
  return ids_of(query);
}

std::vector<GameRecord> GameListings::of_type(const std::string& type, std::optional<bool> active, int limit) const {
  auto query = db_.prepare(std::string(kSelectGame) + of_type_where(active) + "ORDER BY g.id LIMIT ?");
  query.bind(1, type).bind(2, limit);
  std::vector<GameRecord> games;
  while (query.step()) games.push_back(record_from_row(query));
  return games;
}

std::int64_t GameListings::count_of_type(const std::string& type, std::optional<bool> active) const {
  auto query = db_.prepare("SELECT count(*) FROM games g " + of_type_where(active));
  query.bind(1, type);
  query.step();
  return query.column_int(0);
}

std::vector<GameRecord> GameListings::in_progress(int limit) const {
  auto query = db_.prepare(std::string(kSelectGame) +
                           "WHERE g.status = 'active' ORDER BY g.updated_at DESC, g.id DESC LIMIT ?");
  query.bind(1, limit);
  return all_rows(query);
}

int GameListings::count_in_progress() const {
  auto query = db_.prepare("SELECT count(*) FROM games WHERE status = 'active'");
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::vector<GameRecord> GameListings::ended_since(const std::string& since_iso, int limit) const {
  auto query = db_.prepare(std::string(kSelectGame) +
                           "WHERE g.ended_at >= ? ORDER BY g.ended_at DESC, g.id DESC LIMIT ?");
  query.bind(1, since_iso).bind(2, limit);
  return all_rows(query);
}

std::vector<GameRecord> GameListings::of_user(std::int64_t user_id, int limit) const {
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE (g.player0 = ?1 OR g.player1 = ?1) AND g.status IN ('active', 'finished') "
                           "ORDER BY g.id DESC LIMIT ?2");
  query.bind(1, user_id).bind(2, limit);
  return all_rows(query);
}

int GameListings::count_active(std::int64_t user_id) const {
  auto query = db_.prepare("SELECT count(*) FROM games WHERE status = 'active' AND (player0 = ?1 OR player1 = ?1)");
  query.bind(1, user_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

int GameListings::count_active_against_computer(std::int64_t user_id) const {
  auto query = db_.prepare(
      "SELECT count(*) FROM games g JOIN users u ON u.id = CASE WHEN g.player0 = ?1 THEN g.player1 ELSE g.player0 END "
      "WHERE g.status = 'active' AND (g.player0 = ?1 OR g.player1 = ?1) AND u.computer = 1");
  query.bind(1, user_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::vector<GameRecord> GameListings::finished_of_user(std::int64_t user_id, const std::vector<std::string>& types,
                                                       const std::string& since, int limit) const {
  if (types.empty()) return {};
  const SelectionBranches branches = finished_branches(user_id, types, since, limit);
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE g.id IN (" + union_of(branches.selects) +
                           ") ORDER BY g.ended_at, g.id LIMIT " + std::to_string(limit));
  bind_values(query, branches.values);
  std::vector<GameRecord> games;
  while (query.step()) games.push_back(record_from_row(query));
  return games;
}

std::int64_t GameListings::count_finished_of_user(std::int64_t user_id, const std::vector<std::string>& types,
                                                  const std::string& since) const {
  if (types.empty()) return 0;
  const SelectionBranches branches = finished_branches(user_id, types, since, std::nullopt);
  auto query = db_.prepare("SELECT count(*) FROM (" + union_of(branches.selects) + ") AS selected");
  bind_values(query, branches.values);
  query.step();
  return query.column_int(0);
}

}  // namespace pbem::server
