// The time bank's words (spec "Time bank"): the challenge option -clock=B+I and the way
// mails write a bank. The arithmetic of a running game's banks is with the rest of the
// clock (game_clock.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/storage/game_records.h"

namespace pbem::server {

// The bank of `-clock=<value>`: B and I whole days ("10+1") or hours with h ("240h+36h"),
// each written either way; B 1 hour to 60 days, I 0..B. Both players start with B.
// Throws OptionError (engine/options.h) naming what is wrong.
TimeBank parse_time_bank(std::string_view value);

// A bank as mails show it: whole hours rounded down, "9 d 4 h" ("0 d 0 h" when spent).
std::string bank_text(std::int64_t seconds);

}  // namespace pbem::server
