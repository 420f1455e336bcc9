// The part of the proposals (proposal_commands.cpp) that another game command calls:
// `abort` after the first move is a proposal. (A ply cancels a pending proposal:
// play/pending_proposal.h.)
#pragma once

#include <string>

#include "server/context/command_context.h"

namespace pbem::server {

// `<game> abort N ...` once the game has a move: `player` (authenticated, a player of
// `record`) proposes to end it without a result.
void propose_abort(CommandContext& ctx, const Command& c, const Account& player, const GameRecord& record);

}  // namespace pbem::server
