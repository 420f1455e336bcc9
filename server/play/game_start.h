// The acts that begin a game or end an invitation, each with its event (play/events.h):
// every game that starts, by a challenge, an accepted or taken invitation or a
// competition's pairing, starts through start_game; every invitation posted, answered,
// withdrawn or lapsed goes through the calls below. Their mail is the caller's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// `record`, a game just created or an invitation just started, begins: the first turn's
// clock is set (kept in `record`) and GameStarted recorded.
void start_game(UnitOfWork& work, GameRecord& record);

// `record`, just created with InvitationTerms, waits for `to` (nothing: an open one).
void invitation_sent(UnitOfWork& work, const GameRecord& record, std::optional<std::int64_t> to);
// `by` accepts the pending invitation `record` (for an open one `by` takes the free seat):
// returns the game as started, its clock set.
GameRecord accept_invitation(UnitOfWork& work, const GameRecord& record, std::int64_t by);
// Ends the pending invitation `record` unstarted: declined by `by`, withdrawn by its
// challenger `by`, or (no `by`) lapsed. False when it was no longer pending.
bool end_invitation(UnitOfWork& work, const GameRecord& record, std::optional<std::int64_t> by);

}  // namespace pbem::server
