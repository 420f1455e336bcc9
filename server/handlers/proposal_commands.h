// The parts of the proposals (proposal_commands.cpp) that other game commands call: a ply
// cancels a pending proposal, and `abort` after the first move is a proposal.
#pragma once

#include <string>

#include "server/handlers/command_context.h"

namespace pbem::server {

// Cancels the game's pending proposal because a ply was just played; returns the sentence
// the board mail's headline ends with to say so, or "" when none was pending.
std::string cancel_pending_proposal(CommandContext& ctx, const GameRecord& record);

// `<game> abort N ...` once the game has a move: `player` (authenticated, a player of
// `record`) proposes to end it without a result.
void propose_abort(CommandContext& ctx, const Command& c, const Account& player, const GameRecord& record);

}  // namespace pbem::server
