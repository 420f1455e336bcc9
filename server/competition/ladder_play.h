// A ladder's games (spec "Ladders"): a climb starts a game at once, and the game's end
// moves the rungs in the transaction that ends it (the ply reaction "ladder results":
// LadderKind in competition/registry.cpp). Who may climb whom and how the rungs move is
// server/tournament/ladder_rules.h (pure); how a ladder reads is mailing/ladder_text.h.
#pragma once

#include "engine/game.h"
#include "server/play/end_of_ply.h"
#include "server/play/unit_of_work.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/ladders.h"

namespace pbem::server {

// Starts the ladder game of `climber` against `target` (the caller checked the climb):
// the ladder's options and clock, the climber moves first and their clock runs; both get
// the first board mail.
GameRecord start_climb(UnitOfWork& work, const LadderRecord& l, const Account& climber, const Account& target);

// Takes `user_id` off every ladder they stand on (signoff): everyone below moves up one,
// and their ladder games still running go on, moving nobody when they end (a player who
// left takes no rung and gives none). Returns those ladders.
std::vector<LadderRecord> take_off_ladders(Database& db, std::int64_t user_id);

// The ply reaction (ply_reactions.h) for a game that has just ended: a ladder game records
// its result, and a climber who won takes the target's rung; both players are told where
// they stand.
void settle_climb(UnitOfWork& work, PlyEnd& end, const Game* position);

}  // namespace pbem::server
