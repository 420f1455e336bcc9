// Takebacks and aborts by agreement (undo, abort after the first move, accept, decline) and
// rematches. One proposal may be pending per game; any ply cancels it (move and resign
// call cancel_pending_proposal). Both players are mailed at every step.
#include "server/handlers/proposal_commands.h"
#include "server/play/pending_proposal.h"

#include <chrono>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/play/end_of_ply.h"
#include "server/play/game_clock.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/game_mail.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/mailing/proposal_text.h"
#include "server/mailing/reply_format.h"
#include "server/storage/proposals.h"

namespace pbem::server {

namespace {

std::string number_of(const GameRecord& record) { return std::to_string(record.id); }

std::string opponent_of(const GameRecord& record, const std::string& userid) {
  return record.userids[0] == userid ? record.userids[1] : record.userids[0];
}

std::int64_t opponent_id(const GameRecord& record, std::int64_t player) {
  return record.players[0] == player ? record.players[1] : record.players[0];
}

// A game that can still take a proposal: running, and with none pending.
void refuse_unless_open_to_proposals(CommandContext& ctx, const GameRecord& record) {
  if (record.aborted_by)
    throw CommandError(text(Msg::GameAbortedRefusal, {{"game", record.id}, {"aborted", aborted_note(record)}}));
  if (!record.active) throw CommandError(text(Msg::GameIsOverRefusal, {{"game", record.id}}));
  if (auto pending = Proposals(ctx.db).pending(record.id))
    throw CommandError(text(Msg::ProposalPendingRefusal, {{"game", record.id},
                                                          {"proposer", pending->proposer},
                                                          {"asks", proposal_request_text(ctx, record, *pending)},
                                                          {"other", opponent_of(record, pending->proposer)}}));
}

// The proposal mail: the opponent learns how to answer, the proposer how to withdraw.
void announce(CommandContext& ctx, const GameRecord& record, const Proposal& proposal) {
  const std::string asks = proposal_request_text(ctx, record, proposal);
  const std::string number = number_of(record);
  send_game_mail(
      ctx, record,
      {.subject = text(proposal.kind == ProposalKind::Abort ? Msg::AbortProposedSubject : Msg::UndoProposedSubject,
                       {{"title", game_title(record.type)}, {"game", number}, {"proposer", proposal.proposer}}),
       .player_text = [&](const Account& account) {
         const std::string lead =
             text(Msg::ProposalLead, {{"proposer", proposal.proposer}, {"asks", asks}, {"heading", board_heading(record)}});
         if (account.id == proposal.proposed_by)
           return lead + text(Msg::ProposalWaits, {{"other", opponent_of(record, account.userid)},
                                                   {"type", record.type},
                                                   {"game", number},
                                                   {"player", account.userid}});
         return lead +
                text(Msg::ProposalHowToAnswer, {{"type", record.type}, {"game", number}, {"player", account.userid}});
       }});
}

// The pending proposal `player` may answer; `accepting`: the proposer may not accept it.
Proposal answerable(CommandContext& ctx, const GameRecord& record, const Account& player, bool accepting) {
  // Every way a game ends here cancels its proposal; should another (a loss on time) not,
  // a finished game still takes no answer.
  if (!record.active) throw CommandError(text(Msg::NoProposalOverRefusal, {{"game", record.id}}));
  auto pending = Proposals(ctx.db).pending(record.id);
  if (!pending)
    throw CommandError(
        text(accepting ? Msg::NoProposalToAcceptRefusal : Msg::NoProposalToDeclineRefusal, {{"game", record.id}}));
  if (accepting && pending->proposed_by == player.id)
    throw CommandError(text(Msg::OwnProposalRefusal, {{"asks", proposal_request_text(ctx, record, *pending)},
                                                      {"other", opponent_of(record, player.userid)}}));
  return *pending;
}

}  // namespace

void propose_abort(CommandContext& ctx, const Command& c, const Account& player, const GameRecord& record) {
  refuse_unless_open_to_proposals(ctx, record);
  const Proposal proposal = make_proposal(ctx, record, ProposalKind::Abort, player.id);
  ctx.out.summary = c.type + " #" + number_of(record) + " abort proposed by " + player.userid;
  const std::size_t mails_before = ctx.out.replies.size();
  announce(ctx, record, proposal);
  ctx.relay_to(mails_before, player, opponent_id(record, player.id));
}

namespace handlers {

void undo(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  refuse_unless_open_to_proposals(ctx, record);
  const auto moves = ctx.records.moves(record.id);
  if (moves.empty()) throw CommandError(text(Msg::NoMoveToTakeBackRefusal, {{"game", record.id}}));
  const StoredMove& last = moves.back();
  if (last.userid != player.userid)
    throw CommandError(
        text(Msg::NotYourLastMoveRefusal, {{"game", record.id}, {"number", last.ply}, {"player", last.userid}}));
  const Proposal proposal = make_proposal(ctx, record, ProposalKind::Undo, player.id);
  ctx.out.summary = c.type + " #" + number_of(record) + " undo of move " + std::to_string(last.ply) +
                    " proposed by " + player.userid;
  const std::size_t mails_before = ctx.out.replies.size();
  announce(ctx, record, proposal);
  ctx.relay_to(mails_before, player, opponent_id(record, player.id));
}

void accept(CommandContext& ctx, const Command& c) {
  if (take_open_invitation(ctx, c)) return;
  auto [player, record] = ctx.player_in_game(c, true);
  if (answer_invitation(ctx, player, record, true)) return;
  const Proposal proposal = answerable(ctx, record, player, true);
  const std::string asks = proposal_request_text(ctx, record, proposal);
  answer_proposal(ctx, proposal, ProposalState::Accepted, player.id);
  const std::string agreed =
      text(Msg::ProposalAccepted, {{"player", player.userid}, {"proposer", proposal.proposer}, {"asks", asks}});
  // Any ply cancels a proposal, so an undo's last ply is still the one it named.
  if (proposal.kind == ProposalKind::Undo && record.plies != proposal.at_ply)
    throw std::logic_error("game " + number_of(record) + " moved on under a pending undo");
  const PlyEnd end = proposal.kind == ProposalKind::Abort ? store_abort(ctx, record, proposal.proposed_by)
                                                          : store_takeback(ctx, record, proposal.id);
  ctx.out.summary = c.type + " #" + number_of(record) +
                    (proposal.kind == ProposalKind::Abort
                         ? " aborted by agreement"
                         : " move " + std::to_string(proposal.at_ply) + " taken back");
  const std::size_t mails_before = ctx.out.replies.size();
  game_update(ctx, end.record, *ctx.records.replay(end.record), {.headline = agreed});
  ctx.relay_to(mails_before, player, opponent_id(record, player.id));
}

void decline(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c, true);
  if (answer_invitation(ctx, player, record, false)) return;
  const Proposal proposal = answerable(ctx, record, player, false);
  const std::string asks = proposal_request_text(ctx, record, proposal);
  const bool withdrawn = proposal.proposed_by == player.id;
  answer_proposal(ctx, proposal, withdrawn ? ProposalState::Withdrawn : ProposalState::Declined, player.id);
  const std::string outcome =
      withdrawn ? text(Msg::ProposalWithdrawn, {{"player", player.userid}, {"asks", asks}})
                : text(Msg::ProposalDeclined, {{"player", player.userid}, {"proposer", proposal.proposer}, {"asks", asks}});
  ctx.out.summary = c.type + " #" + number_of(record) + " proposal " + (withdrawn ? "withdrawn" : "declined");
  const auto game = ctx.records.replay(record);
  const std::string mover = userids_by_colour(record, *game)[static_cast<std::size_t>(game->to_move())];
  // The same text for both (built first: clang 14 cannot capture a structured binding).
  const std::string notice =
      text(Msg::ProposalAnswerNotice, {{"outcome", outcome}, {"heading", board_heading(record)}, {"mover", mover}});
  const std::size_t mails_before = ctx.out.replies.size();
  send_game_mail(ctx, record,
                 {.subject = text(withdrawn ? Msg::ProposalWithdrawnSubject : Msg::ProposalDeclinedSubject,
                                  {{"title", game_title(record.type)}, {"game", record.id}}),
                  .player_text = [&notice](const Account&) { return notice; }});
  ctx.relay_to(mails_before, player, opponent_id(record, player.id));
}

void rematch(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  if (record.active)
    throw CommandError(text(Msg::RematchOfRunningGameRefusal, {{"game", record.id}}));
  if (auto again = ctx.records.rematch_of(record.id)) {
    // A rematch invitation is the game's one rematch too, answered or not.
    const auto earlier = ctx.records.find(*again);
    const std::string state = !earlier || !earlier->invitation ? ""
                              : earlier->is_pending_invitation()
                                  ? text(Msg::RematchWaiting)
                                  : text(Msg::RematchInvitationEnded, {{"how", *earlier->invitation}});
    throw CommandError(text(Msg::RematchTakenRefusal, {{"game", record.id}, {"rematch", *again}, {"state", state}}));
  }
  // The colours exchanged: who made the first move in the old game makes the second now.
  const Account first = *ctx.accounts.find_by_id(record.players[1]);
  const Account second = *ctx.accounts.find_by_id(record.players[0]);
  for (const Account* account : {&first, &second})
    if (!account->active) throw CommandError(text(Msg::SignedOffNoRematchRefusal, {{"player", account->userid}}));

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
            .weekends_off = record.weekends_off,
            .headline = text(Msg::RematchHeadline, {{"rematched", number_of(record)},
                                                    {"player", player.userid},
                                                    {"title", game_title(record.type)},
                                                    {"first", first.userid},
                                                    {"first_colour", colour_of(*game, 0)},
                                                    {"second", second.userid},
                                                    {"second_colour", colour_of(*game, 1)}})});

  ctx.records.mark_rematch(fresh.id, record.id);
  ctx.out.summary = c.type + " #" + number_of(fresh) + " rematch of #" + number_of(record) +
                    (fresh.invitation ? " (an invitation)" : "");
  ctx.relay_to(mails_before, player, opponent_id(record, player.id));
}

}  // namespace handlers
}  // namespace pbem::server
