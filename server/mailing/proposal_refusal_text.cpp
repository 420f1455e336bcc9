#include "server/mailing/proposal_refusal_text.h"

#include "server/mailing/competition_text.h"
#include "server/mailing/proposal_text.h"
#include "server/mailing/refusal_text.h"
#include "server/mailing/reply_format.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {

std::string pending_refusal(UnitOfWork& work, const GameRecord& record, const Proposal& pending) {
  return text(Msg::ProposalPendingRefusal, {{"game", record.id},
                                            {"proposer", pending.proposer},
                                            {"asks", proposal_request_text(work, record, pending)},
                                            {"other", other_player(record, pending.proposer)}});
}

}  // namespace

Msg refusal_message(const ProposalRefusal& why) {
  return std::visit(Overloaded{[](const refusal::GameAborted&) { return Msg::GameAbortedRefusal; },
                               [](const refusal::GameOver&) { return Msg::GameIsOverRefusal; },
                               [](const refusal::ProposalPending&) { return Msg::ProposalPendingRefusal; },
                               [](const refusal::NoMoveToTakeBack&) { return Msg::NoMoveToTakeBackRefusal; },
                               [](const refusal::NotYourLastMove&) { return Msg::NotYourLastMoveRefusal; },
                               [](const refusal::NoProposalGameOver&) { return Msg::NoProposalOverRefusal; },
                               [](const refusal::NoProposalToAccept&) { return Msg::NoProposalToAcceptRefusal; },
                               [](const refusal::NoProposalToDecline&) { return Msg::NoProposalToDeclineRefusal; },
                               [](const refusal::OwnProposal&) { return Msg::OwnProposalRefusal; }},
                    why);
}

Msg refusal_message(const AbortRefusal& why) {
  return std::visit(Overloaded{[](const refusal::GameAborted&) { return Msg::GameAbortedRefusal; },
                               [](const refusal::GameOver&) { return Msg::GameIsOverRefusal; },
                               [](const refusal::AbortInCompetition&) { return Msg::AbortInCompetitionRefusal; },
                               [](const refusal::ProposalPending&) { return Msg::ProposalPendingRefusal; }},
                    why);
}

std::string refusal_text(const ProposalRefusal& why, UnitOfWork& work, const GameRecord& record) {
  const Msg id = refusal_message(why);
  return std::visit(
      Overloaded{// A proposal's refusal names how the game was aborted, not when (abort's says both).
                 [&](const refusal::GameAborted&) {
                   return text(id, {{"game", record.id}, {"aborted", aborted_note(record)}});
                 },
                 [&](const refusal::ProposalPending& r) { return pending_refusal(work, record, r.pending); },
                 [&](const refusal::NotYourLastMove& r) {
                   return text(id, {{"game", record.id}, {"number", r.number}, {"player", r.mover}});
                 },
                 [&](const refusal::OwnProposal& r) {
                   return text(id, {{"asks", proposal_request_text(work, record, r.proposal)},
                                    {"other", other_player(record, r.proposal.proposer)}});
                 },
                 // The rest name the game alone.
                 [&](const auto&) { return text(id, {{"game", record.id}}); }},
      why);
}

std::string refusal_text(const AbortRefusal& why, UnitOfWork& work, const GameRecord& record) {
  return std::visit(Overloaded{[&](const refusal::GameAborted&) { return aborted_refusal(record); },
                               [&](const refusal::GameOver&) {
                                 return text(Msg::GameIsOverRefusal, {{"game", record.id}});
                               },
                               [&](const refusal::AbortInCompetition& r) {
                                 return abort_refused(record.id, CompetitionOfGame(r.kind, r.id, r.name));
                               },
                               [&](const refusal::ProposalPending& r) {
                                 return pending_refusal(work, record, r.pending);
                               }},
                    why);
}

}  // namespace pbem::server
