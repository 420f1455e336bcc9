#include "server/mailing/league_text.h"

#include <algorithm>
#include <vector>

#include "engine/text.h"
#include "server/mailing/reply_format.h"
#include "server/mailing/tournament_text.h"

namespace pbem::server {

namespace {

const tournament::Settings kRoundRobin{tournament::Format::RoundRobin, false, 0};

// The division's players as the rules' entrants: rating at the season's start, order as
// placed.
std::vector<tournament::Entrant> division_entrants(Database& db, const LeagueRecord& l, int season, int division) {
  std::vector<tournament::Entrant> entrants;
  for (const LeaguePlace& place : Leagues(db).places(l.id, season))
    if (place.division == division)
      entrants.push_back({place.user_id, place.userid, place.rating, place.position, false});
  return entrants;
}

int divisions_of(const std::vector<LeaguePlace>& places) {
  int divisions = 0;
  for (const LeaguePlace& place : places) divisions = std::max(divisions, place.division);
  return divisions;
}

}  // namespace

tournament::LeagueSettings league_settings(const LeagueRecord& l) { return {l.group, l.up, l.down}; }

std::string league_name(const LeagueRecord& l) { return "G#" + std::to_string(l.id) + " " + l.name; }

std::string league_title(const LeagueRecord& l) {
  return league_name(l) + " (" + game_title(l.type) + ", divisions of " + std::to_string(l.group) + ", " +
         std::to_string(l.up) + " up and " + std::to_string(l.down) + " down)";
}

std::string league_line(Database& db, const GameRecord& record) {
  const auto of = Leagues(db).of_game(record.id);
  if (!of) return "";
  return "League G#" + std::to_string(of->id) + " " + of->name + ", season " + std::to_string(of->season) +
         ", division " + std::to_string(of->division) + "\n\n";
}

std::string division_table_text(Database& db, const LeagueRecord& l, int season, int division) {
  return tournament::table_text(kRoundRobin, division_entrants(db, l, season, division),
                                Leagues(db).games(l.id, season, division), {});
}

std::vector<std::int64_t> division_order(Database& db, const LeagueRecord& l, int season, int division) {
  std::vector<std::int64_t> order;
  for (const tournament::Standing& row : tournament::standings(kRoundRobin, division_entrants(db, l, season, division),
                                                               Leagues(db).games(l.id, season, division), {}))
    order.push_back(row.user_id);
  return order;
}

std::string league_text(Database& db, const LeagueRecord& l) {
  Leagues leagues(db);
  const auto members = leagues.members(l.id);
  std::string text = "League " + league_title(l) + ", organised by " + l.organiser + ".\n";
  text += "Games: " + game_settings_text(l.game_options, l.days_per_move, l.time_bank, false, l.rated) + ".\n";
  const auto places = leagues.places(l.id, l.season);
  auto placed = [&](std::int64_t id) {
    return std::any_of(places.begin(), places.end(), [id](const LeaguePlace& p) { return p.user_id == id; });
  };
  std::vector<std::string> waiting, leaving;
  for (const LeagueMember& member : members) {
    if (!placed(member.user_id)) waiting.push_back(member.userid);
    else if (member.leaving) leaving.push_back(member.userid);
  }
  if (l.status == "open") {
    text += "Open for entry, " + std::to_string(members.size()) + (members.size() == 1 ? " player" : " players") +
            " so far; the organiser starts the first season (at least 4 players).\n";
  } else {
    text += "Season " + std::to_string(l.season) +
            (l.status == "waiting" ? " is over; the league waits for at least 4 players and the organiser's start.\n"
                                   : " is under way.\n");
    std::vector<std::string> ups, downs;
    for (const LeaguePlace& place : places) {
      if (!place.from_division) continue;
      const std::string move = place.userid + " (" + std::to_string(*place.from_division) + " to " +
                               std::to_string(place.division) + ")";
      if (place.division < *place.from_division) ups.push_back(move);
      if (place.division > *place.from_division) downs.push_back(move);
    }
    if (l.season > 1)
      text += "Moved up after season " + std::to_string(l.season - 1) + ": " + (ups.empty() ? "nobody" : join(ups, ", ")) +
              ".\nMoved down: " + (downs.empty() ? "nobody" : join(downs, ", ")) + ".\n";
    for (int division = 1; division <= divisions_of(places); ++division)
      text += "\nDivision " + std::to_string(division) + ":\n" + division_table_text(db, l, l.season, division);
  }
  if (l.status == "open") {
    for (const LeagueMember& member : members) text += "    " + member.userid + "\n";
  } else if (!waiting.empty()) {
    text += "\nJoined for the next season: " + join(waiting, ", ") + ".\n";
  }
  if (!leaving.empty()) text += "Leaving after this season: " + join(leaving, ", ") + ".\n";
  text += "To join: " + l.type + " join G#" + std::to_string(l.id) + " <userid> <password>\n";
  return text;
}

}  // namespace pbem::server
