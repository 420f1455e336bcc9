#include "server/storage/game_notes.h"

#include "server/support/clock.h"

namespace pbem::server {

void GameNotes::add(std::int64_t game_id, std::int64_t user_id, int ply, bool sealed, const std::string& text) {
  auto insert =
      db_.prepare("INSERT INTO notes (game_id, user_id, ply, sealed, text, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  insert.bind(1, game_id).bind(2, user_id).bind(3, ply).bind(4, sealed ? 1 : 0).bind(5, text).bind(6, now_iso8601());
  insert.run();
}

int GameNotes::count(std::int64_t game_id, std::int64_t user_id) const {
  auto query = db_.prepare("SELECT count(*) FROM notes WHERE game_id = ? AND user_id = ?");
  query.bind(1, game_id).bind(2, user_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::vector<GameNote> GameNotes::visible(std::int64_t game_id, std::optional<std::int64_t> reader,
                                         bool game_over) const {
  // Two players' notes at most: the limit is the page of everything there can be.
  auto query = db_.prepare(
      "SELECT n.user_id, u.userid, n.ply, n.sealed, n.text, n.created_at FROM notes n JOIN users u ON u.id = n.user_id "
      "WHERE n.game_id = ? AND (n.user_id = ? OR (? = 1 AND n.sealed = 1)) ORDER BY n.id LIMIT ?");
  query.bind(1, game_id).bind(2, reader.value_or(-1)).bind(3, game_over ? 1 : 0).bind(4, 2 * kMaxNotesPerPlayer);
  std::vector<GameNote> notes;
  while (query.step())
    notes.push_back({query.column_int(0), query.column_text(1), static_cast<int>(query.column_int(2)),
                     query.column_int(3) != 0, query.column_text(4), query.column_text(5)});
  return notes;
}

}  // namespace pbem::server
