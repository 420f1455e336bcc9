// A finished game as rating sees it: who played, and whose seat won. Which games count,
// and who won, is decided from the stored game by server/play/rated_game.h; the ratings
// tables (server/storage/ratings.h) store what rating it makes.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace pbem::server {

struct RatedResult {
  std::int64_t game_id = 0;
  std::string type;
  std::array<std::int64_t, 2> user_ids{};  // player0, player1 (seats at the challenge)
  std::array<std::string, 2> userids;
  int winner_seat = 0;
};

}  // namespace pbem::server
