#include "server/storage/game_invitations.h"

#include <algorithm>
#include <stdexcept>

#include "engine/registry.h"
#include "server/storage/game_rows.h"
#include "server/support/clock.h"

namespace pbem::server {

GameRecord GameInvitations::start_invitation(const GameRecord& record, std::optional<std::int64_t> taker) {
  std::array<std::int64_t, 2> players = record.players;
  if (taker && record.open_seat) players[static_cast<std::size_t>(*record.open_seat)] = *taker;
  auto update = db_.prepare(
      "UPDATE games SET status = 'active', player0 = ?, player1 = ?, to_move = ?, lapses_at = NULL, updated_at = ? "
      "WHERE id = ? AND status IN ('invited', 'open')");
  // The seats alternate ply by ply: a fork's invitation starts with its first player to
  // move after an even number of copied plies, the second after an odd one.
  const std::int64_t to_move = players[static_cast<std::size_t>(record.plies % 2)];
  update.bind(1, players[0]).bind(2, players[1]).bind(3, to_move).bind(4, now_iso8601()).bind(5, record.id);
  update.run();
  if (db_.changes() == 0) throw std::logic_error("game " + std::to_string(record.id) + " was no pending invitation");
  return *GameRecords(db_).find(record.id);
}

bool GameInvitations::end_invitation(const GameRecord& record, const std::string& how) {
  auto update = db_.prepare(
      "UPDATE games SET status = ?, lapses_at = NULL, updated_at = ? WHERE id = ? AND status IN ('invited', 'open')");
  update.bind(1, how).bind(2, now_iso8601()).bind(3, record.id);
  update.run();
  return db_.changes() > 0;
}

std::vector<GameRecord> GameInvitations::open_invitations(const std::string& type, int limit) const {
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE g.type = ? AND g.status = 'open' ORDER BY g.id DESC LIMIT ?");
  query.bind(1, type).bind(2, static_cast<std::int64_t>(limit));
  std::vector<GameRecord> records;
  while (query.step()) records.push_back(record_from_row(query));
  return records;
}

std::vector<GameRecord> GameInvitations::open_invitations(int limit) const {
  // Each kind's newest by index games_by_type_status, merged: never every game.
  std::vector<GameRecord> records;
  for (const auto& type : game_types())
    for (GameRecord& record : open_invitations(type.name, limit)) records.push_back(std::move(record));
  std::sort(records.begin(), records.end(), [](const GameRecord& a, const GameRecord& b) { return a.id > b.id; });
  if (records.size() > static_cast<std::size_t>(limit)) records.resize(static_cast<std::size_t>(limit));
  return records;
}

std::vector<std::int64_t> GameInvitations::invitations_to_lapse(const std::string& now_iso) const {
  auto query = db_.prepare(
      "SELECT id FROM games WHERE lapses_at <= ? AND status IN ('invited', 'open') ORDER BY lapses_at, id");
  query.bind(1, now_iso);
  std::vector<std::int64_t> ids;
  while (query.step()) ids.push_back(query.column_int(0));
  return ids;
}

std::vector<GameRecord> GameInvitations::pending_invitations_of(std::int64_t user_id) const {
  auto query = db_.prepare(std::string(kSelectGame) +
                           "WHERE g.status IN ('invited', 'open') AND (g.invited_by = ?1 OR g.player0 = ?1 OR "
                           "g.player1 = ?1) ORDER BY g.id");
  query.bind(1, user_id);
  std::vector<GameRecord> records;
  while (query.step()) records.push_back(record_from_row(query));
  return records;
}

std::vector<GameRecord> GameInvitations::open_invitations_by(std::int64_t user_id, int limit) const {
  // The index's own condition, word for word, so that SQLite uses the partial index.
  auto query = db_.prepare(std::string(kSelectGame) +
                           "WHERE g.invited_by = ?1 AND g.status IN ('invited', 'open') AND g.status = 'open' "
                           "ORDER BY g.id LIMIT ?2");
  query.bind(1, user_id);
  query.bind(2, static_cast<std::int64_t>(limit));
  std::vector<GameRecord> records;
  while (query.step()) records.push_back(record_from_row(query));
  return records;
}

int GameInvitations::count_pending_invitations(std::int64_t user_id) const {
  auto query = db_.prepare("SELECT count(*) FROM games WHERE invited_by = ? AND status IN ('invited', 'open')");
  query.bind(1, user_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

bool GameInvitations::invitation_pending_between(std::int64_t a, std::int64_t b) const {
  auto query = db_.prepare(
      "SELECT 1 FROM games WHERE status = 'invited' AND "
      "((player0 = ?1 AND player1 = ?2) OR (player0 = ?2 AND player1 = ?1)) LIMIT 1");
  query.bind(1, a).bind(2, b);
  return query.step();
}

}  // namespace pbem::server
