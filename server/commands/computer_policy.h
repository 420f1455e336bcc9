// How the computer opponent answers what only a player can decide: a pending proposal
// (undo, abort). The pipeline's bot thread (pipeline/bot_turns.*) only schedules the
// answer; the decision and its wording are here.
#pragma once

#include <string>

#include "server/storage/game_records.h"

namespace pbem::server {

// "accept" in an unrated game, "decline" in a rated one (ratings count whole games).
std::string computer_answer_to_proposal(const GameRecord& record);

// The paragraph the computer's answer mail ends with, saying why it answered so.
std::string computer_answer_note(const std::string& computer_userid);

}  // namespace pbem::server
