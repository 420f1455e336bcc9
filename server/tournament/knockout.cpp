// The knockout: the seeded bracket, the rounds so far replayed from the stored games and
// byes, and from them the next round or the champion.
#include "server/tournament/tournament_detail.h"

namespace pbem::server::tournament::detail {

std::vector<int> bracket_order(int size) {
  std::vector<int> order{1};
  // Doubling the bracket puts each seed s next to the seed it meets first, (2 * level + 1 - s):
  // the strongest and weakest of each half meet, and 1 and 2 stay in opposite halves.
  for (int level = 2; level <= size; level *= 2) {
    std::vector<int> wider;
    for (const int seed : order) {
      wider.push_back(seed);
      wider.push_back(level + 1 - seed);
    }
    order = std::move(wider);
  }
  return order;
}

namespace {

using Slot = std::optional<std::int64_t>;  // a player, or an empty place in the bracket

struct Outcome {
  Slot survivor;
  bool pending = false;  // the match's game is still in play
};

// What the stored rounds say so far.
struct Progress {
  int rounds_done = 0;
  bool waiting = false;        // a started round still has a game in play
  std::vector<Slot> entrants;  // who goes into round rounds_done + 1, in bracket order
};

class Bracket {
 public:
  Bracket(const std::vector<Entrant>& entrants, const std::vector<PlayedGame>& games, const std::vector<Bye>& byes)
      : entrants_(entrants), games_(games), byes_(byes), seeds_(rank_by_rating(entrants)) {
    for (std::size_t s = 0; s < seeds_.size(); ++s) seed_of_[entrants[seeds_[s]].user_id] = static_cast<int>(s) + 1;
  }

  Progress replay() const {
    Progress progress{0, false, first_round()};
    while (progress.entrants.size() > 1 && started(progress.rounds_done + 1)) {
      const int round = progress.rounds_done + 1;
      std::vector<Slot> survivors;
      for (std::size_t i = 0; i + 1 < progress.entrants.size(); i += 2) {
        const Outcome outcome = play(progress.entrants[i], progress.entrants[i + 1], round);
        progress.waiting = progress.waiting || outcome.pending;
        survivors.push_back(outcome.survivor);
      }
      if (progress.waiting) break;
      progress.entrants = std::move(survivors);
      progress.rounds_done = round;
    }
    return progress;
  }

  // A player who has withdrawn is absent from the rounds still to come.
  Slot present(Slot slot) const {
    if (!slot) return slot;
    for (const Entrant& entrant : entrants_) {
      if (entrant.user_id == *slot && entrant.withdrawn) return std::nullopt;
    }
    return slot;
  }

  int seed_of(std::int64_t user_id) const { return seed_of_.at(user_id); }

 private:
  std::vector<Slot> first_round() const {
    int size = 1;
    while (size < static_cast<int>(seeds_.size())) size *= 2;
    std::vector<Slot> slots;
    for (const int seed : bracket_order(size)) {
      if (seed <= static_cast<int>(seeds_.size())) {
        slots.emplace_back(entrants_[seeds_[seed - 1]].user_id);
      } else {
        slots.emplace_back();
      }
    }
    return slots;
  }

  bool started(int round) const {
    for (const PlayedGame& game : games_) {
      if (game.round == round) return true;
    }
    for (const Bye& bye : byes_) {
      if (bye.round == round) return true;
    }
    return false;
  }

  // The match of a and b in `round`: their game's winner; else whoever had the bye; else the
  // one of them still in (a bye that was not stored), else nobody.
  Outcome play(Slot a, Slot b, int round) const {
    for (const PlayedGame& game : games_) {
      if (game.round != round || !a || !b) continue;
      if ((game.first == *a && game.second == *b) || (game.first == *b && game.second == *a)) {
        if (!game.finished || !game.winner) return {std::nullopt, true};
        return {*game.winner, false};
      }
    }
    for (const Bye& bye : byes_) {
      if (bye.round == round && (bye.user_id == a || bye.user_id == b)) return {bye.user_id, false};
    }
    const Slot in_a = present(a), in_b = present(b);
    if (in_a && !in_b) return {in_a, false};
    if (in_b && !in_a) return {in_b, false};
    return {};
  }

  const std::vector<Entrant>& entrants_;
  const std::vector<PlayedGame>& games_;
  const std::vector<Bye>& byes_;
  std::vector<std::size_t> seeds_;  // entrant indices, seed 1 first
  std::unordered_map<std::int64_t, int> seed_of_;
};

// Fewer first than second moves so far moves first; on a tie the higher seed.
Pairing colours(std::int64_t a, std::int64_t b, const Bracket& bracket, const Tallies& tallies) {
  const int balance_a = colour_balance(tallies[*tallies.index_of(a)]);
  const int balance_b = colour_balance(tallies[*tallies.index_of(b)]);
  const bool a_first = balance_a != balance_b ? balance_a < balance_b : bracket.seed_of(a) < bracket.seed_of(b);
  return a_first ? Pairing{a, b} : Pairing{b, a};
}

}  // namespace

std::optional<Round> knockout_round(const std::vector<Entrant>& entrants, const std::vector<PlayedGame>& games,
                                    const std::vector<Bye>& byes) {
  const Bracket bracket(entrants, games, byes);
  const Progress progress = bracket.replay();
  if (progress.waiting) return std::nullopt;
  std::vector<Slot> players;
  int left = 0;
  for (const Slot& slot : progress.entrants) {
    players.push_back(bracket.present(slot));
    if (players.back()) ++left;
  }
  if (left < 2) return std::nullopt;
  const Tallies tallies(entrants, games, byes);
  Round round;
  round.number = progress.rounds_done + 1;
  for (std::size_t i = 0; i + 1 < players.size(); i += 2) {
    const Slot a = players[i], b = players[i + 1];
    if (a && b) {
      round.games.push_back(colours(*a, *b, bracket, tallies));
    } else if (a || b) {
      round.byes.push_back(a ? *a : *b);
    }
  }
  return round;
}

std::optional<std::int64_t> knockout_champion(const std::vector<Entrant>& entrants,
                                              const std::vector<PlayedGame>& games, const std::vector<Bye>& byes) {
  const Bracket bracket(entrants, games, byes);
  const Progress progress = bracket.replay();
  if (progress.waiting) return std::nullopt;
  // The final's winner is the champion even if they withdrew afterwards.
  if (progress.entrants.size() == 1) return progress.entrants.front();
  std::optional<std::int64_t> last_one;
  int left = 0;
  for (const Slot& slot : progress.entrants) {
    if (const Slot in = bracket.present(slot)) {
      last_one = in;
      ++left;
    }
  }
  if (left != 1) return std::nullopt;
  return last_one;
}

}  // namespace pbem::server::tournament::detail
