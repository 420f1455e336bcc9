// The end of a ply: every way a ply or a result is stored goes through here, inside the
// command's transaction (a move or swap, a resignation, a loss on time, an accepted undo,
// an abort (also the clock's when the player to move never moved), the computer's move,
// which is a move). Each stores what changed, then finish() does what follows any of them,
// in one order: the ratings of a game that ended rated, the pending proposal cancelled.
// The game as stored (deadline, status, result) is what GameRecords returns from the
// write, not read back. What is to follow a ply next is one call each in finish(): a
// tournament game's result (and its next round), a conditional answer. The mail side
// words the PlyEnd it returns (game_update in game_mail.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/handlers/conditional_commands.h"
#include "server/handlers/command_context.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"

namespace pbem::server {

struct PlyEnd {
  GameRecord record;                         // the game as stored now
  std::vector<RatingChange> rating_changes;  // when this ended a rated game
  std::string cancelled;                     // " That cancels bob's proposal to ...", or ""
  // The plies played at once after a stored ply from the conditional moves of the player
  // it left to move (each answer may meet the other player's conditional moves in turn),
  // and the game after them (null when there were none).
  std::vector<ConditionalAnswer> answers;
  std::shared_ptr<const Game> position;
};

// A ply `game` has just made (a placement, swap or resign by `colour`, played by user
// `user_id`): stored with the clock of the player now to move.
PlyEnd store_ply(CommandContext& ctx, const GameRecord& record, const Game& game, const std::string& ply, int colour,
                 std::int64_t user_id);
// The player to move has lost on time: `winner_colour` wins; the moves stay as they are.
PlyEnd store_loss_on_time(CommandContext& ctx, const GameRecord& record, int winner_colour);
// An accepted undo (proposal `proposal_id`): the last ply is taken back, and the player to
// move again gets a whole period for it, as after any ply.
PlyEnd store_takeback(CommandContext& ctx, const GameRecord& record, std::int64_t proposal_id);
// An abort: by a player alone before the first move, by agreement (`user_id` proposed it)
// after it; or by the clock, AbortCause::NeverMoved: `user_id`'s time ran out before their
// first ply. No result, unrated.
PlyEnd store_abort(CommandContext& ctx, const GameRecord& record, std::int64_t user_id,
                   AbortCause cause = AbortCause::Players);

}  // namespace pbem::server
