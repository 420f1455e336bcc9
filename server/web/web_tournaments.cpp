// A tournament's page: the table as the mails give it, then every round's games.
#include <map>

#include "server/mailing/tournament_text.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/tournaments.h"
#include "server/web/web_layout.h"
#include "server/web/web_pages.h"

namespace pbem::server::web {

std::optional<WebResponse> tournament_page(Database& db, const Config& config, std::int64_t id) {
  Tournaments tournaments(db);
  const auto t = tournaments.find(id);
  if (!t) return std::nullopt;
  const auto games = tournaments.games(id);
  const auto byes = tournaments.byes(id);
  std::map<std::int64_t, std::string> userids;
  for (const tournament::Entrant& e : tournaments.entrants(id)) userids[e.user_id] = e.userid;
  WebResponse response;
  response.body = page(config.server.name, "Tournament " + tournament_title(*t), [&](Html& html) {
    // The organiser and a player with a bye are named, not linked: they may have no game,
    // and the page of a player without one is a 404.
    html.element("p", "Organised by " + t->organiser + ".");
    mail_text(html, tournament_table_text(db, *t));
    std::map<int, std::pair<std::vector<tournament::PlayedGame>, std::vector<std::int64_t>>> rounds;
    for (const auto& g : games) rounds[g.round].first.push_back(g);
    for (const auto& b : byes) rounds[b.round].second.push_back(b.user_id);
    for (const auto& [round, content] : rounds) {
      html.element("h2", "Round " + std::to_string(round));
      html.open("ul", {{"class", "games"}});
      for (const tournament::PlayedGame& g : content.first) played_game_item(html, g, userids);
      for (std::int64_t user : content.second) {
        html.element("li", userids[user] + ": a bye");
      }
      html.close("ul");
    }
  });
  return response;
}

}  // namespace pbem::server::web
