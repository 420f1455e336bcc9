// A league's life (spec "Leagues: a championship that runs itself"): the first season
// placed by rating when the organiser starts it, each game's result, and the season's end in
// the transaction that ends its last game: the final tables, the moves up and down, leavers
// out, entrants in, the next season's divisions and games, and one mail per player. All
// inside the caller's transaction; the placement and moves are server/tournament/
// league_rules.h (pure), how a league reads is server/mailing/league_text.h.
#pragma once

#include "engine/game.h"
#include "server/play/end_of_ply.h"
#include "server/play/unit_of_work.h"
#include "server/storage/leagues.h"

namespace pbem::server {

// The league's key among the kinds of competition (competition/registry.cpp) and their
// words (mailing/competition_text.cpp).
inline constexpr const char* kLeagueKind = "league";

// The fewest players a season starts with.
constexpr int kLeagueMinimumPlayers = 4;

// Starts the next season of the open or waiting league `l` (it has at least
// kLeagueMinimumPlayers members): every member placed by rating, the games, each player's
// mail. Members who said `leave` go first.
void start_league(UnitOfWork& work, const LeagueRecord& l);

// How a member leaves a league (`leave`, or `signoff`).
enum class LeagueLeaving {
  Now,          // they play in no division of its current season: out at once
  AfterSeason,  // they play this season out and are in no division of the next
};
// Takes member `user_id` out of league `l` as the spec's `leave` says: at once before
// their first season (the league's, or theirs), else at the end of the current season.
LeagueLeaving take_out_of_league(Database& db, const LeagueRecord& l, std::int64_t user_id);

// The ply reaction (ply_reactions.h) for a game that has just ended: a league game records
// its result, and the season's last game ends the season and begins the next.
void score_league_game(UnitOfWork& work, PlyEnd& end, const Game* position);

}  // namespace pbem::server
