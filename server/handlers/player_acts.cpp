#include "server/handlers/player_acts.h"

#include <type_traits>

#include "server/handlers/handlers.h"
#include "server/catalogue/catalogue.h"
#include "server/language/command_table.h"

namespace pbem::server {

namespace {

std::string_view command_of(ProposalStep step) {
  switch (step) {
    case ProposalStep::undo: return "undo";
    case ProposalStep::abort: return "abort";
    case ProposalStep::accept: return "accept";
    case ProposalStep::decline: return "decline";
  }
  return "decline";
}

// The proposals and their answers (and `abort`, and `accept` of an invitation) have no
// act of their own yet: their handlers take the command a mail would carry, which this
// makes as data (no words are parsed), and authenticate it by the channel as their mail
// command would be (CommandContext::authenticated).
void take_proposal_step(CommandContext& ctx, const PlayerAct& act, ProposalStep step) {
  const auto player = ctx.accounts.find_by_id(act.account);
  if (!player) throw CommandError(text(Msg::NoSuchUseridGivenRefusal));
  const auto record = ctx.records.find(act.game);
  Command c;
  c.spec = &command_named(command_of(step));
  c.type = record ? record->type : "";  // a game gone since: game_of_type says so
  c.userid = player->userid;
  c.boards.push_back(BoardRef{act.game, std::nullopt});
  c.move = std::string(c.spec->name);
  switch (step) {
    case ProposalStep::undo: return handlers::undo(ctx, c);
    case ProposalStep::abort: return handlers::abort_game(ctx, c);
    case ProposalStep::accept: return handlers::accept(ctx, c);
    case ProposalStep::decline: return handlers::decline(ctx, c);
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
