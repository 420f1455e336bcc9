#include "server/context/ply_reactions.h"

#include "server/competition/registry.h"
#include "server/mailing/proposal_text.h"
#include "server/play/conditional_answers.h"
#include "server/play/pending_proposal.h"
#include "server/play/rated_game.h"

namespace pbem::server {

// The order matters, and is the one the mails were written for:
//  1. ratings: the game that ended is rated first, so the board mail that ends it and a
//     tournament's table read the new ratings;
//  2. proposals: a ply leaves nothing for a pending undo or abort to answer, and the board
//     mail's headline says it was cancelled;
//  3. each kind of competition, in the order of the registry (competition/registry.cpp):
//     "tournament results" (a tournament game's result is recorded and may begin the
//     next round, whose games' mails follow the mail of the game that ended it), "league
//     results" (likewise; the last game of a season ends it and begins the next, whose
//     tables read the ratings of 1), "ladder results" (a climber who won takes the
//     target's rung, in the transaction that ends the game). A game is of one
//     competition at most, so they never act on the same game; their order is that of
//     the mails. A new kind of competition is one registration there, not a line here;
//  4. conditional answers last: the answer is a ply of its own, whose end runs this whole
//     list again; the PlyEnd the mail words is then the answer's.
const PlyReactions& ply_reactions() {
  static const PlyReactions reactions = [] {
    PlyReactions list;
    list.add("ratings", rate_ended_game);
    list.add("proposals", [](UnitOfWork& work, PlyEnd& end, const Game*) {
      if (const auto cancelled = cancel_pending_proposal(work, end.record))
        end.cancelled = cancelled_sentence(work, end.record, *cancelled);
    });
    for (const auto& kind : competitions().kinds())
      list.add(kind->kind() + " results", [&kind = *kind](UnitOfWork& work, PlyEnd& end, const Game* position) {
        kind.on_ply_end(work, end, position);
      });
    list.add("conditional answers", answer_from_conditional_moves);
    return list;
  }();
  return reactions;
}

}  // namespace pbem::server
