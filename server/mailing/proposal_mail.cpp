#include "server/mailing/proposal_mail.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/proposal_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

void proposal_mail(UnitOfWork& work, const GameRecord& record, const Proposal& proposal) {
  const std::string asks = proposal_request_text(work, record, proposal);
  const std::string number = std::to_string(record.id);
  send_game_mail(
      work, record,
      {.subject = text(proposal.kind == ProposalKind::Abort ? Msg::AbortProposedSubject : Msg::UndoProposedSubject,
                       {{"title", game_title(record.type)}, {"game", number}, {"proposer", proposal.proposer}}),
       .player_text = [&](const Account& account) {
         const std::string lead = text(
             Msg::ProposalLead, {{"proposer", proposal.proposer}, {"asks", asks}, {"heading", board_heading(record)}});
         if (account.id == proposal.proposed_by)
           return lead + text(Msg::ProposalWaits, {{"other", other_player(record, account.userid)},
                                                   {"type", record.type},
                                                   {"game", number},
                                                   {"player", account.userid}});
         return lead +
                text(Msg::ProposalHowToAnswer, {{"type", record.type}, {"game", number}, {"player", account.userid}});
       }});
}

void proposal_accepted_mail(UnitOfWork& work, const GameRecord& record, const ProposalAccepted& done,
                            const std::string& accepter) {
  const Proposal& proposal = done.proposal;
  // The undo's move is gone from the moves: it is named from what the act kept of it.
  const StoredMove* named = done.taken_back && done.taken_back->ply == proposal.at_ply ? &*done.taken_back : nullptr;
  const std::string agreed =
      text(Msg::ProposalAccepted, {{"player", accepter},
                                   {"proposer", proposal.proposer},
                                   {"asks", proposal_request_text(record, proposal, named)}});
  game_update(work, done.end.record, *work.records.replay(done.end.record), {.headline = agreed});
}

void proposal_declined_mail(UnitOfWork& work, const GameRecord& record, const ProposalDeclined& done,
                            const std::string& answerer) {
  const std::string asks = proposal_request_text(work, record, done.proposal);
  const std::string outcome =
      done.withdrawn
          ? text(Msg::ProposalWithdrawn, {{"player", answerer}, {"asks", asks}})
          : text(Msg::ProposalDeclined, {{"player", answerer}, {"proposer", done.proposal.proposer}, {"asks", asks}});
  const auto game = work.records.replay(record);
  const std::string mover = userids_by_colour(record, *game)[static_cast<std::size_t>(game->to_move())];
  // The same text for both.
  const std::string notice =
      text(Msg::ProposalAnswerNotice, {{"outcome", outcome}, {"heading", board_heading(record)}, {"mover", mover}});
  send_game_mail(work, record,
                 {.subject = text(done.withdrawn ? Msg::ProposalWithdrawnSubject : Msg::ProposalDeclinedSubject,
                                  {{"title", game_title(record.type)}, {"game", record.id}}),
                  .player_text = [&notice](const Account&) { return notice; }});
}

void aborted_alone_mail(UnitOfWork& work, const GameRecord& record, const std::string& player) {
  // Players and watchers read the same notice.
  const std::string notice =
      text(record.plies == 0 ? Msg::AbortedBeforeFirstMoveNotice : Msg::AbortedBeforeOwnFirstMoveNotice,
           {{"player", player}, {"heading", board_heading(record)}});
  send_game_mail(work, record,
                 {.subject = text(Msg::AbortedSubject,
                                  {{"title", game_title(record.type)}, {"game", record.id}, {"player", player}}),
                  .player_text = [&notice](const Account&) { return notice; },
                  .game_address = false,
                  .watcher_text = notice,
                  .ends_game = true});
}

std::string computer_answers_proposals_note(const std::string& computer) {
  return text(Msg::ComputerAnswersProposalsNote, {{"computer", computer}});
}

}  // namespace pbem::server
