// What the game tables' classes share (game_records.*, game_clocks.*, game_invitations.*,
// game_listings.*): the one SELECT of a game with its players' userids, and the reading of
// its rows. Storage only: no class outside storage/ reads rows.
#pragma once

#include <cstdint>
#include <vector>

#include "server/storage/database.h"
#include "server/storage/game_record.h"

namespace pbem::server {

// "SELECT <every column of a game> FROM games g JOIN users ... " : append WHERE and ORDER.
extern const char* const kSelectGame;
GameRecord record_from_row(Statement& row);
std::vector<GameRecord> all_rows(Statement& query);
// The first column of every row, as ids.
std::vector<std::int64_t> ids_of(Statement& query);

}  // namespace pbem::server
