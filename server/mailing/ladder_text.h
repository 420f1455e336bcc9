// How ladders read in mail, on `ladder L` and `ladders`, and on the web window: the name,
// the line at the top of every mail of a ladder game, the rungs with the games under way
// and the last results. A ladder's life is server/competition/ladder_play.h.
#pragma once

#include <string>

#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/ladders.h"

namespace pbem::server {

// The last results `ladder L` and /ladders/N show.
constexpr int kLadderResultsShown = 20;

// "L#3 club"
std::string ladder_name(const LadderRecord& l);
// "L#3 club (HY 3)"
std::string ladder_title(const LadderRecord& l);
// "dave beat bob and took rung 2", "erin lost to carol", ...: one ended ladder game.
std::string ladder_result_words(const LadderGame& game);
// The ladder as `ladder L`, the mails and the web page show it: settings, rungs (at most
// 100 lines), games under way and the last results.
std::string ladder_text(Database& db, const LadderRecord& l);
// How to join and climb `l`, after ladder_text in mail (commands, so not on the web).
std::string ladder_commands_text(const LadderRecord& l);

}  // namespace pbem::server
