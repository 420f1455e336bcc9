#include "server/storage/game_records.h"

#include <stdexcept>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

constexpr const char* kSelectGame =
    "SELECT g.id, g.type, g.options, g.player0, g.player1, u0.userid, u1.userid, g.status, "
    "g.winner_colour, g.plies, g.thread_id, g.created_at, g.updated_at, ua.userid, g.rated "
    "FROM games g JOIN users u0 ON u0.id = g.player0 JOIN users u1 ON u1.id = g.player1 "
    "LEFT JOIN users ua ON ua.id = g.aborted_by ";

GameRecord record_from_row(Statement& row) {
  GameRecord r;
  r.id = row.column_int(0);
  r.type = row.column_text(1);
  r.options = row.column_text(2);
  r.players = {row.column_int(3), row.column_int(4)};
  r.userids = {row.column_text(5), row.column_text(6)};
  r.active = row.column_text(7) == "active";
  if (!row.column_is_null(8)) r.winner_colour = static_cast<int>(row.column_int(8));
  r.plies = static_cast<int>(row.column_int(9));
  r.thread_id = row.column_text(10);
  r.created_at = row.column_text(11);
  r.updated_at = row.column_text(12);
  r.aborted_by = row.column_optional_text(13);
  r.rated = row.column_int(14) != 0;
  return r;
}

}  // namespace

std::array<std::string, 2> userids_by_colour(const GameRecord& record, const Game& game) {
  if (game.swapped()) return {record.userids[1], record.userids[0]};
  return record.userids;
}

GameRecord GameRecords::create(const std::string& type, const std::string& options, std::int64_t player0,
                               std::int64_t player1, const std::string& thread_domain, bool rated) {
  const std::string now = now_iso8601();
  auto insert = db_.prepare(
      "INSERT INTO games (type, options, player0, player1, status, plies, thread_id, created_at, updated_at, rated) "
      "VALUES (?, ?, ?, ?, 'active', 0, '', ?, ?, ?)");
  insert.bind(1, type).bind(2, options).bind(3, player0).bind(4, player1).bind(5, now).bind(6, now).bind(7, rated);
  insert.run();
  const std::int64_t id = db_.last_insert_id();
  // The thread root names the game, so every client groups a game's mail together.
  auto thread = db_.prepare("UPDATE games SET thread_id = ? WHERE id = ?");
  thread.bind(1, "pbem-game-" + std::to_string(id) + "." + type + "@" + thread_domain).bind(2, id);
  thread.run();
  return *find(id);
}

std::optional<GameRecord> GameRecords::find(std::int64_t id) const {
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE g.id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return record_from_row(query);
}

std::vector<StoredMove> GameRecords::moves(std::int64_t id) const {
  auto query = db_.prepare(
      "SELECT m.ply, m.move, m.colour, u.userid, m.created_at FROM moves m JOIN users u ON u.id = m.user_id "
      "WHERE m.game_id = ? ORDER BY m.ply");
  query.bind(1, id);
  std::vector<StoredMove> moves;
  while (query.step())
    moves.push_back({static_cast<int>(query.column_int(0)), query.column_text(1),
                     static_cast<int>(query.column_int(2)), query.column_text(3), query.column_text(4)});
  return moves;
}

std::unique_ptr<Game> GameRecords::replay(const GameRecord& record, std::optional<int> up_to_ply) const {
  std::unique_ptr<Game> game = create_game(record.type, split_words(record.options));
  for (const StoredMove& move : moves(record.id)) {
    if (up_to_ply && move.ply > *up_to_ply) break;
    PlyResult result = move.move == "resign" ? game->resign(move.colour) : game->play(move.move);
    if (!result.ok)
      throw std::runtime_error("game " + std::to_string(record.id) + " does not replay at ply " +
                               std::to_string(move.ply) + ": " + result.error);
  }
  return game;
}

void GameRecords::append(const GameRecord& record, const std::string& move, int colour, std::int64_t user_id,
                         const Game& after) {
  const std::string now = now_iso8601();
  auto insert = db_.prepare(
      "INSERT INTO moves (game_id, ply, move, colour, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  insert.bind(1, record.id).bind(2, after.ply_count()).bind(3, move).bind(4, colour).bind(5, user_id).bind(6, now);
  insert.run();
  auto update = db_.prepare(
      "UPDATE games SET plies = ?, status = ?, winner_colour = ?, updated_at = ? WHERE id = ?");
  update.bind(1, after.ply_count()).bind(2, after.over() ? "finished" : "active");
  if (after.winner()) update.bind(3, static_cast<std::int64_t>(*after.winner()));
  else update.bind(3, nullptr);
  update.bind(4, now).bind(5, record.id);
  update.run();
}

void GameRecords::abort(const GameRecord& record, std::int64_t user_id) {
  auto update = db_.prepare(
      "UPDATE games SET status = 'finished', winner_colour = NULL, aborted_by = ?, updated_at = ? WHERE id = ?");
  update.bind(1, user_id).bind(2, now_iso8601()).bind(3, record.id);
  update.run();
}

std::vector<GameRecord> GameRecords::list(const std::string& type, const std::vector<std::int64_t>& user_ids) const {
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE (?1 = '' OR g.type = ?1) ORDER BY g.id");
  query.bind(1, type);
  std::vector<GameRecord> games;
  while (query.step()) {
    GameRecord r = record_from_row(query);
    bool involved = user_ids.empty();
    for (std::int64_t id : user_ids) involved = involved || r.players[0] == id || r.players[1] == id;
    if (involved) games.push_back(std::move(r));
  }
  return games;
}

std::vector<GameRecord> GameRecords::active_of(std::int64_t user_id) const {
  auto query = db_.prepare(std::string(kSelectGame) +
                           "WHERE g.status = 'active' AND (g.player0 = ?1 OR g.player1 = ?1) ORDER BY g.id");
  query.bind(1, user_id);
  std::vector<GameRecord> games;
  while (query.step()) games.push_back(record_from_row(query));
  return games;
}

}  // namespace pbem::server
