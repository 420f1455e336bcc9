#include "server/competition/league_play.h"

#include <algorithm>
#include <map>

#include "server/competition/competition_game.h"
#include "server/mailing/competition_mail.h"
#include "server/mailing/league_text.h"
#include "server/mailing/new_games_text.h"
#include "server/mailing/reply_format.h"
#include "server/play/seats.h"
#include "server/storage/tournaments.h"
#include "server/storage/game_listings.h"
#include "server/tournament/league_rules.h"

namespace pbem::server {

namespace {

using tournament::Divisions;
using tournament::PlayerMove;

// A mail about league `l` to every confirmed address of `user_id` (the computer has none and
// gets nothing), ending with the link to the league's page when the web window has one.
void mail_user(UnitOfWork& work, const LeagueRecord& l, std::int64_t user_id, const std::string& subject,
               const std::string& text) {
  mail_competitor(work, user_id, "/leagues/" + std::to_string(l.id), subject, text);
}

double rating_of(UnitOfWork& work, const LeagueRecord& l, std::int64_t user_id) {
  const auto rating = work.ratings.find(l.type, user_id);
  return rating ? rating->rating.rating : Rating{}.rating;
}

// Whether the pairing may be played: a game of the computer keeps the human within
// bot.games_per_user (spec "The computer in competitions"); a game it would take over the
// cap is left out of the season, and the table counts the games played.
bool within_computer_cap(UnitOfWork& work, const tournament::Pairing& pairing) {
  const auto first = work.accounts.find_by_id(pairing.first), second = work.accounts.find_by_id(pairing.second);
  if (!first || !second || first->computer == second->computer) return true;
  const std::int64_t human = first->computer ? second->id : first->id;
  const int games = GameListings(work.db).count_active_against_computer(human) + Tournaments(work.db).held_against_computer(human);
  return games < work.config.bot.games_per_user;
}

struct NewSeason {
  int season = 0;
  std::map<std::int64_t, int> division;                      // each player's
  std::map<std::int64_t, std::vector<GameRecord>> games;     // each player's new games
};

// Stores season `l.season + 1` with `divisions` (`from`: each player's division of the
// season before) and starts all its games. Nothing when the season was begun already.
std::optional<NewSeason> begin_season(UnitOfWork& work, const LeagueRecord& l, const Divisions& divisions,
                                      const std::map<std::int64_t, int>& from) {
  Leagues leagues(work.db);
  // The guard of "a season exists exactly once": the season number moves in this transaction.
  if (!leagues.begin_season(l.id, l.season)) return std::nullopt;
  NewSeason season;
  season.season = l.season + 1;
  const GameTerms terms{l.type, l.game_options, l.rated, l.days_per_move, l.time_bank, l.weekends_off};
  for (std::size_t d = 0; d < divisions.size(); ++d) {
    const int division = static_cast<int>(d) + 1;
    std::vector<tournament::Entrant> entrants;
    int position = 0;
    for (const std::int64_t id : divisions[d]) {
      LeaguePlace place;
      place.user_id = id;
      place.division = division;
      place.position = ++position;
      place.rating = rating_of(work, l, id);
      if (const auto was = from.find(id); was != from.end()) place.from_division = was->second;
      leagues.add_place(l.id, season.season, place);
      season.division[id] = division;
      season.games[id];
      entrants.push_back({id, "", place.rating, position, false});
    }
    const auto round = tournament::next_round({tournament::Format::RoundRobin, false, 0}, entrants, {}, {});
    if (!round) continue;
    for (const tournament::Pairing& pairing : round->games) {
      if (!within_computer_cap(work, pairing)) continue;
      const GameRecord record = create_competition_game(work, terms, pairing);
      leagues.add_game(l.id, season.season, division, record.id);
      season.games[pairing.first].push_back(record);
      season.games[pairing.second].push_back(record);
    }
  }
  return season;
}

std::string userid_of(UnitOfWork& work, std::int64_t id) {
  const auto account = work.accounts.find_by_id(id);
  return account ? account->userid : "";
}

// The player's part of the season begun: its heading, their division and their games.
std::string new_season_text(UnitOfWork& work, const LeagueRecord& l, const NewSeason& season, std::int64_t id) {
  const auto games = season.games.find(id);
  // The heading of every mail about a league game: this mail lists the games.
  CompetitionOfGame of(kLeagueKind, l.id, l.name);
  of.season = season.season;
  of.division = season.division.at(id);
  return season_begun_text(l, of,
                           new_games_text(work, id, userid_of(work, id),
                                          games == season.games.end() ? std::vector<GameRecord>{} : games->second));
}

// The season that has just ended: the final tables, the transition, the next season (or the
// wait for players), one mail per player of either season.
void end_season(UnitOfWork& work, const LeagueRecord& l) {
  Leagues leagues(work.db);
  work.record(event::SeasonEnded{l.id, l.season});
  const LeagueSeason ended = read_season(work.db, l, l.season);
  const auto& places = ended.places;
  Divisions tables;
  std::map<int, std::string> table_texts;
  for (int division = 1; division <= ended.divisions(); ++division) {
    tables.push_back(division_order(ended, division));
    table_texts[division] = division_table_text(ended, division);
  }
  std::vector<std::int64_t> leavers;
  std::vector<tournament::LeagueEntrant> entrants;
  for (const LeagueMember& member : leagues.members(l.id)) {
    const bool placed = std::any_of(places.begin(), places.end(),
                                    [&](const LeaguePlace& p) { return p.user_id == member.user_id; });
    if (member.leaving) leavers.push_back(member.user_id);
    else if (!placed) entrants.push_back({member.user_id, rating_of(work, l, member.user_id), member.entry_order});
  }
  const tournament::SeasonTransition next = tournament::next_season(league_settings(l), tables, leavers, entrants);
  for (const std::int64_t id : leavers) leagues.remove_member(l.id, id);
  int players = 0;
  for (const auto& division : next.divisions) players += static_cast<int>(division.size());
  std::optional<NewSeason> season;
  if (players >= kLeagueMinimumPlayers) {
    std::map<std::int64_t, int> from;
    for (const LeaguePlace& place : places) from[place.user_id] = place.division;
    season = begin_season(work, l, next.divisions, from);
    if (!season) return;  // begun already (cannot happen inside one transaction; the guard says so)
  } else {
    leagues.wait(l.id);
  }
  for (const PlayerMove& move : next.moves) {
    const auto next_season = !season ? std::nullopt
                             : move.to ? std::optional(new_season_text(work, l, *season, move.user_id))
                                       : std::optional<std::string>("");
    const ReplyWords mail = season_end_mail(l, move, table_texts[move.from], next_season, players, kLeagueMinimumPlayers);
    mail_user(work, l, move.user_id, mail.subject, mail.text);
  }
}

}  // namespace

void start_league(UnitOfWork& work, const LeagueRecord& l) {
  Leagues leagues(work.db);
  std::vector<tournament::LeagueEntrant> entrants;
  for (const LeagueMember& member : leagues.members(l.id)) {
    if (member.leaving) {
      leagues.remove_member(l.id, member.user_id);
      continue;
    }
    entrants.push_back({member.user_id, rating_of(work, l, member.user_id), member.entry_order});
  }
  const Divisions divisions = tournament::first_season(league_settings(l), entrants);
  const auto season = begin_season(work, l, divisions, {});
  if (!season) return;
  for (const auto& [id, division] : season->division) {
    const ReplyWords mail = first_season_mail(l, new_season_text(work, l, *season, id));
    mail_user(work, l, id, mail.subject, mail.text);
  }
}

LeagueLeaving take_out_of_league(Database& db, const LeagueRecord& l, std::int64_t user_id) {
  Leagues leagues(db);
  const auto places = leagues.places(l.id, l.season);
  const bool playing = l.status == "running" && std::any_of(places.begin(), places.end(), [&](const LeaguePlace& p) {
                         return p.user_id == user_id;
                       });
  if (!playing) {
    leagues.remove_member(l.id, user_id);
    return LeagueLeaving::Now;
  }
  leagues.set_leaving(l.id, user_id, true);
  return LeagueLeaving::AfterSeason;
}

void score_league_game(UnitOfWork& work, PlyEnd& end, const Game*) {
  const GameRecord& stored = end.record;
  if (stored.active) return;
  Leagues leagues(work.db);
  const auto of = leagues.of_game(stored.id);
  if (!of) return;
  leagues.set_result(stored.id, winner_id(stored));
  const auto l = leagues.find(of->id);
  if (!l || l->status != "running" || l->season != of->season) return;
  if (leagues.unfinished_games(l->id, l->season) > 0) return;
  end_season(work, *l);
}

}  // namespace pbem::server
