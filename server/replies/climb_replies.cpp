#include "server/replies/climb_replies.h"

namespace pbem::server {

using ladder::ClimbRefusal;

Msg refusal_message(ClimbRefusal why) {
  // No default: a new kind without its message does not compile (-Wswitch, -Werror).
  switch (why) {
    case ClimbRefusal::ClimberNotOnLadder: return Msg::ClimberNotOnLadderRefusal;
    case ClimbRefusal::TargetNotOnLadder: return Msg::TargetNotOnLadderRefusal;
    case ClimbRefusal::SelfClimb: return Msg::SelfClimbRefusal;
    case ClimbRefusal::TargetNotAbove: return Msg::TargetNotAboveRefusal;
    case ClimbRefusal::OutOfReach: return Msg::OutOfReachRefusal;
    case ClimbRefusal::ClimberBusy: return Msg::ClimberBusyRefusal;
    case ClimbRefusal::TargetBusy: return Msg::TargetBusyRefusal;
    case ClimbRefusal::PairBusy: return Msg::PairBusyRefusal;
  }
  return Msg::SelfClimbRefusal;  // not reached: every kind is above
}

std::string rungs_text(int n) { return text(n == 1 ? Msg::OneRung : Msg::SeveralRungs, {{"n", n}}); }

std::string climb_refusal_text(ClimbRefusal why, const LadderRecord& l, const ladder::Rungs& rungs,
                               const Account& climber, const Account& target) {
  const auto rung = [&](const Account& a) { return ladder::rung_of(rungs, a.id).value_or(0); };
  const std::string ref = "L#" + std::to_string(l.id);
  const Msg id = refusal_message(why);
  switch (why) {
    case ClimbRefusal::ClimberNotOnLadder:
      return text(id, {{"climber", climber.userid}, {"ladder", ref}, {"type", l.type}});
    case ClimbRefusal::TargetNotOnLadder: return text(id, {{"target", target.userid}, {"ladder", ref}});
    case ClimbRefusal::SelfClimb: return text(id);
    case ClimbRefusal::TargetNotAbove:
      return text(id, {{"target", target.userid},
                       {"target_rung", rung(target)},
                       {"climber", climber.userid},
                       {"climber_rung", rung(climber)}});
    case ClimbRefusal::OutOfReach:
      return text(id, {{"target", target.userid},
                       {"target_rung", rung(target)},
                       {"climber", climber.userid},
                       {"climber_rung", rung(climber)},
                       {"ladder", ref},
                       {"reach", rungs_text(l.reach)}});
    case ClimbRefusal::ClimberBusy: return text(id, {{"climber", climber.userid}, {"ladder", ref}});
    case ClimbRefusal::TargetBusy:
      return text(id, {{"target", target.userid}, {"most", ladder::kDefencesAtATime}, {"ladder", ref}});
    case ClimbRefusal::PairBusy:
      return text(id, {{"climber", climber.userid}, {"target", target.userid}, {"ladder", ref}});
  }
  return text(Msg::SelfClimbRefusal);  // not reached
}

}  // namespace pbem::server
