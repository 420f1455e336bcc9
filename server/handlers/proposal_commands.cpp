// Takebacks and aborts by agreement (undo, abort after the first move, accept, decline) and
// rematches. The proposals' acts are play/proposal_act.h, their mail mailing/proposal_mail.h:
// here each is authenticated, called, and its refusal thrown in its words. One proposal may
// be pending per game; any ply cancels it (play/pending_proposal.h). Both players are
// mailed at every step.
#include "server/handlers/proposal_commands.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/mailing/proposal_mail.h"
#include "server/mailing/proposal_refusal_text.h"
#include "server/play/proposal_act.h"
#include "server/replies/rematch_replies.h"

namespace pbem::server {

namespace {

std::string number_of(const GameRecord& record) { return std::to_string(record.id); }

std::int64_t opponent_id(const GameRecord& record, std::int64_t player) {
  return record.players[0] == player ? record.players[1] : record.players[0];
}

// A proposal made: its mail to both players, relayed for `player`.
void announce(CommandContext& ctx, const Account& player, const GameRecord& record, const Proposal& proposal) {
  const std::size_t mails_before = ctx.out.replies.size();
  proposal_mail(ctx, record, proposal);
  ctx.relay_to(mails_before, player, opponent_id(record, player.id));
}

}  // namespace

void announce_abort_proposal(CommandContext& ctx, const Account& player, const GameRecord& record,
                             const Proposal& proposal) {
  ctx.out.summary = record.type + " #" + number_of(record) + " abort proposed by " + player.userid;
  announce(ctx, player, record, proposal);
}

void answer_proposal_as(CommandContext& ctx, const Account& player, const GameRecord& record, bool accept) {
  if (answer_invitation(ctx, player, record, accept)) return;
  // Only the answer's own mail is relayed for the player (counted against their relays),
  // not what the reactions to an abort or takeback queued before it.
  std::size_t mails_before = 0;
  if (accept) {
    auto accepted = accept_proposal(ctx, record, player.id);
    if (!accepted.done()) throw CommandError(refusal_text(std::get<ProposalRefusal>(accepted.outcome), ctx, record));
    const ProposalAccepted& done = std::get<ProposalAccepted>(accepted.outcome);
    ctx.out.summary = record.type + " #" + number_of(record) +
                      (done.proposal.kind == ProposalKind::Abort
                           ? " aborted by agreement"
                           : " move " + std::to_string(done.proposal.at_ply) + " taken back");
    mails_before = ctx.out.replies.size();
    proposal_accepted_mail(ctx, record, done, player.userid);
  } else {
    auto declined = decline_proposal(ctx, record, player.id);
    if (!declined.done()) throw CommandError(refusal_text(std::get<ProposalRefusal>(declined.outcome), ctx, record));
    const ProposalDeclined& done = std::get<ProposalDeclined>(declined.outcome);
    ctx.out.summary =
        record.type + " #" + number_of(record) + " proposal " + (done.withdrawn ? "withdrawn" : "declined");
    mails_before = ctx.out.replies.size();
    proposal_declined_mail(ctx, record, done, player.userid);
  }
  ctx.relay_to(mails_before, player, opponent_id(record, player.id));
}

void propose_undo_as(CommandContext& ctx, const Account& player, const GameRecord& record) {
  auto proposed = propose_undo(ctx, record, player.id);
  if (!proposed.done()) throw CommandError(refusal_text(std::get<ProposalRefusal>(proposed.outcome), ctx, record));
  const Proposal& proposal = std::get<Proposal>(proposed.outcome);
  ctx.out.summary = record.type + " #" + number_of(record) + " undo of move " + std::to_string(proposal.at_ply) +
                    " proposed by " + player.userid;
  announce(ctx, player, record, proposal);
}

namespace handlers {

void undo(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  propose_undo_as(ctx, player, record);
}

void accept(CommandContext& ctx, const Command& c) {
  if (take_open_invitation(ctx, c)) return;
  auto [player, record] = ctx.player_in_game(c, true);
  answer_proposal_as(ctx, player, record, true);
}

void decline(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c, true);
  answer_proposal_as(ctx, player, record, false);
}

void rematch(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  if (record.active) throw CommandError(refusal_text(rematch_refusal::RunningGame{record.id}));
  if (auto again = ctx.records.rematch_of(record.id)) {
    // A rematch invitation is the game's one rematch too, answered or not.
    const auto earlier = ctx.records.find(*again);
    rematch_refusal::Taken taken{.game = record.id, .rematch = *again, .waits = false, .ended_how = std::nullopt};
    if (earlier && earlier->invitation) {
      taken.waits = earlier->is_pending_invitation();
      if (!taken.waits) taken.ended_how = *earlier->invitation;
    }
    throw CommandError(refusal_text(taken));
  }
  // The colours exchanged: who made the first move in the old game makes the second now.
  const Account first = *ctx.accounts.find_by_id(record.players[1]);
  const Account second = *ctx.accounts.find_by_id(record.players[0]);
  for (const Account* account : {&first, &second})
    if (!account->active) throw CommandError(refusal_text(rematch_refusal::SignedOff{account->userid}));

  auto game = create_game(record.type, split_words(record.options));
  // The same clock, the banks full again.
  std::optional<TimeBank> bank = record.bank;
  if (bank) bank->seconds = {bank->limit_seconds, bank->limit_seconds};
  // A rematch is a challenge to the other player: it follows their challenges setting.
  const std::size_t mails_before = ctx.out.replies.size();
  const GameRecord fresh = start_or_invite(
      ctx, {.type = record.type,
            .options = game->options_text(),
            .first = first,
            .second = second,
            .challenger = player,
            .rated = record.rated,
            .days_per_move = record.days_per_move,
            .bank = bank,
            .weekends_off = record.weekends_off},
      rematch_headline(record, *game, player.userid, first.userid, second.userid));

  ctx.records.mark_rematch(fresh.id, record.id);
  ctx.out.summary = c.type + " #" + number_of(fresh) + " rematch of #" + number_of(record) +
                    (fresh.invitation ? " (an invitation)" : "");
  ctx.relay_to(mails_before, player, opponent_id(record, player.id));
}

}  // namespace handlers
}  // namespace pbem::server
