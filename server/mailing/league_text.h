// How leagues read in mail, on `league G`, `leagues` and on the web window: names and
// titles, the line at the top of a league game's mails, a division's table and the whole
// league. The league's life (its seasons) is server/competition/league_play.h.
#pragma once

#include <string>

#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/leagues.h"
#include "server/tournament/league_rules.h"
#include "server/tournament/tournament_rules.h"

namespace pbem::server {

// The rules' settings of league `l` (league_rules.h).
tournament::LeagueSettings league_settings(const LeagueRecord& l);
// "G#3 club"
std::string league_name(const LeagueRecord& l);
// "G#3 club (HY 3, divisions of 8, 2 up and 2 down)"
std::string league_title(const LeagueRecord& l);
// "League G#3 club, season 2, division 1\n\n" at the top of every mail of a league game; ""
// for another game.
std::string league_line(Database& db, const GameRecord& record);
// The table of one division of one season (round robin scoring and tie-breaks), with its
// crosstable.
std::string division_table_text(Database& db, const LeagueRecord& l, int season, int division);
// The final order of one division of one season, best first (user ids).
std::vector<std::int64_t> division_order(Database& db, const LeagueRecord& l, int season, int division);
// What `league G` shows: the settings, the current season's divisions and tables, the
// moves up and down into it, who waits for the next season and who leaves after this one.
std::string league_text(Database& db, const LeagueRecord& l);

}  // namespace pbem::server
