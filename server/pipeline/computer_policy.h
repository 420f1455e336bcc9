// The computer opponent as a player: its ply and its answer to a proposal, each carried
// out as its own `move` command (the same handler, legality check, rating update and mails
// as a player's), and how it answers what only a player can decide. The pipeline's bot
// thread (pipeline/bot_turns.*) only schedules them: what to search, when, in which
// transaction.
#pragma once

#include <string>

#include "server/pipeline/processor.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/support/config.h"

namespace pbem::server {

// Plays `ply_text` (a ply with "#moveno") for the computer, `computer_userid`, in
// `record`'s game, inside the caller's transaction.
Outcome play_computer_ply(Database& db, const Config& config, const GameRecord& record,
                          const std::string& computer_userid, const std::string& ply_text);

// Answers the pending proposal in `record`'s game for the computer: it agrees in an
// unrated game and declines in a rated one (ratings count whole games; an agreed abort
// would let a player leave a lost rated game unrated). Its mails say why.
Outcome answer_proposal_as_computer(Database& db, const Config& config, const GameRecord& record,
                                    const std::string& computer_userid);

}  // namespace pbem::server
