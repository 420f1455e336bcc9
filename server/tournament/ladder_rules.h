// A ladder's moves without mail or a database (spec server.md, "Ladders"): the rungs are
// the players' user ids in order, rung 1 first. Who may climb whom, and how the rungs move
// when a player joins, leaves, or wins or loses a climb. Pure like tournament_rules.h:
// storage/ladders.* keeps the facts, competition/ladder_play.* acts on them.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace pbem::server::ladder {

// The user ids on the ladder, best first: rungs[0] is on rung 1.
using Rungs = std::vector<std::int64_t>;

// A ladder game not yet over: who climbs whom.
struct OpenClimb {
  std::int64_t climber = 0, target = 0;
};

// The limits on games at a time (spec: one as climber, three as target, one per pair).
constexpr int kClimbsAtATime = 1;
constexpr int kDefencesAtATime = 3;

// Why a climb may not start now.
enum class ClimbRefusal {
  ClimberNotOnLadder,
  TargetNotOnLadder,
  SelfClimb,
  TargetNotAbove,      // the target's rung is not above the climber's
  OutOfReach,          // more than `reach` rungs above
  ClimberBusy,         // the climber has kClimbsAtATime climbs under way
  TargetBusy,          // the target defends kDefencesAtATime times already
  PairBusy,            // the two play a ladder game already (either way round)
};

// The rung (1-based) of `user_id`, or nothing when they are not on the ladder.
std::optional<int> rung_of(const Rungs& rungs, std::int64_t user_id);

// A newcomer takes the bottom rung; a player on it already stays where they are.
Rungs joined(Rungs rungs, std::int64_t user_id);
// The player comes off the ladder and everyone below moves up one.
Rungs left(Rungs rungs, std::int64_t user_id);

// Why `climber` may not climb `target` now, or nothing when they may.
std::optional<ClimbRefusal> climb_refusal(const Rungs& rungs, const std::vector<OpenClimb>& open, int reach,
                                          std::int64_t climber, std::int64_t target);

// The rungs after a climb ended. A win by the climber puts them on the target's rung and
// moves everyone from the target down to the rung above the climber's old rung down one;
// a loss moves nothing. When, at the game's end, the climber is no longer below the target
// (a leave or another climb moved them), or either is off the ladder, nothing moves: a
// win never takes a player down.
Rungs after_climb(Rungs rungs, std::int64_t climber, std::int64_t target, bool climber_won);

}  // namespace pbem::server::ladder
