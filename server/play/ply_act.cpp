#include "server/play/ply_act.h"

#include "server/play/seats.h"

namespace pbem::server {

ActResult<PlyPlayed, PlyRefusal> play_ply(UnitOfWork& work, const GameRecord& record, std::int64_t player_id,
                                          const std::string& ply, std::optional<int> moveno) {
  auto game = work.records.replay(record);
  const auto refused = [&](PlyRefusal why) {
    return ActResult<PlyPlayed, PlyRefusal>{std::move(why), std::move(game)};
  };
  if (record.aborted_by) return refused(refusal::GameAborted{});
  if (game->over() || !record.active) return refused(refusal::GameOver{});
  const int colour = colour_of_user(record, *game, player_id);
  if (colour != game->to_move()) return refused(refusal::NotYourTurn{game->to_move()});
  const int number = game->ply_count() + 1;
  if (moveno && *moveno != number) return refused(refusal::WrongMoveNumber{*moveno, number});
  PlyResult result = game->play(ply);
  if (!result.ok) return refused(refusal::IllegalPly{ply, result.error});
  PlyEnd end = store_ply(work, record, *game, result.move, colour, player_id);
  return {PlyPlayed{std::move(game), colour, number, result.move, std::move(end)}, nullptr};
}

}  // namespace pbem::server
