#include "server/play/pending_proposal.h"

namespace pbem::server {

std::optional<Proposal> cancel_pending_proposal(UnitOfWork& work, const GameRecord& record) {
  auto cancelled = Proposals(work.db).cancel_pending(record.id);
  if (cancelled) work.record(event::ProposalCancelled{record.id, proposal_kind_name(cancelled->kind)});
  return cancelled;
}

Proposal make_proposal(UnitOfWork& work, const GameRecord& record, ProposalKind kind, std::int64_t user) {
  Proposal proposal = Proposals(work.db).propose(record.id, kind, user, record.plies);
  work.record(event::ProposalMade{record.id, proposal_kind_name(kind), user});
  return proposal;
}

void answer_proposal(UnitOfWork& work, const Proposal& proposal, ProposalState state, std::int64_t user) {
  Proposals(work.db).answer(proposal, state, user);
  work.record(event::ProposalAnswered{proposal.game_id, proposal_kind_name(proposal.kind), user,
                                      state == ProposalState::Accepted});
}

}  // namespace pbem::server
