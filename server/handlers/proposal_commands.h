// The parts of the proposals (proposal_commands.cpp) that other callers use: `abort` after
// the first move is a proposal (game_commands.cpp), and the computer answers one.
// (The acts are play/proposal_act.h; a ply cancels a pending proposal:
// play/pending_proposal.h.)
#pragma once

#include "server/context/command_context.h"
#include "server/storage/proposals.h"

namespace pbem::server {

// `abort` became `proposal` (play/proposal_act.h abort_game): its summary and its mail to
// both players, relayed for `player`.
void announce_abort_proposal(CommandContext& ctx, const Account& player, const GameRecord& record,
                             const Proposal& proposal);

// An undo of `player`'s last move proposed, with the mail to both players.
void propose_undo_as(CommandContext& ctx, const Account& player, const GameRecord& record);

// What `accept` (`accept` true) or `decline` does once `player` (authenticated, a player of
// `record`) and the game are known: an invitation's answer, or else the pending proposal's,
// with the mail to both players; a refusal is thrown in its words (CommandError).
void answer_proposal_as(CommandContext& ctx, const Account& player, const GameRecord& record, bool accept);

}  // namespace pbem::server
