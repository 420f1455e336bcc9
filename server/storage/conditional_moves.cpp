#include "server/storage/conditional_moves.h"

#include "engine/text.h"

namespace pbem::server {

StoredConditionalLines ConditionalMoves::of(std::int64_t game_id, std::int64_t user_id) const {
  auto query = db_.prepare(
      "SELECT at_ply, plies FROM conditional_moves WHERE game_id = ? AND user_id = ? ORDER BY line_no");
  query.bind_all(game_id, user_id);
  StoredConditionalLines stored;
  while (query.step()) {
    stored.at_ply = static_cast<int>(query.column_int(0));
    stored.lines.push_back(split_words(query.column_text(1)));
  }
  return stored;
}

void ConditionalMoves::store(std::int64_t game_id, std::int64_t user_id, const StoredConditionalLines& stored) {
  auto remove = db_.prepare("DELETE FROM conditional_moves WHERE game_id = ? AND user_id = ?");
  remove.bind_all(game_id, user_id).run();
  auto insert = db_.prepare(
      "INSERT INTO conditional_moves (game_id, user_id, line_no, at_ply, plies) VALUES (?, ?, ?, ?, ?)");
  std::int64_t line_no = 0;
  for (const auto& line : stored.lines) {
    std::string plies;
    for (const std::string& ply : line) plies += (plies.empty() ? "" : " ") + ply;
    insert.bind_all(game_id, user_id, ++line_no, stored.at_ply, plies).run();
  }
}

int ConditionalMoves::delete_game(std::int64_t game_id) {
  auto remove = db_.prepare("DELETE FROM conditional_moves WHERE game_id = ?");
  remove.bind(1, game_id).run();
  return db_.changes();
}

}  // namespace pbem::server
