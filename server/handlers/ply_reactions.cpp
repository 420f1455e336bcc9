#include "server/handlers/ply_reactions.h"

#include "server/competition/ladder_play.h"
#include "server/competition/league_play.h"
#include "server/competition/tournament_play.h"
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
//  3. tournament scoring: a tournament game's result is recorded and may begin the next
//     round, whose games' mails follow the mail of the game that ended it;
//  4. league scoring: likewise a league game's, whose last of a season ends the season and
//     begins the next (its tables read the ratings of 1);
//  5. ladder climbs: a ladder game's result is recorded and a climber who won takes the
//     target's rung, in the transaction that ends the game (a game is of one competition
//     at most, so 3 to 5 never act on the same game; their order is that of the mails);
//  6. conditional answers last: the answer is a ply of its own, whose end runs this whole
//     list again; the PlyEnd the mail words is then the answer's.
// A new competition format that scores a game's end adds itself after the ladder climbs,
// before the conditional answers.
const PlyReactions& ply_reactions() {
  static const PlyReactions reactions = [] {
    PlyReactions list;
    list.add("ratings", rate_ended_game);
    list.add("proposals", [](UnitOfWork& work, PlyEnd& end, const Game*) {
      if (const auto cancelled = cancel_pending_proposal(work, end.record))
        end.cancelled = cancelled_sentence(work, end.record, *cancelled);
    });
    list.add("tournament scoring", score_tournament_game);
    list.add("league scoring", score_league_game);
    list.add("ladder climbs", settle_climb);
    list.add("conditional answers", answer_from_conditional_moves);
    return list;
  }();
  return reactions;
}

}  // namespace pbem::server
