#include "server/mailing/league_text.h"

#include <algorithm>
#include <vector>

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"
#include "server/mailing/tournament_text.h"

namespace pbem::server {

namespace {

const tournament::Settings kRoundRobin{tournament::Format::RoundRobin, false, 0};

// The division's players as the rules' entrants: rating at the season's start, order as
// placed.
std::vector<tournament::Entrant> division_entrants(const LeagueSeason& season, int division) {
  std::vector<tournament::Entrant> entrants;
  for (const LeaguePlace& place : season.places)
    if (place.division == division)
      entrants.push_back({place.user_id, place.userid, place.rating, place.position, false});
  return entrants;
}

}  // namespace

tournament::LeagueSettings league_settings(const LeagueRecord& l) { return {l.group, l.up, l.down}; }

std::string league_name(const LeagueRecord& l) { return "G#" + std::to_string(l.id) + " " + l.name; }

std::string league_title(const LeagueRecord& l) {
  return text(Msg::LeagueTitleWords, {{"league", league_name(l)}, {"title", game_title(l.type)},
                                      {"group", l.group}, {"up", l.up}, {"down", l.down}});
}

std::string league_game_terms(const LeagueRecord& l) {
  return game_settings_text(l.game_options, l.days_per_move, l.time_bank, l.weekends_off, l.rated);
}

int LeagueSeason::divisions() const {
  int divisions = 0;
  for (const LeaguePlace& place : places) divisions = std::max(divisions, place.division);
  return divisions;
}

std::vector<tournament::PlayedGame> LeagueSeason::games_of(int division) const {
  std::vector<tournament::PlayedGame> found;
  for (const LeagueGame& game : games)
    if (game.division == division) found.push_back(game.game);
  return found;
}

LeagueSeason read_season(Database& db, const LeagueRecord& l, int season) {
  const Leagues leagues(db);
  return {leagues.places(l.id, season), leagues.games(l.id, season)};
}

std::string division_table_text(const LeagueSeason& season, int division) {
  return tournament::table_text(kRoundRobin, division_entrants(season, division), season.games_of(division), {}, table_words());
}

std::vector<std::int64_t> division_order(const LeagueSeason& season, int division) {
  std::vector<std::int64_t> order;
  for (const tournament::Standing& row :
       tournament::standings(kRoundRobin, division_entrants(season, division), season.games_of(division), {}))
    order.push_back(row.user_id);
  return order;
}

std::string moves_text(const LeagueRecord& l, const LeagueSeason& season) {
  if (season.places.empty() || l.season <= 1) return "";
  std::vector<std::string> up, down;
  for (const LeaguePlace& place : season.places) {
    if (!place.from_division) continue;
    const std::string move =
        text(Msg::LeagueMoveOf, {{"userid", place.userid}, {"from", *place.from_division}, {"to", place.division}});
    if (place.division < *place.from_division) up.push_back(move);
    if (place.division > *place.from_division) down.push_back(move);
  }
  const std::string nobody = text(Msg::NobodyWord);
  return text(Msg::LeagueMoves, {{"season", l.season - 1}, {"up", up.empty() ? nobody : join(up, ", ")},
                                 {"down", down.empty() ? nobody : join(down, ", ")}});
}

std::string league_status_words(const LeagueRecord& l) {
  return l.status == "open"      ? text(Msg::TournamentOpenForEntry)
         : l.status == "running" ? text(Msg::LeagueSeasonWords, {{"season", l.season}})
                                 : text(Msg::LeagueWaitingWords, {{"season", l.season}});
}

std::string league_state_text(const LeagueRecord& l, std::size_t members) {
  if (l.status == "open")
    return text(Msg::LeagueOpenState, {{"players", players_words(members)}});
  return text(l.status == "waiting" ? Msg::LeagueWaitingState : Msg::LeagueUnderWayState, {{"season", l.season}});
}

MembersBetweenSeasons between_seasons(const std::vector<LeagueMember>& members, const LeagueSeason& season) {
  MembersBetweenSeasons between;
  for (const LeagueMember& member : members) {
    const bool placed = std::any_of(season.places.begin(), season.places.end(),
                                    [&](const LeaguePlace& p) { return p.user_id == member.user_id; });
    if (!placed) between.waiting.push_back(member.userid);
    else if (member.leaving) between.leaving.push_back(member.userid);
  }
  return between;
}

std::string league_text(Database& db, const LeagueRecord& l) {
  const auto members = Leagues(db).members(l.id);
  const LeagueSeason season = read_season(db, l, l.season);
  std::string said = text(Msg::LeagueHeader,
                          {{"title", league_title(l)}, {"organiser", l.organiser}, {"terms", league_game_terms(l)}});
  said += league_state_text(l, members.size());
  if (l.status != "open") {
    said += moves_text(l, season);
    for (int division = 1; division <= season.divisions(); ++division)
      said += text(Msg::LeagueDivisionHeading, {{"division", division}}) + division_table_text(season, division);
  }
  const MembersBetweenSeasons between = between_seasons(members, season);
  if (l.status == "open") {
    for (const LeagueMember& member : members) said += "    " + member.userid + "\n";
  } else if (!between.waiting.empty()) {
    said += text(Msg::LeagueJoinedForNext, {{"list", join(between.waiting, ", ")}});
  }
  if (!between.leaving.empty()) said += text(Msg::LeagueLeavingAfter, {{"list", join(between.leaving, ", ")}});
  return said + text(Msg::LeagueToJoin, {{"type", l.type}, {"league", l.id}});
}

}  // namespace pbem::server
