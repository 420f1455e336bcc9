#include "server/mailing/proposal_text.h"

#include "engine/registry.h"
#include "engine/text.h"

namespace pbem::server {

std::string proposal_request_text(UnitOfWork& work, const GameRecord& record, const Proposal& proposal) {
  if (proposal.kind == ProposalKind::Abort) return "abort the game (it ends without a result, unrated)";
  const auto moves = work.records.moves(record.id);
  const auto game = create_game(record.type, split_words(record.options));
  for (const StoredMove& move : moves)
    if (move.ply == proposal.at_ply)
      return "take back move " + std::to_string(move.ply) + " (" + game->describe_ply(move.move) + ")";
  return "take back move " + std::to_string(proposal.at_ply);
}

std::string cancelled_sentence(UnitOfWork& work, const GameRecord& record, const Proposal& cancelled) {
  return " That cancels " + cancelled.proposer + "'s proposal to " + proposal_request_text(work, record, cancelled) +
         ".";
}

}  // namespace pbem::server
