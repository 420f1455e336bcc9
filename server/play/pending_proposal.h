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

}  // namespace pbem::server
