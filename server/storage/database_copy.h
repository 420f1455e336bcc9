// `pbem migrate-to`: copies every row of a SQLite installation into a PostgreSQL database
// that has the same schema and no rows yet, in one transaction, and checks the counts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

struct CopiedTable {
  std::string name;
  std::int64_t rows = 0;
};

// Both databases must be migrated to the same version (the caller migrates them).
// Throws std::runtime_error, changing nothing in `to`, when `to` already holds rows or a
// count differs after the copy; DatabaseError when the target refuses a row.
std::vector<CopiedTable> copy_database(Database& from, Database& to);

}  // namespace pbem::server
