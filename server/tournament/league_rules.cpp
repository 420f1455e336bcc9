// A league's placement and season transition (league_rules.h).
#include "server/tournament/league_rules.h"

#include <algorithm>
#include <optional>
#include <tuple>

namespace pbem::server::tournament {

namespace {

// Rating first, then the earlier entrant: the order new players are placed in.
void sort_by_rating(std::vector<LeagueEntrant>& entrants) {
  std::stable_sort(entrants.begin(), entrants.end(), [](const LeagueEntrant& a, const LeagueEntrant& b) {
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.entry_order < b.entry_order;
  });
}

// Cuts `ranked` (best first) into divisions of division_sizes.
Divisions cut(const std::vector<std::int64_t>& ranked, int group) {
  Divisions divisions;
  std::size_t next = 0;
  for (const int size : division_sizes(static_cast<int>(ranked.size()), group)) {
    divisions.emplace_back(ranked.begin() + static_cast<std::ptrdiff_t>(next),
                           ranked.begin() + static_cast<std::ptrdiff_t>(next + static_cast<std::size_t>(size)));
    next += static_cast<std::size_t>(size);
  }
  return divisions;
}

}  // namespace

std::vector<int> division_sizes(int players, int group) {
  if (players <= 0 || group <= 0) return {};
  const int full = players / group, remainder = players % group;
  if (full == 0) return {players};
  std::vector<int> sizes(static_cast<std::size_t>(full), group);
  if (remainder >= 3) sizes.push_back(remainder);
  else sizes.back() += remainder;
  return sizes;
}

Divisions first_season(const LeagueSettings& settings, std::vector<LeagueEntrant> entrants) {
  sort_by_rating(entrants);
  std::vector<std::int64_t> ranked;
  for (const LeagueEntrant& entrant : entrants) ranked.push_back(entrant.user_id);
  return cut(ranked, settings.group);
}

namespace {

// A player of the next season while it is being made: where they come from and how they
// arrived in the division they are in now.
struct Placed {
  std::int64_t user_id = 0;
  int from = 0;   // last season's division, 1-based; 0 for a new entrant
  int place = 0;  // their place there, 0-based (a new entrant: their rank by rating)
  enum Arrival { Down, Stay, New, Up } arrival = Stay;
};

// Last season's standing, best first: (division, place), new entrants after everyone.
bool better(const Placed& a, const Placed& b) {
  const int da = a.from ? a.from : 1 << 20, db = b.from ? b.from : 1 << 20;
  return std::tie(da, a.place) < std::tie(db, b.place);
}

// Who leaves a division to fill a hole above it: the best of those who were staying there,
// then of the new entrants, then of those who came down into it (spared), then of those who
// came up into it. Who leaves one with too many: the last of the new entrants (they start
// in the last division, which may be a new one), then the worst of the stayers, then risers
// sent back, then those who came down.
std::size_t pick(const std::vector<Placed>& division, bool best) {
  const std::vector<Placed::Arrival> preference =
      best ? std::vector<Placed::Arrival>{Placed::Stay, Placed::New, Placed::Down, Placed::Up}
           : std::vector<Placed::Arrival>{Placed::New, Placed::Stay, Placed::Up, Placed::Down};
  for (const Placed::Arrival arrival : preference) {
    std::optional<std::size_t> chosen;
    for (std::size_t i = 0; i < division.size(); ++i) {
      if (division[i].arrival != arrival) continue;
      if (!chosen || (best ? better(division[i], division[*chosen]) : better(division[*chosen], division[i])))
        chosen = i;
    }
    if (chosen) return *chosen;
  }
  return 0;
}

}  // namespace

SeasonTransition next_season(const LeagueSettings& settings, const Divisions& final_tables,
                             const std::vector<std::int64_t>& leavers, std::vector<LeagueEntrant> entrants) {
  auto leaves = [&](std::int64_t id) { return std::find(leavers.begin(), leavers.end(), id) != leavers.end(); };
  std::vector<std::vector<Placed>> next(std::max<std::size_t>(final_tables.size(), 1));
  SeasonTransition transition;
  std::vector<PlayerMove> left;
  // The moves: the top `up` of each division but the first up one, the bottom `down` of
  // each but the last down one; leavers out.
  const int divisions = static_cast<int>(final_tables.size());
  for (int d = 0; d < divisions; ++d) {
    const auto& table = final_tables[static_cast<std::size_t>(d)];
    const int size = static_cast<int>(table.size());
    for (int place = 0; place < size; ++place) {
      const std::int64_t id = table[static_cast<std::size_t>(place)];
      if (leaves(id)) {
        left.push_back({id, d + 1, 0, LeagueMove::Left});
        continue;
      }
      Placed player{id, d + 1, place, Placed::Stay};
      int target = d;
      if (d > 0 && place < settings.up) target = d - 1, player.arrival = Placed::Up;
      else if (d < divisions - 1 && place >= size - settings.down) target = d + 1, player.arrival = Placed::Down;
      next[static_cast<std::size_t>(target)].push_back(player);
    }
  }
  // New entrants into the last division, by rating.
  sort_by_rating(entrants);
  int rank = 0;
  for (const LeagueEntrant& entrant : entrants)
    if (!leaves(entrant.user_id)) next.back().push_back({entrant.user_id, 0, rank++, Placed::New});
  // The refill, top down, to the sizes division_sizes gives the players there are.
  int players = 0;
  for (const auto& division : next) players += static_cast<int>(division.size());
  const std::vector<int> sizes = division_sizes(players, settings.group);
  next.resize(std::max(next.size(), sizes.size()));
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    const std::size_t wanted = static_cast<std::size_t>(sizes[d]);
    while (next[d].size() < wanted) {
      std::size_t below = d + 1;
      while (next[below].empty()) ++below;  // the players there are fill every size
      const std::size_t chosen = pick(next[below], true);
      Placed player = next[below][chosen];
      next[below].erase(next[below].begin() + static_cast<std::ptrdiff_t>(chosen));
      player.arrival = Placed::Up;
      next[d].push_back(player);
    }
    while (next[d].size() > wanted) {
      const std::size_t chosen = pick(next[d], false);
      Placed player = next[d][chosen];
      next[d].erase(next[d].begin() + static_cast<std::ptrdiff_t>(chosen));
      player.arrival = Placed::Down;
      next[d + 1].push_back(player);
    }
  }
  next.resize(sizes.size());
  // Each division in last season's order of standing; then everyone's move.
  for (std::size_t d = 0; d < next.size(); ++d) {
    std::stable_sort(next[d].begin(), next[d].end(), better);
    transition.divisions.emplace_back();
    const int to = static_cast<int>(d) + 1;
    for (const Placed& player : next[d]) {
      transition.divisions.back().push_back(player.user_id);
      const LeagueMove move = player.from == 0 ? LeagueMove::New
                              : to < player.from ? LeagueMove::Up
                              : to > player.from ? LeagueMove::Down
                                                 : LeagueMove::Stayed;
      transition.moves.push_back({player.user_id, player.from, to, move});
    }
  }
  transition.moves.insert(transition.moves.end(), left.begin(), left.end());
  return transition;
}

}  // namespace pbem::server::tournament
