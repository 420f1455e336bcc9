// Rating a stored game in a test as the ply reaction does (play/rated_game.h): the rule
// decides whether it counts, storage rates it once.
#pragma once

#include <cstdint>
#include <vector>

#include "server/play/rated_game.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"

namespace pbem::test {

// The changes game `game_id` makes; nothing when it does not count or was rated already.
inline std::vector<server::RatingChange> rate_stored_game(server::Database& db, std::int64_t game_id) {
  const auto record = server::GameRecords(db).find(game_id);
  const auto result = record ? server::rated_result(*record) : std::nullopt;
  return result ? server::Ratings(db).apply_result(*result) : std::vector<server::RatingChange>{};
}

}  // namespace pbem::test
