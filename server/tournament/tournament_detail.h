// What the tournament files share and nothing outside server/tournament/ should use: each
// player's tally of games and byes, the ranking orders, and one function per format that
// starts the next round (tournament_rules.h dispatches to them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/tournament/tournament_rules.h"

namespace pbem::server::tournament::detail {

// One player's record so far. Results count finished games only (a table shown during the
// tournament); colours count every game, since a colour is given when the game starts.
struct Tally {
  double score = 0;  // wins + byes
  int wins = 0, losses = 0, losses_on_time = 0, byes = 0;
  int first_moves = 0, second_moves = 0;
  std::optional<bool> last_moved_first;  // in the player's most recent game (highest round)
  int round_reached = 0;                 // the last round with a game or a bye
};

// The entrants' tallies, in the entrants' order. Games and byes of user ids that are not
// entrants are ignored.
class Tallies {
 public:
  Tallies(const std::vector<Entrant>& entrants, const std::vector<PlayedGame>& games, const std::vector<Bye>& byes);

  // The entrant's index, or nothing for a stranger.
  std::optional<std::size_t> index_of(std::int64_t user_id) const;
  const Tally& operator[](std::size_t index) const { return tallies_[index]; }
  std::size_t size() const { return tallies_.size(); }

 private:
  void count_game(const PlayedGame& game);
  std::unordered_map<std::int64_t, std::size_t> index_;
  std::vector<Tally> tallies_;
  std::vector<std::pair<int, std::int64_t>> latest_;  // (round, game id) of each one's latest game
};

// First moves minus second moves: below zero the player is owed a first move.
inline int colour_balance(const Tally& tally) { return tally.first_moves - tally.second_moves; }

// Entrant indices, best first, by score, then rating at the start, then order of entry
// (the Swiss pairing order); and by rating and order of entry alone (the knockout seeds).
std::vector<std::size_t> rank_by_score(const std::vector<Entrant>& entrants, const Tallies& tallies);
std::vector<std::size_t> rank_by_rating(const std::vector<Entrant>& entrants);

// The highest round number among the games and byes (0 before the start).
int last_round(const std::vector<PlayedGame>& games, const std::vector<Bye>& byes);

std::optional<Round> round_robin_round(const Settings& settings, const std::vector<Entrant>& entrants,
                                       const std::vector<PlayedGame>& games);
std::optional<Round> swiss_round(const Settings& settings, const std::vector<Entrant>& entrants,
                                 const std::vector<PlayedGame>& games, const std::vector<Bye>& byes);
std::optional<Round> knockout_round(const std::vector<Entrant>& entrants, const std::vector<PlayedGame>& games,
                                    const std::vector<Bye>& byes);

// The knockout's champion once it is decided: the final's winner, or the one player left
// when everyone else has gone out or withdrawn. Nothing while two or more are still in.
std::optional<std::int64_t> knockout_champion(const std::vector<Entrant>& entrants,
                                              const std::vector<PlayedGame>& games, const std::vector<Bye>& byes);

// Whether `players` (indices into `met`, which says who has met whom) can all be paired
// off without a repeat: a perfect matching, found by Edmonds' blossom algorithm.
bool can_pair_all(const std::vector<std::size_t>& players, const std::vector<std::vector<char>>& met);

// Seed numbers in bracket order for a bracket of `size` (a power of two) slots, so that
// adjacent slots meet in round 1 and seeds 1 and 2 only in the final: 1,8,4,5,2,7,3,6.
std::vector<int> bracket_order(int size);

}  // namespace pbem::server::tournament::detail
