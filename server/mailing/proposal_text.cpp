#include "server/mailing/proposal_text.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/catalogue/catalogue.h"

namespace pbem::server {

std::string proposal_request_text(UnitOfWork& work, const GameRecord& record, const Proposal& proposal) {
  if (proposal.kind == ProposalKind::Abort) return text(Msg::AbortRequest);
  const auto moves = work.records.moves(record.id);
  const auto game = create_game(record.type, split_words(record.options));
  for (const StoredMove& move : moves)
    if (move.ply == proposal.at_ply)
      return text(Msg::UndoRequestOfPly, {{"number", move.ply}, {"ply", game->describe_ply(move.move)}});
  return text(Msg::UndoRequest, {{"number", proposal.at_ply}});
}

std::string cancelled_sentence(UnitOfWork& work, const GameRecord& record, const Proposal& cancelled) {
  return text(Msg::ProposalCancelledSentence,
              {{"proposer", cancelled.proposer}, {"asks", proposal_request_text(work, record, cancelled)}});
}

}  // namespace pbem::server
