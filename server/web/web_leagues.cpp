// A league's page: the current season's divisions, each with its table as the mails give it
// and its games, and the moves up and down into the season. Four statements, however many
// seasons the league has played: the league, its members, the season's places and games.
#include <map>

#include "engine/text.h"
#include "server/mailing/league_text.h"
#include "server/storage/leagues.h"
#include "server/web/web_layout.h"
#include "server/web/web_pages.h"

namespace pbem::server::web {

std::optional<WebResponse> league_page(Database& db, const Config& config, std::int64_t id) {
  Leagues leagues(db);
  const auto l = leagues.find(id);
  if (!l) return std::nullopt;
  const auto members = leagues.members(id);
  const LeagueSeason season = read_season(db, *l, l->season);
  std::map<std::int64_t, std::string> userids;
  for (const LeaguePlace& place : season.places) userids[place.user_id] = place.userid;
  const MembersBetweenSeasons between = between_seasons(members, season);
  WebResponse response;
  response.body = page(config.server.name, "League " + league_title(*l), [&](Html& html) {
    // The organiser and the members waiting for a season are named, not linked: they may
    // have no game, and the page of a player without one is a 404.
    html.element("p", "Organised by " + l->organiser + ". Games: " + league_game_terms(*l) + ".");
    html.element("p", league_state_text(*l, members.size()));
    if (const std::string moves = moves_text(*l, season); !moves.empty()) html.element("p", moves);
    for (int division = 1; division <= season.divisions(); ++division) {
      html.element("h2", "Division " + std::to_string(division));
      mail_text(html, division_table_text(season, division));
      html.open("ul", {{"class", "games"}});
      for (const tournament::PlayedGame& game : season.games_of(division)) played_game_item(html, game, userids);
      html.close("ul");
    }
    if (l->status == "open") {
      std::vector<std::string> joined;
      for (const LeagueMember& member : members) joined.push_back(member.userid);
      if (!joined.empty()) html.element("p", "Joined: " + join(joined, ", ") + ".");
    } else if (!between.waiting.empty()) {
      html.element("p", "Joined for the next season: " + join(between.waiting, ", ") + ".");
    }
    if (!between.leaving.empty()) html.element("p", "Leaving after this season: " + join(between.leaving, ", ") + ".");
  });
  return response;
}

}  // namespace pbem::server::web
