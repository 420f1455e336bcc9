// Ladder moves (server/tournament/ladder_rules.h): joins, leaves, who may climb whom, and the
// rungs after a climb won or lost, against rungs worked out by hand (in the comments).
#include "server/tournament/ladder_rules.h"

#include <catch2/catch.hpp>
#include <vector>

using namespace pbem::server::ladder;

namespace {
// Players 1..5 are alice, bob, carol, dave, erin, on rungs 1..5 in that order.
const Rungs kFive{1, 2, 3, 4, 5};
}  // namespace

TEST_CASE("a newcomer takes the bottom rung, once", "[ladder_rules]") {
  CHECK(joined({}, 7) == Rungs{7});
  CHECK(joined(kFive, 9) == Rungs{1, 2, 3, 4, 5, 9});
  CHECK(joined(kFive, 3) == kFive);
  CHECK(rung_of(kFive, 4) == 4);
  CHECK_FALSE(rung_of(kFive, 9));
}

TEST_CASE("a leave moves everyone below up one, and nobody above", "[ladder_rules]") {
  CHECK(left(kFive, 2) == Rungs{1, 3, 4, 5});
  CHECK(left(kFive, 1) == Rungs{2, 3, 4, 5});
  CHECK(left(kFive, 5) == Rungs{1, 2, 3, 4});
  CHECK(left(kFive, 9) == kFive);
}

TEST_CASE("a climb won takes the target's rung and moves those between down one", "[ladder_rules]") {
  // dave (4) beats bob (2): dave on 2, bob and carol down one, alice and erin stay.
  CHECK(after_climb(kFive, 4, 2, true) == Rungs{1, 4, 2, 3, 5});
  // The worked example: dave then beats alice and is on top in two games.
  CHECK(after_climb(after_climb(kFive, 4, 2, true), 4, 1, true) == Rungs{4, 1, 2, 3, 5});
  // A climb of one rung is a swap.
  CHECK(after_climb(kFive, 5, 4, true) == Rungs{1, 2, 3, 5, 4});
  // From the bottom to the top, reach aside: everyone else down one.
  CHECK(after_climb(kFive, 5, 1, true) == Rungs{5, 1, 2, 3, 4});
}

TEST_CASE("a climb lost moves nothing", "[ladder_rules]") {
  CHECK(after_climb(kFive, 4, 2, false) == kFive);
  CHECK(after_climb(kFive, 5, 1, false) == kFive);
}

TEST_CASE("a win never takes the climber down, nor moves a player who left", "[ladder_rules]") {
  // erin (5) climbed carol (3), but meanwhile won another way up to rung 2: nothing moves.
  const Rungs meanwhile{1, 5, 2, 3, 4};
  CHECK(after_climb(meanwhile, 5, 3, true) == meanwhile);
  // The target left the ladder while the game ran: nothing moves beyond the leave.
  CHECK(after_climb(left(kFive, 2), 4, 2, true) == Rungs{1, 3, 4, 5});
  // Nor when the climber left.
  CHECK(after_climb(left(kFive, 4), 4, 2, true) == Rungs{1, 2, 3, 5});
}

TEST_CASE("a climb reaches at most -reach rungs up, never down or sideways", "[ladder_rules]") {
  CHECK_FALSE(climb_refusal(kFive, {}, 3, 4, 1));
  CHECK_FALSE(climb_refusal(kFive, {}, 3, 5, 2));
  CHECK(climb_refusal(kFive, {}, 3, 5, 1) == ClimbRefusal::OutOfReach);
  CHECK(climb_refusal(kFive, {}, 1, 4, 2) == ClimbRefusal::OutOfReach);
  CHECK_FALSE(climb_refusal(kFive, {}, 1, 4, 3));
  CHECK(climb_refusal(kFive, {}, 3, 2, 4) == ClimbRefusal::TargetNotAbove);
  CHECK(climb_refusal(kFive, {}, 3, 2, 2) == ClimbRefusal::SelfClimb);
  CHECK(climb_refusal(kFive, {}, 3, 9, 2) == ClimbRefusal::ClimberNotOnLadder);
  CHECK(climb_refusal(kFive, {}, 3, 4, 9) == ClimbRefusal::TargetNotOnLadder);
  CHECK_FALSE(climb_refusal(kFive, {}, 10, 5, 1));
}

TEST_CASE("one climb and three defences at a time, one game per pair", "[ladder_rules]") {
  const Rungs rungs{1, 2, 3, 4, 5, 6, 7};
  // dave (4) climbs bob (2): dave may not climb again, not even someone else.
  CHECK(climb_refusal(rungs, {{4, 2}}, 3, 4, 1) == ClimbRefusal::ClimberBusy);
  // ... but may be climbed, and bob may still climb.
  CHECK_FALSE(climb_refusal(rungs, {{4, 2}}, 3, 5, 4));
  CHECK_FALSE(climb_refusal(rungs, {{4, 2}}, 3, 2, 1));
  // The same pair either way round: one game at a time.
  CHECK(climb_refusal(rungs, {{4, 2}}, 3, 4, 2) == ClimbRefusal::PairBusy);
  CHECK(climb_refusal(rungs, {{2, 4}}, 3, 4, 2) == ClimbRefusal::PairBusy);
  // carol (3) defends against 4, 5 and 6: a fourth challenger waits.
  const std::vector<OpenClimb> three{{4, 3}, {5, 3}, {6, 3}};
  CHECK(climb_refusal(rungs, three, 5, 7, 3) == ClimbRefusal::TargetBusy);
  CHECK_FALSE(climb_refusal(rungs, {{4, 3}, {5, 3}}, 5, 7, 3));
}
