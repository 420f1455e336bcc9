// The table: each player's score and tie-breaks, ordered by the format's rules.
#include <algorithm>

#include "server/tournament/tournament_detail.h"

namespace pbem::server::tournament {
namespace {

using detail::Tallies;

// Finished games with a winner, as (winner, loser) entrant indices, each game once.
struct Result {
  std::size_t winner = 0, loser = 0;
  int round = 0;
};

std::vector<Result> results(const std::vector<PlayedGame>& games, const Tallies& tallies) {
  std::vector<Result> out;
  for (const PlayedGame& game : games) {
    if (!game.finished || !game.winner) continue;
    const auto first = tallies.index_of(game.first), second = tallies.index_of(game.second);
    if (!first || !second) continue;
    const bool first_won = *game.winner == game.first;
    out.push_back({first_won ? *first : *second, first_won ? *second : *first, game.round});
  }
  return out;
}

std::vector<Standing> rows(const Settings& settings, const std::vector<Entrant>& entrants, const Tallies& tallies,
                           const std::vector<Result>& decided) {
  std::vector<Standing> table(entrants.size());
  for (std::size_t i = 0; i < entrants.size(); ++i) {
    const detail::Tally& tally = tallies[i];
    Standing& row = table[i];
    row.user_id = entrants[i].user_id;
    row.userid = entrants[i].userid;
    row.score = tally.score;
    row.wins = tally.wins;
    row.losses = tally.losses;
    row.losses_on_time = tally.losses_on_time;
    row.byes = tally.byes;
    row.round_reached = tally.round_reached;
    row.withdrawn = entrants[i].withdrawn;
  }
  // Sonneborn-Berger: the final score of each opponent beaten, once per game won. Buchholz:
  // the scores of all opponents met in finished games (a bye has no opponent, so adds nothing).
  for (const Result& result : decided) {
    if (settings.format != Format::Knockout) table[result.winner].sonneborn_berger += tallies[result.loser].score;
    if (settings.format == Format::Swiss) {
      table[result.winner].buchholz += tallies[result.loser].score;
      table[result.loser].buchholz += tallies[result.winner].score;
    }
  }
  return table;
}

// Rating at the start, then order of entry: the last word in every format.
bool by_seed(const Entrant& a, const Entrant& b) {
  if (a.rating != b.rating) return a.rating > b.rating;
  return a.entry_order < b.entry_order;
}

// The round robin's third tie-break: among players level on score and Sonneborn-Berger,
// the points each scored against the others of that group. Reorders each such run of
// `order` (already sorted by score, SB, rating, entry) by those points; a stable sort keeps
// the rating order where they are equal too.
void break_ties_head_to_head(std::vector<std::size_t>& order, const std::vector<Standing>& table,
                             const std::vector<Result>& decided) {
  auto level = [&](std::size_t a, std::size_t b) {
    return table[a].score == table[b].score && table[a].sonneborn_berger == table[b].sonneborn_berger;
  };
  for (std::size_t begin = 0; begin < order.size();) {
    std::size_t end = begin + 1;
    while (end < order.size() && level(order[begin], order[end])) ++end;
    if (end - begin > 1) {
      std::vector<std::size_t> group(order.begin() + begin, order.begin() + end);
      std::unordered_map<std::size_t, int> points;
      for (const Result& result : decided) {
        const bool both = std::count(group.begin(), group.end(), result.winner) > 0 &&
                          std::count(group.begin(), group.end(), result.loser) > 0;
        if (both) ++points[result.winner];
      }
      std::stable_sort(order.begin() + begin, order.begin() + end,
                       [&](std::size_t a, std::size_t b) { return points[a] > points[b]; });
    }
    begin = end;
  }
}

std::vector<std::size_t> round_robin_order(const std::vector<Entrant>& entrants, const std::vector<Standing>& table,
                                           const std::vector<Result>& decided) {
  std::vector<std::size_t> order(table.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (table[a].score != table[b].score) return table[a].score > table[b].score;
    if (table[a].sonneborn_berger != table[b].sonneborn_berger)
      return table[a].sonneborn_berger > table[b].sonneborn_berger;
    return by_seed(entrants[a], entrants[b]);
  });
  break_ties_head_to_head(order, table, decided);
  return order;
}

std::vector<std::size_t> swiss_order(const std::vector<Entrant>& entrants, const std::vector<Standing>& table) {
  std::vector<std::size_t> order(table.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (table[a].score != table[b].score) return table[a].score > table[b].score;
    if (table[a].buchholz != table[b].buchholz) return table[a].buchholz > table[b].buchholz;
    if (table[a].sonneborn_berger != table[b].sonneborn_berger)
      return table[a].sonneborn_berger > table[b].sonneborn_berger;
    return by_seed(entrants[a], entrants[b]);
  });
  return order;
}

// The champion, then by the last round reached; within a round, whoever did not lose in it
// (still in, or gone out by withdrawing before the next) ahead of its losers.
std::vector<std::size_t> knockout_order(const std::vector<Entrant>& entrants, const std::vector<Standing>& table,
                                        const std::vector<Result>& decided, std::optional<std::int64_t> champion) {
  std::vector<bool> lost_last(table.size(), false);
  for (const Result& result : decided) {
    if (result.round == table[result.loser].round_reached) lost_last[result.loser] = true;
  }
  std::vector<std::size_t> order(table.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) -> bool {
    const bool champion_a = table[a].user_id == champion, champion_b = table[b].user_id == champion;
    if (champion_a != champion_b) return champion_a;
    if (table[a].round_reached != table[b].round_reached) return table[a].round_reached > table[b].round_reached;
    if (lost_last[a] != lost_last[b]) return lost_last[b];
    return by_seed(entrants[a], entrants[b]);
  });
  return order;
}

}  // namespace

std::vector<Standing> standings(const Settings& settings, const std::vector<Entrant>& entrants,
                                const std::vector<PlayedGame>& games, const std::vector<Bye>& byes) {
  const Tallies tallies(entrants, games, byes);
  const std::vector<Result> decided = results(games, tallies);
  const std::vector<Standing> table = rows(settings, entrants, tallies, decided);
  std::vector<std::size_t> order;
  switch (settings.format) {
    case Format::RoundRobin:
      order = round_robin_order(entrants, table, decided);
      break;
    case Format::Swiss:
      order = swiss_order(entrants, table);
      break;
    case Format::Knockout:
      order = knockout_order(entrants, table, decided, detail::knockout_champion(entrants, games, byes));
      break;
  }
  std::vector<Standing> ranked;
  for (const std::size_t i : order) {
    ranked.push_back(table[i]);
    ranked.back().place = static_cast<int>(ranked.size());
  }
  return ranked;
}

}  // namespace pbem::server::tournament
