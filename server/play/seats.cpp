#include "server/play/seats.h"

namespace pbem::server {

std::int64_t user_id_of_colour(const GameRecord& record, const Game& game, int colour) {
  const std::size_t seat = static_cast<std::size_t>(colour) ^ (game.swapped() ? 1u : 0u);
  return record.players[seat];
}

int colour_of_user(const GameRecord& record, const Game& game, std::int64_t user_id) {
  return user_id_of_colour(record, game, 0) == user_id ? 0 : 1;
}

std::size_t seat_of(const GameRecord& record, std::int64_t user_id) { return record.players[0] == user_id ? 0 : 1; }

std::optional<std::int64_t> winner_id(const GameRecord& record) {
  if (!record.winner_colour) return std::nullopt;
  return record.players[static_cast<std::size_t>(*record.winner_colour) ^ (record.swapped ? 1u : 0u)];
}

}  // namespace pbem::server
