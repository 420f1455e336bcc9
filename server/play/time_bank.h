// The time bank's option (spec "Time bank"): the challenge option -clock=B+I (the way
// mails write a bank: server/mailing/clock_text.h). The arithmetic of a running game's banks is with the rest of the
// clock (game_clock.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/storage/game_records.h"

namespace pbem::server {

// The bank of `-clock=<value>`: B and I whole days ("10+1") or hours with h ("240h+36h"),
// each written either way; B 1 hour to 60 days, I 0..B. Both players start with B.
// Throws ChallengeOptionError (challenge_option_refusal.h) with what is wrong.
TimeBank parse_time_bank(std::string_view value);


}  // namespace pbem::server
