#include "server/mailing/proposal_text.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/catalogue/catalogue.h"

namespace pbem::server {

std::string proposal_request_text(UnitOfWork& work, const GameRecord& record, const Proposal& proposal) {
  if (proposal.kind == ProposalKind::Abort) return text(Msg::AbortRequest);
  const auto moves = work.records.moves(record.id);
  for (const StoredMove& move : moves)
    if (move.ply == proposal.at_ply) return proposal_request_text(record, proposal, &move);
  return proposal_request_text(record, proposal, nullptr);
}

std::string proposal_request_text(const GameRecord& record, const Proposal& proposal, const StoredMove* named) {
  if (proposal.kind == ProposalKind::Abort) return text(Msg::AbortRequest);
  if (!named) return text(Msg::UndoRequest, {{"number", proposal.at_ply}});
  const auto game = create_game(record.type, split_words(record.options));
  return text(Msg::UndoRequestOfPly, {{"number", named->ply}, {"ply", game->describe_ply(named->move)}});
}

std::string other_player(const GameRecord& record, const std::string& userid) {
  return record.userids[0] == userid ? record.userids[1] : record.userids[0];
}

std::string cancelled_sentence(UnitOfWork& work, const GameRecord& record, const Proposal& cancelled) {
  return text(Msg::ProposalCancelledSentence,
              {{"proposer", cancelled.proposer}, {"asks", proposal_request_text(work, record, cancelled)}});
}

}  // namespace pbem::server
