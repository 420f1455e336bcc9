// The words of a refused climb (tournament/ladder_rules.h, ladder::ClimbRefusal), said to
// the climber. Every kind has its message in the catalogue (refusal_message).
#pragma once

#include <string>

#include "server/catalogue/catalogue.h"
#include "server/storage/accounts.h"
#include "server/storage/ladders.h"
#include "server/tournament/ladder_rules.h"

namespace pbem::server {

// Every kind of a climb's refusal, for the tests that check each has its text.
inline constexpr ladder::ClimbRefusal kClimbRefusals[] = {
    ladder::ClimbRefusal::ClimberNotOnLadder, ladder::ClimbRefusal::TargetNotOnLadder,
    ladder::ClimbRefusal::SelfClimb,          ladder::ClimbRefusal::TargetNotAbove,
    ladder::ClimbRefusal::OutOfReach,         ladder::ClimbRefusal::ClimberBusy,
    ladder::ClimbRefusal::TargetBusy,         ladder::ClimbRefusal::PairBusy};

Msg refusal_message(ladder::ClimbRefusal why);
// Why `climber` may not climb against `target` on ladder `l`, whose rungs are `rungs`.
std::string climb_refusal_text(ladder::ClimbRefusal why, const LadderRecord& l, const ladder::Rungs& rungs,
                               const Account& climber, const Account& target);
// "3 rungs", "1 rung".
std::string rungs_text(int n);

}  // namespace pbem::server
