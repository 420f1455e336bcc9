#include "server/play/conditional_answers.h"

#include <stdexcept>
#include <utility>

#include "server/play/conditional_tree.h"
#include "server/play/game_clock.h"
#include "server/storage/conditional_moves.h"

namespace pbem::server {

std::optional<ConditionalAnswer> take_conditional_answer(UnitOfWork& work, const GameRecord& record,
                                                        const Game& position) {
  if (position.over() || position.record().empty()) return std::nullopt;
  const std::int64_t owner = user_id_of_colour(record, position, position.to_move());
  ConditionalMoves stored_moves(work.db);
  const StoredConditionalLines stored = stored_moves.of(record.id, owner);
  if (stored.lines.empty()) return std::nullopt;
  const int plies = position.ply_count();
  const std::string played = position.ply_identity(position.record().back());
  const ConditionalTree tree(stored.lines);
  // Lines stored for another moment (cannot happen: every takeback deletes them) answer nothing.
  const auto answer = stored.at_ply == plies - 1 ? tree.answer_to(played) : std::nullopt;
  const ConditionalTree rest = answer ? tree.after(played) : ConditionalTree();
  stored_moves.store(record.id, owner, {plies + 1, rest.lines()});
  if (!answer) return std::nullopt;
  const std::string owner_userid = userids_by_colour(record, position)[static_cast<std::size_t>(position.to_move())];
  return ConditionalAnswer{owner, owner_userid, played, *answer, rest.lines().size()};
}

void answer_from_conditional_moves(UnitOfWork& work, PlyEnd& end, const Game* position) {
  // Conditional moves answer a ply of a game that goes on; anything else ends them all.
  if (!position || !end.record.active || position->over()) {
    ConditionalMoves(work.db).delete_game(end.record.id);
    return;
  }
  const auto answer = take_conditional_answer(work, end.record, *position);
  if (!answer) return;
  auto next = position->clone();
  const PlyResult played = next->play(answer->answer);
  // Legal by construction: the line was replayed from this very position when stored, and
  // every takeback deletes the lines.
  if (!played.ok) throw std::logic_error("a stored conditional ply is not legal: " + played.error);
  const int colour = position->to_move();
  PlyEnd then = store_ply(work, end.record, *next, played.move, colour, answer->owner_id);
  then.answers.insert(then.answers.begin(), *answer);
  then.cancelled = end.cancelled + then.cancelled;
  if (!then.position) then.position = std::move(next);
  end = std::move(then);
}

}  // namespace pbem::server
