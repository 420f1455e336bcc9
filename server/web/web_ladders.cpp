// A ladder's page: the rungs, games under way and last results as `ladder L#N` gives them,
// then the games under way and the last results as links.
#include "server/mailing/ladder_text.h"
#include "server/storage/ladders.h"
#include "server/web/web_layout.h"
#include "server/web/web_pages.h"

namespace pbem::server::web {

namespace {

void game_list(Html& html, const std::vector<LadderGame>& games, bool ended) {
  html.open("ul", {{"class", "games"}});
  for (const LadderGame& g : games) {
    html.open("li");
    game_link(html, g.game_id, "#" + std::to_string(g.game_id));
    html.text(": ");
    if (ended) {
      html.text(g.ended_at.value_or("").substr(0, 10) + " " + ladder_result_words(g));
    } else {
      player_link(html, g.climber);
      html.text(" climbs ");
      player_link(html, g.target);
    }
    html.close("li");
  }
  html.close("ul");
}

}  // namespace

std::optional<WebResponse> ladder_page(Database& db, const Config& config, std::int64_t id) {
  Ladders ladders(db);
  const auto l = ladders.find(id);
  if (!l) return std::nullopt;
  WebResponse response;
  response.body = page(config.server.name, "Ladder " + ladder_title(*l), [&](Html& html) {
    // The organiser and the players on the rungs are named, not linked: they may have no
    // game, and the page of a player without one is a 404.
    html.element("p", "Organised by " + l->organiser + ".");
    mail_text(html, ladder_text(db, *l));
    html.element("h2", "Games under way");
    game_list(html, ladders.open_games(id, 100), false);
    html.element("h2", "Last results");
    game_list(html, ladders.results(id, kLadderResultsShown), true);
  });
  return response;
}

}  // namespace pbem::server::web
