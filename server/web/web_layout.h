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
// Text written for a mail (a competition's table with its heading lines, a board's legend)
// as a mail's HTML part shows it (mail/html_page.h): lines drawn in columns in a <pre>,
// the rest in paragraphs (class "text") that wrap on a phone.
void mail_text(Html& html, std::string_view text);
// A game's text (Game::render, which begins with Game::diagram): the drawn board alone in a
// <pre>, then its legend and status lines as mail_text.
void board_and_legend(Html& html, std::string_view diagram, std::string_view rendered);

// A stored time (ISO 8601, "2026-12-01T19:12:18Z") as the pages show it: "2026-12-01
// 19:12 UTC"; any other text as it is.
std::string shown_time(const std::string& stored);
// The same in a <time> element, which the stylesheet keeps on one line.
void time_element(Html& html, const std::string& stored);

}  // namespace pbem::server::web
