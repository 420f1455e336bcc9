#include "server/tournament/ladder_rules.h"

#include <algorithm>

namespace pbem::server::ladder {

std::optional<int> rung_of(const Rungs& rungs, std::int64_t user_id) {
  const auto found = std::find(rungs.begin(), rungs.end(), user_id);
  if (found == rungs.end()) return std::nullopt;
  return static_cast<int>(found - rungs.begin()) + 1;
}

Rungs joined(Rungs rungs, std::int64_t user_id) {
  if (!rung_of(rungs, user_id)) rungs.push_back(user_id);
  return rungs;
}

Rungs left(Rungs rungs, std::int64_t user_id) {
  rungs.erase(std::remove(rungs.begin(), rungs.end(), user_id), rungs.end());
  return rungs;
}

std::optional<ClimbRefusal> climb_refusal(const Rungs& rungs, const std::vector<OpenClimb>& open, int reach,
                                          std::int64_t climber, std::int64_t target) {
  const auto from = rung_of(rungs, climber);
  if (!from) return ClimbRefusal::ClimberNotOnLadder;
  if (climber == target) return ClimbRefusal::SelfClimb;
  const auto to = rung_of(rungs, target);
  if (!to) return ClimbRefusal::TargetNotOnLadder;
  if (*to >= *from) return ClimbRefusal::TargetNotAbove;
  if (*from - *to > reach) return ClimbRefusal::OutOfReach;
  int climbs = 0, defences = 0;
  for (const OpenClimb& game : open) {
    if ((game.climber == climber && game.target == target) || (game.climber == target && game.target == climber))
      return ClimbRefusal::PairBusy;
    if (game.climber == climber) ++climbs;
    if (game.target == target) ++defences;
  }
  if (climbs >= kClimbsAtATime) return ClimbRefusal::ClimberBusy;
  if (defences >= kDefencesAtATime) return ClimbRefusal::TargetBusy;
  return std::nullopt;
}

Rungs after_climb(Rungs rungs, std::int64_t climber, std::int64_t target, bool climber_won) {
  if (!climber_won) return rungs;
  const auto from = rung_of(rungs, climber);
  const auto to = rung_of(rungs, target);
  if (!from || !to || *to >= *from) return rungs;
  // The climber lifted out of their rung and put in at the target's: those in between,
  // the target first, each go down one.
  const auto begin = rungs.begin() + (*to - 1);
  const auto end = rungs.begin() + *from;  // one past the climber
  std::rotate(begin, end - 1, end);
  return rungs;
}

}  // namespace pbem::server::ladder
