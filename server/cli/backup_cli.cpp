#include "server/cli/backup_cli.h"

#include <filesystem>
#include <ostream>

#include "server/cli/server_cli.h"
#include "server/storage/database.h"
#include "server/storage/database_hold.h"
#include "server/storage/migrations.h"
#include "server/storage/sqlite_backup.h"

namespace pbem::server {

namespace {

constexpr int kExitRefused = 1;

// A copy made beside `target` under a name of its own, so that the rename that finishes
// it is atomic; one a crash left behind is ours to replace.
std::filesystem::path partial_beside(const std::filesystem::path& target, const char* suffix) {
  std::filesystem::path partial = target.string() + suffix;
  std::error_code ignored;
  std::filesystem::remove(partial, ignored);
  return partial;
}

}  // namespace

int run_backup(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1 || args[0].empty() || args[0].starts_with("-")) {
    err << "usage: pbem backup FILE\n";
    return kExitUsage;
  }
  if (Database::is_postgres_uri(config.database.string())) {
    err << "pbem backup: the database is PostgreSQL; back it up with pg_dump (docs/operating.md, \"Backups\")\n";
    return kExitRefused;
  }
  const std::filesystem::path target = args[0];
  const std::filesystem::path partial = partial_beside(target, ".partial");
  try {
    copy_sqlite_database(config.database, partial);
  } catch (const DatabaseError& e) {
    err << "pbem backup: " << e.what() << "; no backup was written\n";
    return kExitRefused;
  }
  if (const auto problem = sqlite_copy_problem(partial, known_migrations())) {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    err << "pbem backup: the copy failed its check: " << *problem << "; no backup was written\n";
    return kExitRefused;
  }
  const int version = sqlite_copy_schema_version(partial);
  std::error_code error;
  std::filesystem::rename(partial, target, error);
  if (error) {
    std::filesystem::remove(partial, error);
    err << "pbem backup: cannot write " << target.string() << ": " << error.message() << "\n";
    return kExitRefused;
  }
  out << "backup: " << target.string() << " (" << std::filesystem::file_size(target) << " bytes, schema version "
      << version << ", integrity ok)\n";
  return kExitOk;
}

int run_restore(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1 || args[0].empty() || args[0].starts_with("-")) {
    err << "usage: pbem restore FILE\n";
    return kExitUsage;
  }
  if (Database::is_postgres_uri(config.database.string())) {
    err << "pbem restore: the database is PostgreSQL; restore it with pg_restore (docs/operating.md, \"Backups\")\n";
    return kExitRefused;
  }
  const std::filesystem::path source = args[0];
  const std::filesystem::path database = config.database;
  if (const auto problem = sqlite_copy_problem(source, known_migrations())) {
    err << "pbem restore: " << *problem << "; nothing was changed\n";
    return kExitRefused;
  }
  // Held until the new file is in place: a pbemd starting meanwhile waits, then serves it.
  const DatabaseHold hold(database, DatabaseHold::Kind::exclusive);
  if (!hold.held()) {
    err << "pbem restore: pbemd is serving " << database.string()
        << ", or another pbem command (an MTA's pbem ingest, pbem tick) has it open; stop pbemd first "
           "(systemctl stop pbemd) and try again; nothing was changed\n";
    return kExitRefused;
  }
  const std::filesystem::path partial = partial_beside(database, ".restoring");
  try {
    copy_sqlite_database(source, partial);
    if (const auto problem = sqlite_copy_problem(partial, known_migrations())) {
      std::filesystem::remove(partial);
      err << "pbem restore: the copy failed its check: " << *problem << "; nothing was changed\n";
      return kExitRefused;
    }
    replace_sqlite_database(partial, database);
  } catch (const DatabaseError& e) {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    err << "pbem restore: " << e.what() << "; nothing was changed\n";
    return kExitRefused;
  }
  out << "restore: " << database.string() << " is now the copy in " << source.string() << " (schema version "
      << sqlite_copy_schema_version(database) << "); pbemd brings it up to date as it starts\n";
  return kExitOk;
}

}  // namespace pbem::server
