// `pbem ratings --rebuild [--write]`: recomputes every rating from the stored games and
// compares (or, with --write, replaces) the kept ones.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "server/support/config.h"

namespace pbem::server {

// Exit 0 when the kept ratings equal the recomputed ones (or were replaced by them with
// --write), 1 when they differ, 64 for a usage error.
int run_ratings(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pbem::server
