// Whose turn it is, as stored (games.to_move, games.swapped: schema/024_turn_columns.sql)
// and as a replay of the stored moves from scratch says it: the tests of every path that
// stores a ply or a result, and of the migration that fills the columns, compare the two.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"

namespace pbem::test {

// The number of the newest game.
inline std::int64_t newest_game(server::Database& db) {
  auto query = db.prepare("SELECT max(id) FROM games");
  REQUIRE(query.step());
  return query.column_int(0);
}

// Game `id`'s stored turn against the engine's replay of its stored moves (not the
// position cache, which the writes themselves fill).
inline void check_turn_columns(server::Database& db, std::int64_t id) {
  server::GameRecords records(db);
  const server::GameRecord record = *records.find(id);
  auto game = create_game(record.type, split_words(record.options));
  for (const server::StoredMove& move : records.moves(id))
    REQUIRE((move.move == "resign" ? game->resign(move.colour) : game->play(move.move)).ok);
  std::optional<std::int64_t> to_move;  // nobody once the game is over, however it ended
  if (record.active && !game->over())
    to_move = record.players[static_cast<std::size_t>(game->to_move() ^ (game->swapped() ? 1 : 0))];
  INFO("game " << id << " (" << record.type << " " << record.options << ") after " << record.plies << " plies");
  CHECK(record.swapped == game->swapped());
  CHECK(record.to_move == to_move);
}

}  // namespace pbem::test
