// A Swiss round: the players ranked by score, the bye to the lowest-ranked player without
// one, the rest paired top down so that no pair ever meets twice.
#include <cstdint>

#include "server/tournament/tournament_detail.h"

namespace pbem::server::tournament::detail {
namespace {

using PlacePairs = std::vector<std::pair<std::size_t, std::size_t>>;
using Met = std::vector<std::vector<char>>;  // met[a][b]: places a and b have played

// Pairs the players (places, best first): the top unpaired player with the best-placed
// unpaired player they have not met such that the rest can still be paired. That is the
// pairing a backtracking search in this order finds first, but asking the matching test
// before each choice means it never backs up: at most one test per candidate, so a round
// costs polynomial time even when no pairing exists (then nothing is returned).
std::optional<PlacePairs> pair_top_down(std::vector<std::size_t> unpaired, const Met& met) {
  if (!can_pair_all(unpaired, met)) return std::nullopt;
  PlacePairs pairs;
  while (!unpaired.empty()) {
    const std::size_t top = unpaired.front();
    bool paired = false;
    for (std::size_t k = 1; k < unpaired.size() && !paired; ++k) {
      if (met[top][unpaired[k]]) continue;
      std::vector<std::size_t> rest;
      for (std::size_t j = 1; j < unpaired.size(); ++j) {
        if (j != k) rest.push_back(unpaired[j]);
      }
      if (!can_pair_all(rest, met)) continue;
      pairs.emplace_back(top, unpaired[k]);
      unpaired = std::move(rest);
      paired = true;
    }
    if (!paired) return std::nullopt;  // cannot happen once the whole group passed the test
  }
  return pairs;
}

// Who each player (by place) has met in any earlier round.
Met opponents_met(const std::vector<std::size_t>& places, const std::vector<Entrant>& entrants,
                  const std::vector<PlayedGame>& games) {
  std::unordered_map<std::int64_t, std::size_t> place_of;
  for (std::size_t p = 0; p < places.size(); ++p) place_of.emplace(entrants[places[p]].user_id, p);
  Met met(places.size(), std::vector<char>(places.size(), 0));
  for (const PlayedGame& game : games) {
    const auto a = place_of.find(game.first), b = place_of.find(game.second);
    if (a == place_of.end() || b == place_of.end()) continue;
    met[a->second][b->second] = met[b->second][a->second] = 1;
  }
  return met;
}

// The byes to try, by place: none when the number is even; else the players who have not
// had a bye, the lowest-ranked first, or everyone (lowest first) once all have had one.
// Nobody gets a second bye while someone has had none, even if that ends the tournament.
std::vector<std::optional<std::size_t>> bye_choices(const std::vector<std::size_t>& places, const Tallies& tallies) {
  if (places.size() % 2 == 0) return {std::nullopt};
  std::vector<std::optional<std::size_t>> choices;
  for (std::size_t p = places.size(); p-- > 0;) {
    if (tallies[places[p]].byes == 0) choices.emplace_back(p);
  }
  if (choices.empty()) {
    for (std::size_t p = places.size(); p-- > 0;) choices.emplace_back(p);
  }
  return choices;
}

// 0 when the player moved second in their latest game, 1 without a game, 2 after a first move:
// the lower moves first, so colours alternate.
int alternation_claim(const Tally& tally) {
  if (!tally.last_moved_first) return 1;
  return *tally.last_moved_first ? 2 : 0;
}

// Whether the better-placed player of a pair moves first: the one owed first moves (fewer
// first than second moves), then the one who moved second last time, then the better-placed.
bool better_moves_first(const Tally& better, const Tally& worse) {
  if (colour_balance(better) != colour_balance(worse)) return colour_balance(better) < colour_balance(worse);
  if (alternation_claim(better) != alternation_claim(worse))
    return alternation_claim(better) < alternation_claim(worse);
  return true;
}

Round make_round(int number, const PlacePairs& pairs, std::optional<std::size_t> bye,
                 const std::vector<std::size_t>& places, const std::vector<Entrant>& entrants, const Tallies& tallies) {
  Round round;
  round.number = number;
  for (const auto& [better, worse] : pairs) {
    const std::size_t a = places[better], b = places[worse];
    const bool a_first = better_moves_first(tallies[a], tallies[b]);
    const std::int64_t ida = entrants[a].user_id, idb = entrants[b].user_id;
    round.games.push_back(a_first ? Pairing{ida, idb} : Pairing{idb, ida});
  }
  if (bye) round.byes.push_back(entrants[places[*bye]].user_id);
  return round;
}

}  // namespace

std::optional<Round> swiss_round(const Settings& settings, const std::vector<Entrant>& entrants,
                                 const std::vector<PlayedGame>& games, const std::vector<Bye>& byes) {
  const int rounds = settings.rounds > 0 ? settings.rounds : swiss_rounds(static_cast<int>(entrants.size()));
  const int number = last_round(games, byes) + 1;
  if (number > rounds) return std::nullopt;
  const Tallies tallies(entrants, games, byes);
  std::vector<std::size_t> places;  // entrant indices of the players to pair, best first
  for (const std::size_t i : rank_by_score(entrants, tallies)) {
    if (!entrants[i].withdrawn) places.push_back(i);
  }
  if (places.size() < 2) return std::nullopt;
  const Met met = opponents_met(places, entrants, games);
  // The lowest bye whose rest can be paired wins.
  for (const std::optional<std::size_t>& bye : bye_choices(places, tallies)) {
    std::vector<std::size_t> players;
    for (std::size_t p = 0; p < places.size(); ++p) {
      if (p != bye) players.push_back(p);
    }
    if (const auto pairs = pair_top_down(players, met)) {
      return make_round(number, *pairs, bye, places, entrants, tallies);
    }
  }
  return std::nullopt;
}

}  // namespace pbem::server::tournament::detail
