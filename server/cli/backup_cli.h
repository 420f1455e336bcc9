// `pbem backup FILE` and `pbem restore FILE` (issue 58): a checked copy of the running
// SQLite database, and a checked copy put back in its place while pbemd is stopped. The
// copying and checking are storage/sqlite_backup.*; the hold that tells a running pbemd
// is storage/database_hold.*. On PostgreSQL both say to use pg_dump and pg_restore.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "server/support/config.h"

namespace pbem::server {

// 0 once FILE holds a copy that passed the checks; 1 when it could not be made or checked
// (no FILE is left then), or on PostgreSQL.
int run_backup(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// 0 once the database is FILE's copy; 1, changing nothing, while pbemd holds the database,
// for a FILE that is not a sound pbem database this program knows, or on PostgreSQL.
int run_restore(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pbem::server
