// Each player's record from the stored games and byes, and the two ranking orders.
#include <algorithm>

#include "server/tournament/tournament_detail.h"

namespace pbem::server::tournament::detail {

Tallies::Tallies(const std::vector<Entrant>& entrants, const std::vector<PlayedGame>& games,
                 const std::vector<Bye>& byes)
    : tallies_(entrants.size()), latest_(entrants.size(), {0, 0}) {
  for (std::size_t i = 0; i < entrants.size(); ++i) index_.emplace(entrants[i].user_id, i);
  for (const PlayedGame& game : games) count_game(game);
  for (const Bye& bye : byes) {
    const auto index = index_of(bye.user_id);
    if (!index) continue;
    Tally& tally = tallies_[*index];
    ++tally.byes;
    tally.score += 1;
    tally.round_reached = std::max(tally.round_reached, bye.round);
  }
}

std::optional<std::size_t> Tallies::index_of(std::int64_t user_id) const {
  const auto found = index_.find(user_id);
  if (found == index_.end()) return std::nullopt;
  return found->second;
}

void Tallies::count_game(const PlayedGame& game) {
  for (const bool first : {true, false}) {
    const auto index = index_of(first ? game.first : game.second);
    if (!index) continue;
    Tally& tally = tallies_[*index];
    ++(first ? tally.first_moves : tally.second_moves);
    tally.round_reached = std::max(tally.round_reached, game.round);
    // The most recent game decides a colour tie; within a round (a double round robin's
    // two legs) the later game id is the more recent one.
    const std::pair<int, std::int64_t> when{game.round, game.game_id};
    if (!tally.last_moved_first || when >= latest_[*index]) {
      latest_[*index] = when;
      tally.last_moved_first = first;
    }
    if (!game.finished || !game.winner) continue;
    const std::int64_t me = first ? game.first : game.second;
    if (*game.winner == me) {
      ++tally.wins;
      tally.score += 1;
    } else {
      ++tally.losses;
      if (game.on_time) ++tally.losses_on_time;
    }
  }
}

std::vector<std::size_t> rank_by_rating(const std::vector<Entrant>& entrants) {
  std::vector<std::size_t> order(entrants.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (entrants[a].rating != entrants[b].rating) return entrants[a].rating > entrants[b].rating;
    return entrants[a].entry_order < entrants[b].entry_order;
  });
  return order;
}

std::vector<std::size_t> rank_by_score(const std::vector<Entrant>& entrants, const Tallies& tallies) {
  std::vector<std::size_t> order = rank_by_rating(entrants);
  // Stable: equal scores keep the rating order.
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return tallies[a].score > tallies[b].score; });
  return order;
}

int last_round(const std::vector<PlayedGame>& games, const std::vector<Bye>& byes) {
  int last = 0;
  for (const PlayedGame& game : games) last = std::max(last, game.round);
  for (const Bye& bye : byes) last = std::max(last, bye.round);
  return last;
}

}  // namespace pbem::server::tournament::detail
