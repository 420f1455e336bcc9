#include "server/play/rated_game.h"

namespace pbem::server {

std::optional<RatedResult> rated_result(const GameRecord& record) {
  if (record.active || !record.rated || !record.winner_colour || record.aborted_by) return std::nullopt;
  const std::string winner = userids_by_colour(record)[static_cast<std::size_t>(*record.winner_colour)];
  return RatedResult{record.id, record.type, record.players, record.userids, winner == record.userids[0] ? 0 : 1};
}

void rate_ended_game(UnitOfWork& work, PlyEnd& end, const Game*) {
  const auto result = rated_result(end.record);
  if (!result) return;
  end.rating_changes = work.ratings.apply_result(*result);
  event::RatingsChanged changed{end.record.id, {}};
  for (const RatingChange& change : end.rating_changes)
    changed.changes.push_back({change.user_id, change.before.rating, change.after.rating});
  work.record(std::move(changed));
}

}  // namespace pbem::server
