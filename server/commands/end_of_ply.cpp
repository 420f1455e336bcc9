#include "server/commands/end_of_ply.h"

#include <chrono>

#include "server/commands/game_clock.h"
#include "server/commands/proposal_commands.h"
#include "server/commands/reply_format.h"

namespace pbem::server {

namespace {

// What follows every stored ply or result, once, in this order.
PlyEnd finish(CommandContext& ctx, std::int64_t game_id) {
  PlyEnd end;
  end.rating_changes = ctx.ratings.apply_result(game_id);  // in the transaction that ends the game
  end.record = *ctx.records.find(game_id);
  end.cancelled = cancel_pending_proposal(ctx, end.record);  // nothing is left to answer
  return end;
}

}  // namespace

PlyEnd store_ply(CommandContext& ctx, const GameRecord& record, const Game& game, const std::string& ply, int colour,
                 std::int64_t user_id) {
  const TurnClock clock = game.over() ? TurnClock{}
                                      : turn_clock(ctx.db, ctx.config.clock, record.days_per_move,
                                                   user_id_of_colour(record, game, game.to_move()),
                                                   std::chrono::system_clock::now());
  ctx.records.append(record, ply, colour, user_id, game, clock);
  return finish(ctx, record.id);
}

PlyEnd store_loss_on_time(CommandContext& ctx, const GameRecord& record, int winner_colour) {
  ctx.records.lose_on_time(record.id, winner_colour);
  return finish(ctx, record.id);
}

PlyEnd store_takeback(CommandContext& ctx, const GameRecord& record, std::int64_t proposal_id) {
  ctx.records.take_back_last(record, proposal_id);
  const GameRecord shorter = *ctx.records.find(record.id);
  const auto position = ctx.records.replay(shorter);
  ctx.records.set_turn_clock(record.id, turn_clock(ctx.db, ctx.config.clock, record.days_per_move,
                                                   user_id_of_colour(shorter, *position, position->to_move()),
                                                   std::chrono::system_clock::now()));
  return finish(ctx, record.id);
}

PlyEnd store_abort(CommandContext& ctx, const GameRecord& record, std::int64_t user_id) {
  ctx.records.abort(record, user_id);
  return finish(ctx, record.id);
}

}  // namespace pbem::server
