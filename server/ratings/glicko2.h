// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2022 edition): one rating
// period's update of one player's rating from the games they played in it. A pure
// function of its inputs: the same doubles in give the same doubles out, which is what lets
// `pbem ratings --rebuild` reproduce the kept ratings exactly.
#pragma once

#include <span>

namespace pbem::server {

// A rating on the Glicko scale (the one players see), not Glicko-2's internal mu/phi.
struct Rating {
  double rating = 1500;     // r
  double deviation = 350;   // RD: how uncertain r is (about 2 RD either side covers 95%)
  double volatility = 0.06; // sigma: how erratic the player's results are

  friend bool operator==(const Rating&, const Rating&) = default;
};

// One game of the period: the opponent's rating before the period, and the score
// (1 win, 0.5 draw, 0 loss).
struct RatedGame {
  Rating opponent;
  double score = 0;
};

struct Glicko2Parameters {
  double tau = 0.5;               // constrains the change in volatility over time
  double convergence = 0.000001;  // epsilon of the Illinois iteration
};

// The player's rating after a period with `games` (in any order). With no games only the
// deviation grows, by the volatility (step 6 of the paper with the player's phi).
Rating glicko2_update(const Rating& player, std::span<const RatedGame> games,
                      const Glicko2Parameters& parameters = {});

}  // namespace pbem::server
