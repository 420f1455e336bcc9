#include "server/cli/migrate_to_cli.h"

#include <filesystem>
#include <ostream>

#include "server/cli/server_cli.h"
#include "server/storage/database.h"
#include "server/storage/database_copy.h"
#include "server/storage/migrations.h"

namespace pbem::server {

int run_migrate_to(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1 || !Database::is_postgres_uri(args[0])) {
    err << "usage: pbem migrate-to postgresql://user@host/database  (the configured SQLite database is copied)\n";
    return kExitUsage;
  }
  if (Database::is_postgres_uri(config.database.native())) {
    err << "pbem migrate-to: the configured database is already PostgreSQL (" << config.database.string() << ")\n";
    return kExitUsage;
  }
  if (!std::filesystem::exists(config.database)) {
    err << "pbem migrate-to: no database at " << config.database.string() << "\n";
    return kExitUsage;
  }
  Database from(config.database);
  migrate(from);
  Database to(args[0]);
  migrate(to);
  std::int64_t rows = 0;
  for (const CopiedTable& table : copy_database(from, to)) {
    out << table.name << ": " << table.rows << " rows\n";
    rows += table.rows;
  }
  out << rows << " rows copied from " << config.database.string() << " to " << to.file().string()
      << "; every table's count verified. Set \"database\" to that URI and restart pbemd.\n";
  return kExitOk;
}

}  // namespace pbem::server
