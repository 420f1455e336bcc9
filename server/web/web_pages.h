// The web window's pages (spec "The web window"), each read from the database in the
// caller's read transaction. Nothing here knows HTTP: web_routes.cpp maps paths to these,
// http_server.cpp speaks the protocol. A page returns nothing when what it shows does not
// exist (404). Privacy: the pages read only what players made public by playing (userids,
// moves, results, clocks, ratings, tournaments, leagues); never an address, a password, a token, a
// conditional move, a watcher or a vacation (tests/integration/test_web.py crawls and greps).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/database.h"
#include "server/support/config.h"
#include "server/web/web_response.h"

namespace pbem::server::web {

// /: how to join by mail, the games in progress, the results of the last 7 days, the
// tournaments, the leagues.
WebResponse home_page(Database& db, const Config& config);
// /games/N: the board (picture and text), players, clock or result, the moves, links to
// the records; with `ply` (/games/N?ply=K) the board after ply K instead of the board now,
// and either way links to the first, previous, next and last ply. Nothing (404) for K
// outside 0..plies.
std::optional<WebResponse> game_page(Database& db, const Config& config, std::int64_t id,
                                     std::optional<int> ply = std::nullopt);
// /games/N.sgf and /games/N.json: the public record (no private notes); nothing (404) for an
// invitation.
enum class RecordFormat { Sgf, Json };
std::optional<WebResponse> record_file(Database& db, const Config& config, std::int64_t id, RecordFormat format);
// /games/N.png (the position now) and /games/N/M.png (after ply M; 0: the empty board).
// The ETag names the position; a matching If-None-Match gets 304 without the picture.
std::optional<WebResponse> board_picture(Database& db, std::int64_t id, std::optional<int> ply,
                                         const std::string& if_none_match);
// /players/U: ratings with their history as a chart, games and results.
std::optional<WebResponse> player_page(Database& db, const Config& config, const std::string& userid);
// /ratings/<game>: the standings.
std::optional<WebResponse> ratings_page(Database& db, const Config& config, const std::string& type);
// /tournaments/T: the table (with the crosstable of a round robin) and the games by round.
std::optional<WebResponse> tournament_page(Database& db, const Config& config, std::int64_t id);
// /ladders/L: the rungs, the ladder games under way and the last results.
std::optional<WebResponse> ladder_page(Database& db, const Config& config, std::int64_t id);
// /leagues/G: the current season's divisions with their tables and games, and the moves up
// and down into it.
std::optional<WebResponse> league_page(Database& db, const Config& config, std::int64_t id);

// How many games a list shows at most (the front page, a player's page).
inline constexpr int kListedGames = 200;
// How many leagues of each game the front page lists at most (leagues never end).
inline constexpr int kListedLeagues = 100;

}  // namespace pbem::server::web
