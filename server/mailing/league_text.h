// How leagues read in mail, on `league G`, `leagues` and on the web window: names and
// titles, the line at the top of a league game's mails, a division's table and the whole
// league. The league's life (its seasons) is server/competition/league_play.h.
#pragma once

#include <string>
#include <vector>

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
// What every game of league `l` is: "-size=5, 3 days per move, rated"
std::string league_game_terms(const LeagueRecord& l);

// One season as stored, read in two statements however many divisions it has: what its
// tables, its games and the moves into it are computed from.
struct LeagueSeason {
  std::vector<LeaguePlace> places;  // by division and position
  std::vector<LeagueGame> games;    // by division and number
  int divisions() const;
  // A division's games.
  std::vector<tournament::PlayedGame> games_of(int division) const;
};
LeagueSeason read_season(Database& db, const LeagueRecord& l, int season);

// The table of one division (round robin scoring and tie-breaks), with its crosstable.
std::string division_table_text(const LeagueSeason& season, int division);
// The order of one division's table, best first (user ids).
std::vector<std::int64_t> division_order(const LeagueSeason& season, int division);
// The moves into season `season` of `l` (its places' divisions of the season before):
// "Moved up after season 1: kate (2 to 1), jack (2 to 1).\nMoved down: nobody.\n"; "" for
// the first season.
std::string moves_text(const LeagueRecord& l, const LeagueSeason& season);
// Where league `l` stands, in a listing: "open for entry", "season 3", "waiting after season 3".
std::string league_status_words(const LeagueRecord& l);
// Where league `l` stands, one sentence: "Season 3 is under way.\n", open for entry, or
// waiting for players.
std::string league_state_text(const LeagueRecord& l, std::size_t members);
// The members between two seasons: who joined for the next season (placed in no division
// of the current one) and who leaves after it.
struct MembersBetweenSeasons {
  std::vector<std::string> waiting, leaving;
};
MembersBetweenSeasons between_seasons(const std::vector<LeagueMember>& members, const LeagueSeason& season);
// What `league G` shows: the settings, the current season's divisions and tables, the
// moves up and down into it, who waits for the next season and who leaves after this one.
std::string league_text(Database& db, const LeagueRecord& l);

}  // namespace pbem::server
