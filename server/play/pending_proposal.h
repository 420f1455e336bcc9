// A pending proposal (undo, abort by agreement) ends with any ply or result of its game:
// there is nothing left for it to answer.
#pragma once

#include <optional>

#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"
#include "server/storage/proposals.h"

namespace pbem::server {

// Cancels the pending proposal of `record`'s game; returns it, or nothing when none was
// pending. Inside the transaction that stored the ply.
std::optional<Proposal> cancel_pending_proposal(UnitOfWork& work, const GameRecord& record);

// The acts of a proposal, each with its event: `user` proposes `kind` at the game's
// current ply; `user` answers `proposal` (`state`: accepted, declined, or withdrawn by its
// proposer). What follows an accepted one (the abort or the takeback) is end_of_ply's.
Proposal make_proposal(UnitOfWork& work, const GameRecord& record, ProposalKind kind, std::int64_t user);
void answer_proposal(UnitOfWork& work, const Proposal& proposal, ProposalState state, std::int64_t user);

}  // namespace pbem::server
