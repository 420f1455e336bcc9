#include "server/play/pending_proposal.h"

namespace pbem::server {

std::optional<Proposal> cancel_pending_proposal(UnitOfWork& work, const GameRecord& record) {
  return Proposals(work.db).cancel_pending(record.id);
}

}  // namespace pbem::server
