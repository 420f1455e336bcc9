// Tournaments as stored (schema/016_tournaments.sql): the tournament's settings and state,
// its entrants, its games (with each one's winner once it ends) and its byes. Who plays
// whom and the tables are computed from these by server/tournament/ (pure code).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/tournament/tournament_rules.h"

namespace pbem::server {

struct TournamentRecord {
  std::int64_t id = 0;
  std::string type;  // the game
  std::string name;
  std::int64_t organiser_id = 0;
  std::string organiser;  // their userid
  tournament::Format format = tournament::Format::RoundRobin;
  std::optional<int> players;  // -players=N
  std::optional<int> rounds;   // Swiss: -rounds=N, or the default once started
  std::optional<std::string> starts_at;  // -start, ISO 8601 UTC (00:00 of that day)
  bool double_round = false;
  std::string game_options;  // canonical, as games.options
  bool rated = true;
  int days_per_move = 0;
  std::optional<std::string> time_bank;  // -clock's text; none: days_per_move
  bool weekends_off = false;             // -weekends=off, for every game it starts
  std::string status;  // open | running | finished | cancelled
  int round = 0;       // the round being played; 0 before the start
  std::string created_at;
  std::optional<std::string> started_at, ended_at;
};

// What a tournament game's mail names: "Tournament T#3 spring, round 2".
struct TournamentOfGame {
  std::int64_t id = 0;
  std::string name;
  int round = 0;
};

class Tournaments {
 public:
  explicit Tournaments(Database& db) : db_(db) {}

  // A new open tournament from `settings` (id, status, round and times are filled here);
  // returns it as stored.
  TournamentRecord create(const TournamentRecord& settings);
  std::optional<TournamentRecord> find(std::int64_t id) const;
  // The tournaments of game `type` that are open or running, or that finished or were
  // cancelled at or after `ended_since`, newest first.
  std::vector<TournamentRecord> recent(const std::string& type, const std::string& ended_since) const;
  // How many open tournaments `user_id` organises.
  int count_open_by(std::int64_t user_id) const;
  // The places among `user_id`'s games against the computer (bot.games_per_user) that
  // tournaments with both in them (neither withdrawn) hold for games still to start: an
  // open one, one per game the pair will play at its start (two in a double round robin);
  // a running Swiss or knockout, one, unless their game of this round is under way (it is
  // counted as a game under way). A running round robin started all its games at once.
  int held_against_computer(std::int64_t user_id) const;
  // Open tournaments whose start date has come (at or before `now_iso`), oldest first.
  std::vector<std::int64_t> due_to_start(const std::string& now_iso) const;

  // The entrants in order of entry (rating as at the start, 1500 before it).
  std::vector<tournament::Entrant> entrants(std::int64_t id) const;
  void add_entrant(std::int64_t id, std::int64_t user_id);
  // Removes an entrant before the start; false when they were not entered.
  bool remove_entrant(std::int64_t id, std::int64_t user_id);
  // Takes `user_id` out of every open tournament (they signed off); returns how many.
  int remove_from_open(std::int64_t user_id);
  void set_start_rating(std::int64_t id, std::int64_t user_id, double rating);
  void withdraw(std::int64_t id, std::int64_t user_id);
  // Withdraws `user_id` from every running tournament (their account is being deleted), so
  // that no later round pairs them; returns how many.
  int withdraw_from_running(std::int64_t user_id);

  // The tournament starts (round 0 -> 1 is set by begin_round); `rounds` fixes a Swiss's.
  void start(std::int64_t id, std::optional<int> rounds);
  // Moves the tournament from round `from` to `from + 1`; false when it is not at `from`
  // (the round was begun already: a round exists exactly once).
  bool begin_round(std::int64_t id, int from);
  // finished or cancelled, now.
  void end(std::int64_t id, const std::string& status);

  void add_game(std::int64_t id, int round, std::int64_t game_id);
  void add_bye(std::int64_t id, int round, std::int64_t user_id);
  // The game's result, in the transaction that ends it.
  void set_winner(std::int64_t game_id, std::int64_t winner_id);
  // Every game (first and second: players 0 and 1 of the game) and bye, by round.
  std::vector<tournament::PlayedGame> games(std::int64_t id) const;
  std::vector<tournament::Bye> byes(std::int64_t id) const;
  // The tournament and round of game `game_id`, if it is a tournament game.
  std::optional<TournamentOfGame> of_game(std::int64_t game_id) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
