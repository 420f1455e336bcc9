// The competitions' own mail, worded from the catalogue: a league's season begun and
// ended, a tournament's round, its end or cancellation, a ladder game begun and ended.
// server/competition/ decides who gets which and gives the data; the words are here.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "server/mailing/reply_format.h"
#include "server/play/competitions.h"
#include "server/storage/ladders.h"
#include "server/storage/leagues.h"
#include "server/storage/tournaments.h"
#include "server/support/config.h"
#include "server/tournament/league_rules.h"

namespace pbem::server {

// A player's part of a season of `l` begun: the heading of `of` (its season and the
// player's division), then "Season 2 has begun: you play in division 1.", `games`
// (new_games_text) and where the divisions are.
std::string season_begun_text(const LeagueRecord& l, const CompetitionOfGame& of, const std::string& games);
// The mail of the first season of `l`: placed by rating, then `season` (season_begun_text).
ReplyWords first_season_mail(const LeagueRecord& l, const std::string& season);
// A player's mail when season `l.season` ends: their division's final `table` and their
// `move` (or, for a new entrant, their joining); then, when they play on, `next_season`
// (their season_begun_text; nullopt when no season could begin: the league waits, with
// `players` of the `least` it needs).
ReplyWords season_end_mail(const LeagueRecord& l, const tournament::PlayerMove& move, const std::string& table,
                           const std::optional<std::string>& next_season, int players, int least);

// A player's mail when round `round` of `t` begins: their bye, if they have one, and
// their `games` (new_games_text).
ReplyWords round_mail(const TournamentRecord& t, int round, bool bye, const std::string& games);
// Everyone's mail at the end of `t`: who won (`winner`, "" for nobody) and the `table`.
ReplyWords final_table_mail(const TournamentRecord& t, const std::string& winner, const std::string& table);
// Everyone's mail when `t` was cancelled on its start date with `entrants` of `least`.
ReplyWords cancelled_mail(const TournamentRecord& t, std::size_t entrants, int least);

// The headline of a ladder game's first mail: "New ladder game: HY 3 #12, dave (red)
// climbs to bob's rung and moves first; bob plays blue."
std::string climb_headline(const std::string& type, std::int64_t game, const std::string& climber,
                           const std::string& climber_colour, const std::string& target,
                           const std::string& target_colour);
// A player's mail when ladder game `ended` of `l` is over: its result and their `rung` of
// `rungs` now (nullopt: off the ladder), with the link to the ladder's page.
ReplyWords climb_over_mail(const Config& config, const LadderRecord& l, const LadderGame& ended,
                           std::optional<int> rung, std::size_t rungs);

}  // namespace pbem::server
