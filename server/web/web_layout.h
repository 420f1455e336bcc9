// The frame every page shares: the HTML5 document, its head (viewport for phones, the one
// stylesheet), a header linking home, and the small pieces several pages write (a link to
// a player, to a game). The stylesheet itself is here too, served as /style.css.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "server/storage/game_records.h"
#include "server/tournament/tournament_rules.h"
#include "server/web/html.h"
#include "server/web/web_response.h"

namespace pbem::server::web {

// A whole page: `title` in <title> and as its <h1>; `body` writes what follows the heading.
std::string page(std::string_view site_name, std::string_view title, const std::function<void(Html&)>& body);

// A short plain-text answer: refusals and errors a browser shows as they are.
WebResponse text_response(int status, std::string text);

// The "not found" page, status 404.
WebResponse not_found(std::string_view site_name, std::string_view what);

// /style.css
WebResponse stylesheet();

// What a page says of where a game stands: its result, or who is to move and since when
// ("alice to move since 2027-01-15 12:00 UTC": their turn began with the last move or
// take-back, or at the start). Never a deadline: a vacation moves it, and stays private.
// From the record's stored columns alone (whose turn, swap, result): no game is replayed.
std::string turn_or_result(const GameRecord& record);

void player_link(Html& html, std::string_view userid);
void game_link(Html& html, std::int64_t id, std::string_view text);
std::string game_path(std::int64_t id);
// A competition's game as a list item: "#12: alice vs bob, alice won on time" (`userids`:
// the players' by user id).
void played_game_item(Html& html, const tournament::PlayedGame& game, const std::map<std::int64_t, std::string>& userids);
// Text in a <pre> that scrolls inside itself on a narrow screen (boards, tables).
void preformatted(Html& html, std::string_view text);

}  // namespace pbem::server::web
