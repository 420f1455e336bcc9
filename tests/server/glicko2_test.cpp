// Glicko-2's rating function against the paper's worked example and against numbers
// computed independently (Python, volatility by plain bisection instead of Illinois).
#include <array>
#include <cmath>
#include <catch2/catch.hpp>

#include "server/ratings/glicko2.h"
#include "server/mailing/rating_text.h"

using pbem::server::glicko2_update;
using pbem::server::RatedGame;
using pbem::server::Rating;
using Catch::Matchers::WithinAbs;

TEST_CASE("Glickman's example: 1500/200 beats 1400/30, loses to 1550/100 and 1700/300", "[glicko2]") {
  const Rating player{1500, 200, 0.06};
  const std::array<RatedGame, 3> games{{{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}}};
  const Rating after = glicko2_update(player, games);
  // The paper prints r' = 1464.06, RD' = 151.52, sigma' = 0.05999, reached by rounding on
  // the way: mu' = -0.2069 and phi' = 0.8722 to four decimals, then r' = 173.7178 mu' + 1500
  // and RD' = 173.7178 phi', and sigma' cut after five decimals. Following that route from
  // our unrounded values gives exactly the printed numbers:
  const double mu = (after.rating - 1500) / 173.7178;
  const double phi = after.deviation / 173.7178;
  CHECK(std::round(mu * 10000) / 10000 == -0.2069);
  CHECK(std::round(phi * 10000) / 10000 == 0.8722);
  CHECK(std::round((173.7178 * -0.2069 + 1500) * 100) / 100 == 1464.06);
  CHECK(std::round(173.7178 * 0.8722 * 100) / 100 == 151.52);
  CHECK(std::trunc(after.volatility * 100000) == 5999);
  // Unrounded (independent computation): 1464.0506705391, 151.5165241243, 0.0599959844.
  // The 0.01 between 1464.05 and the printed 1464.06 is the paper's rounding of mu'.
  CHECK_THAT(after.rating, WithinAbs(1464.0506705391, 1e-6));
  CHECK_THAT(after.deviation, WithinAbs(151.5165241243, 1e-6));
  CHECK_THAT(after.volatility, WithinAbs(0.0599959844, 1e-9));
}

TEST_CASE("the order of a period's games does not matter", "[glicko2]") {
  const Rating player{1500, 200, 0.06};
  const std::array<RatedGame, 3> forward{{{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}}};
  const std::array<RatedGame, 3> backward{{forward[2], forward[1], forward[0]}};
  const Rating a = glicko2_update(player, forward);
  const Rating b = glicko2_update(player, backward);
  CHECK_THAT(a.rating, WithinAbs(b.rating, 1e-9));
  CHECK_THAT(a.deviation, WithinAbs(b.deviation, 1e-9));
}

TEST_CASE("one game between two new players: 1500 -> 1662 and 1500 -> 1338", "[glicko2]") {
  const Rating newcomer;  // 1500 / 350 / 0.06
  const std::array<RatedGame, 1> won{{{newcomer, 1}}};
  const std::array<RatedGame, 1> lost{{{newcomer, 0}}};
  const Rating winner = glicko2_update(newcomer, won);
  const Rating loser = glicko2_update(newcomer, lost);
  // Independent computation: 1662.3108939063, 290.3189637180, 0.0599996753731.
  CHECK_THAT(winner.rating, WithinAbs(1662.3108939063, 1e-6));
  CHECK_THAT(winner.deviation, WithinAbs(290.3189637180, 1e-6));
  CHECK_THAT(winner.volatility, WithinAbs(0.0599996753731, 1e-8));
  CHECK_THAT(loser.rating, WithinAbs(1337.6891060937, 1e-6));
  CHECK_THAT(loser.deviation, WithinAbs(290.3189637180, 1e-6));
}

TEST_CASE("an upset win moves a settled player, and raises the volatility", "[glicko2]") {
  const std::array<RatedGame, 1> upset{{{{1800, 120, 0.06}, 1}}};
  const Rating after = glicko2_update({1400, 80, 0.06}, upset);
  // Independent computation: 1430.8247689859, 79.9765534008, 0.0600080592778.
  CHECK_THAT(after.rating, WithinAbs(1430.8247689859, 1e-6));
  CHECK_THAT(after.deviation, WithinAbs(79.9765534008, 1e-6));
  CHECK_THAT(after.volatility, WithinAbs(0.0600080592778, 1e-8));
}

TEST_CASE("with one game per period the deviation settles near 60", "[glicko2]") {
  Rating player;
  for (int period = 0; period < 200; ++period) {
    const std::array<RatedGame, 1> game{{{{1500, 60, 0.06}, static_cast<double>(period % 2)}}};
    player = glicko2_update(player, game);
  }
  CHECK_THAT(player.deviation, WithinAbs(60.27, 0.5));
}

TEST_CASE("a period without games only widens the deviation", "[glicko2]") {
  const Rating after = glicko2_update({1500, 200, 0.06}, {});
  CHECK(after.rating == 1500);
  CHECK_THAT(after.deviation, WithinAbs(200.2714, 0.0001));  // 173.7178 * sqrt(phi^2 + 0.06^2)
  CHECK(after.volatility == 0.06);
}

TEST_CASE("ratings as mail shows them", "[glicko2]") {
  using pbem::server::rating_change_text;
  using pbem::server::standings_text;
  CHECK(rating_change_text("alice", {}, {1662.3108939063, 290.3, 0.06}) == "alice 1500 -> 1662 (+162)");
  CHECK(rating_change_text("bob", {}, {1337.6891060937, 290.3, 0.06}) == "bob 1500 -> 1338 (-162)");
  // Rounded first, so the numbers add up: 1500.4 -> 1500.6 reads 1500 -> 1501 (+1).
  CHECK(rating_change_text("carol", {1500.4, 60, 0.06}, {1500.6, 60, 0.06}) == "carol 1500 -> 1501 (+1)");
  CHECK(standings_text("alice", 5, {1662.4, 580.2, 0.06}, 3, 2, 1) == "alice  1662? \u00b1580  3 games  2-1");
  CHECK(standings_text("bob", 5, {1401.5, 110, 0.06}, 1, 0, 1) == "bob    1402 \u00b1110  1 game  0-1");
}
