// Board pictures drawn ahead: before a batch's write transaction, the positions its moves
// would reach if carried out now, so that the worker threads (both cores) draw them into
// the shared picture cache (mailing/picture_cache.h) while nothing is locked. Inside the
// transaction the board mail then finds its picture there. It is a guess and only a
// guess: a move that is refused, or that meets a position changed by an earlier command
// of the same batch, makes a different position, which is drawn inside as before.
#pragma once

#include <memory>
#include <vector>

#include "engine/game.h"
#include "server/pipeline/intake.h"
#include "server/storage/database.h"

namespace pbem::server {

// Reads only. Moves by reply to a valid game address, and moves by command whose password
// this process has verified before (never one still to be checked); only games where a
// player takes pictures; nothing for a record that does not replay. A DatabaseError (busy) is
// thrown, as by the batch's other reads.
std::vector<std::unique_ptr<Game>> positions_after_moves(Database& db, const std::vector<const IntakeRecord*>& records);

}  // namespace pbem::server
