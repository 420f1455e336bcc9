// The words of a refused server challenge option (play/challenge_option_refusal.h): -days,
// -weekends, -rating, -clock, and -days with -clock. The handlers that parse a challenge's
// or a competition's options (handlers/game_commands.cpp, handlers/competition_options.cpp)
// answer with it.
#pragma once

#include <string>

#include "server/play/challenge_option_refusal.h"

namespace pbem::server {

std::string refusal_text(const ChallengeOptionRefusal& why);

}  // namespace pbem::server
