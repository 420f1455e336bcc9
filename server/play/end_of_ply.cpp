#include "server/play/end_of_ply.h"

#include <chrono>
#include <stdexcept>

#include "server/play/game_clock.h"
#include "server/handlers/proposal_commands.h"
#include "server/mailing/reply_format.h"
#include "server/tournament/tournament_play.h"
#include "server/storage/conditional_moves.h"

namespace pbem::server {

namespace {

// The answer the player now to move stored in advance for the ply that made `position`,
// stored at once as their ply (the end of that ply may bring the next answer); `end` is
// what the ply itself ended with.
PlyEnd answer_in_advance(CommandContext& ctx, PlyEnd end, const Game& position) {
  const auto answer = take_conditional_answer(ctx, end.record, position);
  if (!answer) return end;
  auto next = position.clone();
  const PlyResult played = next->play(answer->answer);
  // Legal by construction: the line was replayed from this very position when stored, and
  // every takeback deletes the lines.
  if (!played.ok) throw std::logic_error("a stored conditional ply is not legal: " + played.error);
  const int colour = position.to_move();
  PlyEnd then = store_ply(ctx, end.record, *next, played.move, colour, answer->owner_id);
  then.answers.insert(then.answers.begin(), *answer);
  then.cancelled = end.cancelled + then.cancelled;
  if (!then.position) then.position = std::move(next);
  return then;
}

// What follows every stored ply or result, once, in this order. `stored` is the game as
// its store_* left it (GameRecords returns what it wrote; neither step here changes it);
// `position` is the game after a ply, null after a result, a takeback or an abort.
PlyEnd finish(CommandContext& ctx, const GameRecord& stored, const Game* position) {
  PlyEnd end;
  end.rating_changes = ctx.ratings.apply_result(stored.id);  // in the transaction that ends the game
  end.record = stored;
  end.cancelled = cancel_pending_proposal(ctx, end.record);  // nothing is left to answer
  // A tournament's game that ended: its result, and perhaps the next round or the end.
  tournament_game_ended(ctx, stored, position);
  // Conditional moves answer a ply of a game that goes on; anything else ends them all.
  if (!position || !stored.active || position->over()) {
    ConditionalMoves(ctx.db).delete_game(stored.id);
    return end;
  }
  return answer_in_advance(ctx, std::move(end), *position);
}

}  // namespace

PlyEnd store_ply(CommandContext& ctx, const GameRecord& record, const Game& game, const std::string& ply, int colour,
                 std::int64_t user_id) {
  const TurnClock clock = game.over() ? TurnClock{}
                                      : clock_after_turn(ctx.db, ctx.config.clock, record, user_id, true,
                                                         user_id_of_colour(record, game, game.to_move()),
                                                         std::chrono::system_clock::now());
  return finish(ctx, ctx.records.append(record, ply, colour, user_id, game, clock), &game);
}

PlyEnd store_loss_on_time(CommandContext& ctx, const GameRecord& record, int winner_colour) {
  return finish(ctx, ctx.records.lose_on_time(record, winner_colour), nullptr);
}

PlyEnd store_takeback(CommandContext& ctx, const GameRecord& record, std::int64_t proposal_id) {
  ctx.records.take_back_last(record, proposal_id);
  // take_back_last answers with the move it took back (what its audit needs), so the
  // shorter record is read; the clock it gets is kept in it.
  GameRecord shorter = *ctx.records.find(record.id);
  const auto position = ctx.records.replay(shorter);
  // The turn of the player who was to move ends without a move (a time bank keeps what
  // is left of theirs, without the increment); the player to move again starts a turn.
  const std::int64_t again = user_id_of_colour(shorter, *position, position->to_move());
  const std::int64_t waited = shorter.players[0] == again ? shorter.players[1] : shorter.players[0];
  ctx.records.set_turn_clock(shorter, clock_after_turn(ctx.db, ctx.config.clock, shorter, waited, false, again,
                                                       std::chrono::system_clock::now()));
  return finish(ctx, shorter, nullptr);
}

PlyEnd store_abort(CommandContext& ctx, const GameRecord& record, std::int64_t user_id, AbortCause cause) {
  return finish(ctx, ctx.records.abort(record, user_id, cause), nullptr);
}

}  // namespace pbem::server
