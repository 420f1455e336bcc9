// Schema migrations: schema/NNN_name.sql, embedded into the binary at build time (so an
// installed program needs no source tree), applied in version order at start-up, each in
// its own transaction, and recorded in the table schema_migrations(version, name,
// applied_at).
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::server {

class Database;

struct Migration {
  int version;            // NNN from the file name, without leading zeros
  std::string_view name;  // the file name's rest without ".sql": "initial"
  std::string_view sql;   // the file's exact text
};

// The database and this program disagree about the schema's history: the database is
// newer than the program, or records a migration the program does not know.
class MigrationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The migrations embedded from schema/, ascending by version.
std::span<const Migration> known_migrations();
// The same migrations (same versions and names) for PostgreSQL, from schema/postgresql/.
std::span<const Migration> known_postgres_migrations();
// The known migrations for the database's engine.
std::span<const Migration> known_migrations(const Database& database);

// Applies every known migration the database lacks, oldest first, and returns the
// versions it applied (empty when already up to date). Throws MigrationError, changing
// nothing, when the database's recorded history does not fit the known migrations;
// throws DatabaseError when a migration's SQL fails (that migration is rolled back, the
// ones before it stay applied). Safe when two processes migrate the same file at once.
std::vector<int> migrate(Database& database);
// The same with an explicit list (ascending, unique, positive versions), for tests.
std::vector<int> migrate(Database& database, std::span<const Migration> migrations);

// The highest applied version; 0 for a database that was never migrated.
int schema_version(Database& database);

}  // namespace pbem::server
