// A league's seasons without mail or a database (spec "Leagues: a championship that runs
// itself"): how entrants are placed into divisions, and how one season's final tables, its
// leavers and the new entrants make the next season's divisions. Each division is a round
// robin, scored and tie-broken by tournament_rules.h. Pure like the rest of this folder:
// storage/leagues.* keeps the facts, competition/league_play.* acts on them.
#pragma once

#include <cstdint>
#include <vector>

namespace pbem::server::tournament {

struct LeagueSettings {
  int group = 8;  // -group: players per division, 4..12
  int up = 2;     // -up: how many of each division but the first move up, 1..group/2
  int down = 2;   // -down: how many of each division but the last move down, 1..group/2
};

// A player placed by rating: a first season's entrant, or a new entrant of a later season.
struct LeagueEntrant {
  std::int64_t user_id = 0;
  double rating = 1500;
  int entry_order = 0;  // 1 for the first to join the league, ...
};

// Divisions, division 1 first; each lists its players' user ids (a season's placement, or
// a final table best first).
using Divisions = std::vector<std::vector<std::int64_t>>;

// The sizes of the divisions of `players` players: divisions of `group` top down, the last
// taking the remainder when it is at least 3; a smaller remainder joins the division above
// (so fewer than `group` players make one division).
std::vector<int> division_sizes(int players, int group);

// The first season: entrants by rating (highest first, then order of entry) into
// divisions of division_sizes.
Divisions first_season(const LeagueSettings& settings, std::vector<LeagueEntrant> entrants);

enum class LeagueMove { Stayed, Up, Down, New, Left };

struct PlayerMove {
  std::int64_t user_id = 0;
  int from = 0;  // last season's division (1 = the top); 0 for a new entrant
  int to = 0;    // next season's division; 0 for a leaver
  LeagueMove move = LeagueMove::Stayed;
  bool operator==(const PlayerMove&) const = default;
};

struct SeasonTransition {
  Divisions divisions;            // the next season's, division 1 first
  std::vector<PlayerMove> moves;  // everyone of both seasons: by next division, leavers last
};

// The next season from the season that ended (`final_tables`: each division's final table,
// best first). The top `up` of each division but the first move up one and the bottom
// `down` of each but the last move down one; `leavers` are removed; `entrants` start in the
// last division (by rating, then order of entry); then the divisions are refilled top down
// to the sizes division_sizes gives. Every move the rules make stands: a hole (a leaver, or
// -down larger than -up) is filled by the best of those staying in the division below, and
// a division with too many (-up larger than -down) sends its worst stayers down; only when
// a division has nobody staying does the refill take back a move. Each division lists its
// players in order of last season's standing (division, place), new entrants last.
SeasonTransition next_season(const LeagueSettings& settings, const Divisions& final_tables,
                             const std::vector<std::int64_t>& leavers, std::vector<LeagueEntrant> entrants);

}  // namespace pbem::server::tournament
