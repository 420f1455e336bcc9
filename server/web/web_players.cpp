// A player's page and a game's rating table.
#include <cmath>

#include "engine/registry.h"
#include "server/mailing/invitation_text.h"
#include "server/mailing/reply_format.h"
#include "server/mailing/rating_text.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"
#include "server/storage/game_invitations.h"
#include "server/storage/game_listings.h"
#include "server/web/rating_chart.h"
#include "server/web/web_layout.h"
#include "server/web/web_pages.h"

namespace pbem::server::web {

namespace {

// "1662" or "1338?" while provisional (as in mail).
std::string rating_text(const Rating& rating) {
  return std::to_string(std::lround(rating.rating)) + (rating.deviation > kProvisionalDeviation ? "?" : "");
}

void rating_row(Html& html, const PlayerRating& row, std::optional<int> place) {
  html.open("tr");
  if (place) html.element("td", std::to_string(*place) + ".", {{"class", "number"}});
  html.open("td", {{"class", "player"}});
  player_link(html, row.userid);
  html.close("td");
  html.element("td", rating_text(row.rating), {{"class", "number"}});
  html.element("td", "±" + std::to_string(std::lround(row.rating.deviation)), {{"class", "number"}});
  html.element("td", std::to_string(row.games), {{"class", "number"}});
  html.element("td", std::to_string(row.wins) + "-" + std::to_string(row.losses), {{"class", "number"}});
  html.close("tr");
}

void rating_table_head(Html& html, bool places) {
  html.open("div", {{"class", "scroll"}}).open("table").open("thead").open("tr");
  if (places) html.element("th", "", {{"class", "number"}});
  html.element("th", "Player");
  html.element("th", "Rating", {{"class", "number"}});
  html.element("th", "Deviation", {{"class", "number"}});
  html.element("th", "Games", {{"class", "number"}});
  html.element("th", "Won-lost", {{"class", "number"}});
  html.close("tr").close("thead").open("tbody");
}

void rating_table_end(Html& html) { html.close("tbody").close("table").close("div"); }

}  // namespace

std::optional<WebResponse> player_page(Database& db, const Config& config, const std::string& userid) {
  const auto account = Accounts(db).find(userid);
  if (!account) return std::nullopt;
  Ratings ratings(db);
  const auto games = GameListings(db).of_user(account->id, kListedGames);
  // A userid is public once its player has a game: before that, the page would tell
  // anyone that the userid exists (signed up, watching, organising), so it is the same
  // 404 as for a userid nobody has.
  // Its open invitations are public already (the front page lists them).
  const std::vector<GameRecord> open = GameInvitations(db).open_invitations_by(account->id, kListedGames);
  if (games.empty() && open.empty()) return std::nullopt;
  WebResponse response;
  response.body = page(config.server.name, account->userid, [&](Html& html) {
    if (account->computer) html.element("p", "The server's computer opponent.");
    if (!account->active) html.element("p", "This player has signed off.", {{"class", "quiet"}});
    html.element("h2", "Ratings");
    bool rated = false;
    for (const GameType& type : game_types()) {
      const auto rating = ratings.find(type.name, account->id);
      if (!rating) continue;
      rated = true;
      html.open("h3").link("/ratings/" + type.name, type.title).close("h3");
      rating_table_head(html, false);
      rating_row(html, *rating, std::nullopt);
      rating_table_end(html);
      rating_chart(html, type.title + " rating of " + account->userid, ratings.history(type.name, account->id));
    }
    if (!rated) html.element("p", "No rated game finished yet.", {{"class", "quiet"}});
    if (!open.empty()) {
      html.element("h2", "Open invitations");
      html.open("ul", {{"class", "games"}});
      for (const GameRecord& record : open) html.element("li", own_open_invitation_line(record));
      html.close("ul");
    }
    html.element("h2", "Games");
    html.open("ul", {{"class", "games"}});
    for (const GameRecord& record : games) {
      const std::string& opponent = record.userids[0] == account->userid ? record.userids[1] : record.userids[0];
      html.open("li");
      game_link(html, record.id, board_heading(record));
      html.text(" against ");
      player_link(html, opponent);
      html.text(": " + turn_or_result(record));
      html.close("li");
    }
    html.close("ul");
    if (static_cast<int>(games.size()) == kListedGames)
      html.element("p", "The " + std::to_string(kListedGames) + " newest games are listed.", {{"class", "quiet"}});
  });
  return response;
}

std::optional<WebResponse> ratings_page(Database& db, const Config& config, const std::string& type) {
  const GameType* game_type = find_game_type(type);
  if (!game_type || game_type->name != type) return std::nullopt;
  const auto rows = Ratings(db).standings(type);
  WebResponse response;
  response.body = page(config.server.name, game_type->title + " ratings", [&](Html& html) {
    html.element("p", "Glicko-2 ratings: ? marks a provisional rating, the deviation says how sure it is.",
                 {{"class", "quiet"}});
    if (rows.empty()) {
      html.element("p", "Nobody has finished a rated game yet.");
      return;
    }
    rating_table_head(html, true);
    int place = 0;
    for (const PlayerRating& row : rows) rating_row(html, row, ++place);
    rating_table_end(html);
  });
  return response;
}

}  // namespace pbem::server::web
