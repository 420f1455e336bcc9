// Leagues as stored (schema/026_leagues.sql): the league's settings and state, its
// members, each season's divisions (league_places) and games (with each one's result once
// it ends). The placement, moves and tables are computed from these by server/tournament/
// (league_rules.h, tournament_rules.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/tournament/tournament_rules.h"

namespace pbem::server {

struct LeagueRecord {
  std::int64_t id = 0;
  std::string type;  // the game
  std::string name;
  std::int64_t organiser_id = 0;
  std::string organiser;  // their userid
  int group = 8, up = 2, down = 2;
  std::string game_options;  // canonical, as games.options
  bool rated = true;
  int days_per_move = 0;
  std::optional<std::string> time_bank;  // -clock's text; none: days_per_move
  bool weekends_off = false;             // -weekends=off, for every game it starts
  std::string status;  // open | running | waiting
  int season = 0;      // the season being played (or the last one); 0 before the first
  std::string created_at;
  std::optional<std::string> started_at;
};

struct LeagueMember {
  std::int64_t user_id = 0;
  std::string userid;
  int entry_order = 0;
  bool leaving = false;  // goes at the end of the current season
};

// A player's division in one season.
struct LeaguePlace {
  std::int64_t user_id = 0;
  std::string userid;
  int division = 1;
  int position = 1;  // order within the division as placed
  double rating = 1500;
  std::optional<int> from_division;  // the season before's; none: new
};

// A league in a listing, with how many members it has (read in the same statement).
struct ListedLeague {
  LeagueRecord league;
  int members = 0;
};

// A league one user is a member of, and whether they leave it after this season.
struct LeagueMembership {
  LeagueRecord league;
  bool leaving = false;
};

// One game of a season, with its division.
struct LeagueGame {
  int division = 1;
  tournament::PlayedGame game;
};

// What a league game's mail names: "League G#2 club, season 3, division 1".
struct LeagueOfGame {
  std::int64_t id = 0;
  std::string name;
  int season = 0, division = 0;
};

class Leagues {
 public:
  explicit Leagues(Database& db) : db_(db) {}

  // A new open league from `settings` (id, status, season and times are filled here).
  LeagueRecord create(const LeagueRecord& settings);
  std::optional<LeagueRecord> find(std::int64_t id) const;
  // The leagues of game `type`, newest first, at most `limit`, each with its number of
  // members (one statement, however many leagues); and how many leagues there are.
  std::vector<ListedLeague> of_type(const std::string& type, int limit) const;
  int count_of_type(const std::string& type) const;
  // How many leagues `user_id` organises.
  int count_by(std::int64_t user_id) const;

  // The leagues `user_id` is a member of (signoff takes them out).
  std::vector<LeagueMembership> of_member(std::int64_t user_id) const;

  // The members in order of entry.
  std::vector<LeagueMember> members(std::int64_t id) const;
  void add_member(std::int64_t id, std::int64_t user_id);
  // False when they were not a member.
  bool remove_member(std::int64_t id, std::int64_t user_id);
  void set_leaving(std::int64_t id, std::int64_t user_id, bool leaving);

  // Moves the league from season `from` to `from + 1`, running; false when it is not at
  // `from` (the season was begun already: a season exists exactly once).
  bool begin_season(std::int64_t id, int from);
  // Too few players for the next season: the league waits for the organiser's start.
  void wait(std::int64_t id);

  void add_place(std::int64_t id, int season, const LeaguePlace& place);
  // A season's places, by division and position.
  std::vector<LeaguePlace> places(std::int64_t id, int season) const;

  void add_game(std::int64_t id, int season, int division, std::int64_t game_id);
  // The game's result (no winner: it ended without one), in the transaction that ends it.
  void set_result(std::int64_t game_id, std::optional<std::int64_t> winner_id);
  // A season's games, by division and number (first and second: players 0 and 1 of the
  // game): every division's in one statement.
  std::vector<LeagueGame> games(std::int64_t id, int season) const;
  // How many games of the season have not ended.
  int unfinished_games(std::int64_t id, int season) const;
  // The league, season and division of game `game_id`, if it is a league game.
  std::optional<LeagueOfGame> of_game(std::int64_t game_id) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
