#include "server/handlers/player_acts.h"

#include <type_traits>

#include "server/handlers/invitations.h"
#include "server/handlers/proposal_commands.h"

namespace pbem::server {

namespace {

// The proposals and their answers (and `accept` and `decline` of an invitation, and
// `abort`), by the same cores as their mail commands.
void take_proposal_step(CommandContext& ctx, const PlayerAct& act, ProposalStep step) {
  const Account player = ctx.actor_of(act);
  if (step == ProposalStep::accept)
    if (const auto record = ctx.records.find(act.game); record && take_open_invitation_as(ctx, player, *record)) return;
  const bool answer = step == ProposalStep::accept || step == ProposalStep::decline;
  const GameRecord record = ctx.game_of_act(player, act, answer);  // an answer may be an invitation's
  switch (step) {
    case ProposalStep::undo: return propose_undo_as(ctx, player, record);
    case ProposalStep::abort: return handlers::abort_as(ctx, player, record);
    case ProposalStep::accept: return answer_proposal_as(ctx, player, record, true);
    case ProposalStep::decline: return answer_proposal_as(ctx, player, record, false);
  }
}

}  // namespace

void carry_out(CommandContext& ctx, const PlayerAct& act) {
  if (const auto* step = std::get_if<AskedProposalStep>(&act.asked)) return take_proposal_step(ctx, act, step->step);
  auto [player, record] = ctx.player_of_act(act);
  std::visit(
      [&](const auto& asked) {
        using Asked = std::decay_t<decltype(asked)>;
        if constexpr (std::is_same_v<Asked, AskedPly>) handlers::play_move(ctx, player, record, asked.ply, asked.moveno);
        else if constexpr (std::is_same_v<Asked, AskedResign>) handlers::resign_as(ctx, player, record);
        else if constexpr (std::is_same_v<Asked, AskedConditional>)
          handlers::set_conditional_moves(ctx, player, record, asked.words);
        else if constexpr (std::is_same_v<Asked, AskedNote>) handlers::keep_note(ctx, player, record, asked.sealed, true);
      },
      act.asked);
}

}  // namespace pbem::server
