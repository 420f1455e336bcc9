// `pbem clock extend HOURS [--game N]` (docs/operating.md "Giving time back"): the operator
// adds HOURS (1..720) to the time of the player to move in every running game with a clock,
// or in game N alone, after an outage; each of those players gets one mail.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "server/support/config.h"

namespace pbem::server {

// Exit 0 when done (also with no game to extend), 64 for a usage error or an hours value
// out of range, 1 when game N is not running with a clock, 75 when the database was busy;
// nothing changes unless it exits 0.
int run_clock(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pbem::server
