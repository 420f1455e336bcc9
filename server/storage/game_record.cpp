#include "server/storage/game_record.h"

namespace pbem::server {

std::array<std::string, 2> userids_by_colour(const GameRecord& record, const Game& game) {
  if (game.swapped()) return {record.userids[1], record.userids[0]};
  return record.userids;
}

std::array<std::string, 2> userids_by_colour(const GameRecord& record) {
  if (record.swapped) return {record.userids[1], record.userids[0]};
  return record.userids;
}

}  // namespace pbem::server
