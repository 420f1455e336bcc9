// The words of the proposals' and abort's typed refusals (play/proposal_act.h): why an undo,
// an abort, an accept or a decline did nothing, said to the player who sent it. Every kind
// has its message in the catalogue (refusal_message).
#pragma once

#include <string>

#include "server/catalogue/catalogue.h"
#include "server/play/proposal_act.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The catalogue's message for a refusal of its kind.
Msg refusal_message(const ProposalRefusal& why);
Msg refusal_message(const AbortRefusal& why);

// Why `why` refused a proposal, or an answer to one, in `record` (a pending proposal reads
// what it asks for from the game's moves, hence `work`).
std::string refusal_text(const ProposalRefusal& why, UnitOfWork& work, const GameRecord& record);
// Why `why` refused `abort` in `record`.
std::string refusal_text(const AbortRefusal& why, UnitOfWork& work, const GameRecord& record);

}  // namespace pbem::server
