// A tournament's rules without mail or a database (spec server.md, "Tournaments"): who plays
// whom in each round of a round robin, a Swiss or a knockout, with which colours and byes;
// the scores, tie-breaks and places; and the tables as text. Pure like the rules engine:
// storage/tournaments.* keeps the facts, commands/tournament_*.cpp acts on them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pbem::server::tournament {

enum class Format { RoundRobin, Swiss, Knockout };

// "roundrobin", "swiss", "knockout"; and back (nothing for another word).
std::string format_name(Format format);
std::optional<Format> format_named(const std::string& name);

struct Entrant {
  std::int64_t user_id = 0;
  std::string userid;
  double rating = 1500;    // the player's rating when the tournament started
  int entry_order = 0;     // 1 for the first to join, 2, ...
  bool withdrawn = false;  // left after the start: keeps their row, is not paired again
};

// A game of the tournament, as stored. `first` moves first (colour 0 at the start).
struct PlayedGame {
  std::int64_t game_id = 0;
  int round = 1;
  std::int64_t first = 0, second = 0;  // user ids
  bool finished = false;
  std::optional<std::int64_t> winner;  // user id, once finished
  bool on_time = false;                // the loser lost on time
};

struct Bye {
  int round = 1;
  std::int64_t user_id = 0;
};

struct Pairing {
  std::int64_t first = 0, second = 0;  // user ids; `first` moves first
  bool operator==(const Pairing&) const = default;
};

struct Settings {
  Format format = Format::RoundRobin;
  bool double_round = false;  // round robin -double: every pair twice, colours exchanged
  int rounds = 0;             // Swiss: the rounds to play (swiss_rounds gives the default)
};

struct Round {
  int number = 1;
  std::vector<Pairing> games;
  std::vector<std::int64_t> byes;  // user ids; a Swiss round has at most one
};

// The Swiss default: ceil(log2 entrants), at most entrants - 1 (and at least 1).
int swiss_rounds(int entrants);

// The round to start now, given everything stored so far (all games of earlier rounds are
// finished when this is asked); nothing when the tournament is over: a round robin after its
// one round, a Swiss after its rounds (or when no pairing without a repeated pair exists, or
// fewer than two players are left), a knockout when one player is left.
std::optional<Round> next_round(const Settings& settings, const std::vector<Entrant>& entrants,
                                const std::vector<PlayedGame>& games, const std::vector<Bye>& byes);

// One player's line of the table.
struct Standing {
  std::int64_t user_id = 0;
  std::string userid;
  int place = 0;  // 1, 2, 3, ... (no shared places: the tie-breaks decide)
  double score = 0;
  double buchholz = 0;          // Swiss
  double sonneborn_berger = 0;  // round robin and Swiss
  int wins = 0, losses = 0, losses_on_time = 0, byes = 0;
  int round_reached = 0;  // knockout: the last round the player played or had a bye in
  bool withdrawn = false;
};

// The table, best first, by the spec's scores and tie-breaks for the format.
std::vector<Standing> standings(const Settings& settings, const std::vector<Entrant>& entrants,
                                const std::vector<PlayedGame>& games, const std::vector<Bye>& byes);

// The words a table holds, in the reader's language: the layout here knows none
// (mailing/tournament_text.h's `table_words()` gives them from the catalogue).
struct TableWords {
  std::function<std::string(int)> losses_on_time;  // "1 on time", in a row's record
  std::function<std::string(int)> byes;            // "1 bye", "2 byes"
  std::string left;                                // a player who left: "left"
  std::string sonneborn_berger, buchholz, round;   // the tie-break columns' labels: "SB", "Bh", "round"
  std::string won_on_time;                         // after a game's result: " on time"
  std::function<std::string(int)> round_heading;   // "Round 1"
  std::function<std::string(const std::string&)> bye_line;  // "alice: bye"
};

// The table as mail shows it, one line per player, best first, each at most 78 columns:
// "1. alice  3.0  SB 4.50  (3-1, 1 on time)" (Swiss: "Bh 6.0  SB 4.50"; knockout the round
// reached). Then, for a round robin, the crosstable; for a Swiss or a knockout, the games
// round by round. Fits 78 columns for up to 16 players.
std::string table_text(const Settings& settings, const std::vector<Entrant>& entrants,
                       const std::vector<PlayedGame>& games, const std::vector<Bye>& byes, const TableWords& words);

}  // namespace pbem::server::tournament
