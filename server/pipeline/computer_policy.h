// The computer opponent as a player: its ply, carried out as its act (language/asked_act.h:
// the same door, handlers/player_acts.h, and the same core, legality check, rating update
// and mails as a player's move), and its answer to a proposal, carried out as its own
// `move` command; and how it answers what only a player can decide. The pipeline's bot
// thread (pipeline/bot_turns.*) only schedules them: what to search, when, in which
// transaction.
#pragma once

#include <string>

#include "server/pipeline/processor.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/support/config.h"

namespace pbem::server {

// Plays `ply` as move number `moveno` for the computer, `computer`, in `record`'s game,
// inside the caller's transaction.
Outcome play_computer_ply(Database& db, const Config& config, const GameRecord& record, const Account& computer,
                          const std::string& ply, int moveno);

// Answers the pending proposal in `record`'s game for the computer: it agrees in an
// unrated game and declines in a rated one (ratings count whole games; an agreed abort
// would let a player leave a lost rated game unrated). Its mails say why.
Outcome answer_proposal_as_computer(Database& db, const Config& config, const GameRecord& record,
                                    const Account& computer);

}  // namespace pbem::server
