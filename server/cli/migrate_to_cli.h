// `pbem migrate-to URI`: copies the configured SQLite installation into the (empty)
// PostgreSQL database at URI and verifies every table's row count.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "server/support/config.h"

namespace pbem::server {

// Exit 0 when every row was copied, 64 for a usage error; throws (the caller reports it,
// exit 70) when the copy fails, in which case the target is left as it was.
int run_migrate_to(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pbem::server
