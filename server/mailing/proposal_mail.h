// The mail of the proposals' and abort's acts (play/proposal_act.h), to both players through
// send_game_mail or game_update: a proposal made, accepted, declined or withdrawn, and a game
// aborted alone. The handlers (handlers/proposal_commands.cpp, game_commands.cpp) call the
// act and hand its result here; who relays for whom stays theirs.
#pragma once

#include <string>

#include "server/play/proposal_act.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"
#include "server/storage/proposals.h"

namespace pbem::server {

// A proposal made in `record`: the opponent learns how to answer it, the proposer how to
// withdraw it.
void proposal_mail(UnitOfWork& work, const GameRecord& record, const Proposal& proposal);
// The board mail after `accepter` accepted: the game aborted, or its move taken back.
void proposal_accepted_mail(UnitOfWork& work, const GameRecord& record, const ProposalAccepted& done,
                            const std::string& accepter);
// The notice, the same for both players, that `answerer` declined (or, the proposer,
// withdrew) the proposal; the game goes on.
void proposal_declined_mail(UnitOfWork& work, const GameRecord& record, const ProposalDeclined& done,
                            const std::string& answerer);
// The notice to players and watchers that `player` ended `record` (as it was before) alone,
// before the first move or before their own first move. It has no game address: there is
// nothing left to play.
void aborted_alone_mail(UnitOfWork& work, const GameRecord& record, const std::string& player);
// Added to the computer's answers to a proposal: how `computer` answers them all.
std::string computer_answers_proposals_note(const std::string& computer);

}  // namespace pbem::server
