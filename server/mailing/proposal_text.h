// How proposals (undo, abort by agreement) read in mail: what one asks for, and the
// sentence a board mail's headline ends with when a ply cancelled one.
#pragma once

#include <string>

#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"
#include "server/storage/proposals.h"

namespace pbem::server {

// What the proposal asks for, after "proposes to" / "proposal to": "take back move 4 (c3)".
std::string proposal_request_text(UnitOfWork& work, const GameRecord& record, const Proposal& proposal);
// The same with the move an undo names given (an accepted undo's, gone from the moves):
// without it, "take back move 4".
std::string proposal_request_text(const GameRecord& record, const Proposal& proposal, const StoredMove* named);
// The userid of `record`'s player who is not `userid`: who answers a proposal of theirs.
std::string other_player(const GameRecord& record, const std::string& userid);
// " That cancels bob's proposal to take back move 4 (c3)."
std::string cancelled_sentence(UnitOfWork& work, const GameRecord& record, const Proposal& cancelled);

}  // namespace pbem::server
