// The end of a ply: every way a ply or a result is stored goes through here, inside the
// command's transaction (a move or swap, a resignation, a loss on time, an accepted undo,
// an abort (also the clock's when the player to move never moved), the computer's move,
// which is a move). Each stores what changed, then runs the unit of work's ply reactions
// (ply_reactions.h; the server's list and its order are server/context/ply_reactions.cpp:
// ratings, the pending proposal, each kind of competition's results, conditional answers). The game as
// stored (deadline, status, result) is what GameRecords returns from the write, not read
// back. The mail side words the PlyEnd it returns (ply_update in mailing/game_mail.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"

namespace pbem::server {

// A ply the server played from a player's conditional moves (conditional_answers.h).
struct ConditionalAnswer {
  std::int64_t owner_id = 0;
  std::string owner;           // the userid whose line it was
  std::string to_ply;          // the opponent's ply it answers, canonical
  std::string answer;          // the ply played, canonical
  std::size_t lines_left = 0;  // the owner's lines after it
};

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
PlyEnd store_ply(UnitOfWork& work, const GameRecord& record, const Game& game, const std::string& ply, int colour,
                 std::int64_t user_id);
// The player to move has lost on time: `winner_colour` wins; the moves stay as they are.
PlyEnd store_loss_on_time(UnitOfWork& work, const GameRecord& record, int winner_colour);
// An accepted undo (proposal `proposal_id`): the last ply is taken back, and the player to
// move again gets a whole period for it, as after any ply.
PlyEnd store_takeback(UnitOfWork& work, const GameRecord& record, std::int64_t proposal_id);
// An abort: by a player alone before the first move, by agreement (`user_id` proposed it)
// after it; or by the clock, AbortCause::NeverMoved: `user_id`'s time ran out before their
// first ply. No result, unrated.
PlyEnd store_abort(UnitOfWork& work, const GameRecord& record, std::int64_t user_id,
                   AbortCause cause = AbortCause::Players);
// The operator's verdicts (play/operator_verdict.h): a game voided, without a result and
// unrated (a running game ends, running the reactions; one over already only records its
// new end: the ratings it made are the act's to rebuild), or a running game adjudicated
// as a win for `winner_colour`, rated and scored as any other end.
PlyEnd store_void(UnitOfWork& work, const GameRecord& record);
PlyEnd store_adjudication(UnitOfWork& work, const GameRecord& record, int winner_colour);

}  // namespace pbem::server
