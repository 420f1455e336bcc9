#include "server/storage/migrations.h"

#include <algorithm>
#include <map>

#include "server/support/clock.h"
#include "server/storage/database.h"

namespace pbem::server {

namespace {

std::string label(int version, std::string_view name) {
  std::string number = std::to_string(version);
  if (number.size() < 3) number.insert(0, 3 - number.size(), '0');
  return number + "_" + std::string(name);
}

void check_ascending(std::span<const Migration> migrations) {
  int previous = 0;
  for (const auto& migration : migrations) {
    if (migration.version <= previous) {
      throw std::logic_error("migrations must have unique, ascending, positive versions; " +
                             label(migration.version, migration.name) + " is out of order");
    }
    previous = migration.version;
  }
}

void create_version_table(Database& database) {
  database.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      " version INTEGER PRIMARY KEY,"
      " name TEXT NOT NULL,"
      " applied_at TEXT NOT NULL)");
}

std::map<int, std::string> recorded_migrations(Database& database) {
  std::map<int, std::string> recorded;
  auto query = database.prepare("SELECT version, name FROM schema_migrations");
  while (query.step()) {
    recorded.emplace(static_cast<int>(query.column_int(0)), query.column_text(1));
  }
  return recorded;
}

bool version_table_exists(Database& database) {
  auto exists = database.prepare(database.dialect() == Dialect::postgresql
                                     ? "SELECT 1 WHERE to_regclass(quote_ident(current_schema()) || '.schema_migrations') "
                                       "IS NOT NULL"
                                     : "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'");
  return exists.step();
}

// Every migration the database records must be one this program knows, by the same name.
// Returns what it records.
std::map<int, std::string> checked_history(Database& database, std::span<const Migration> migrations) {
  const int newest_known = migrations.empty() ? 0 : migrations.back().version;
  std::map<int, std::string> recorded = recorded_migrations(database);
  for (const auto& [version, name] : recorded) {
    if (version > newest_known) {
      throw MigrationError("database " + database.file().string() + " has schema version " +
                           std::to_string(version) + " (" + label(version, name) +
                           "), newer than this program knows (" + std::to_string(newest_known) +
                           "); use a newer pbem");
    }
    const auto known = std::find_if(migrations.begin(), migrations.end(),
                                    [v = version](const Migration& m) { return m.version == v; });  // clang 14: no capture of a binding
    if (known == migrations.end() || known->name != name) {
      throw MigrationError("database " + database.file().string() + " records migration " +
                           label(version, name) + ", which this program " +
                           (known == migrations.end()
                                ? std::string("does not know")
                                : "knows as " + label(known->version, known->name)));
    }
  }
  return recorded;
}

bool is_applied(Database& database, int version) {
  auto query = database.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
  query.bind(1, version);
  return query.step();
}

}  // namespace

std::span<const Migration> known_migrations(const Database& database) {
  return database.dialect() == Dialect::postgresql ? known_postgres_migrations() : known_migrations();
}

std::vector<int> migrate(Database& database) { return migrate(database, known_migrations(database)); }

std::vector<int> migrate(Database& database, std::span<const Migration> migrations) {
  check_ascending(migrations);
  if (!version_table_exists(database)) {
    // Under the write lock: two processes starting at once on a new PostgreSQL database
    // would otherwise race on creating the table (one fails, "already exists").
    Transaction transaction(database);
    create_version_table(database);
    transaction.commit();
  }
  // Every process starts here (each `pbem ingest`): a migration recorded stays applied, so
  // only the missing ones take the write lock. Checking each one under the lock cost four
  // round trips a migration on PostgreSQL (issue 46), about 120 for every mail.
  const std::map<int, std::string> recorded = checked_history(database, migrations);

  std::vector<int> applied;
  for (const auto& migration : migrations) {
    if (recorded.contains(migration.version)) continue;
    Transaction transaction(database);
    // Checked inside the write lock: another process may have applied it meanwhile.
    if (is_applied(database, migration.version)) continue;
    try {
      database.exec(migration.sql);
    } catch (const DatabaseError& error) {
      throw DatabaseError(error.code, "migration " + label(migration.version, migration.name) +
                                          " failed: " + error.what());
    }
    database.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)")
        .bind_all(migration.version, migration.name, now_iso8601())
        .run();
    transaction.commit();
    applied.push_back(migration.version);
  }
  return applied;
}

int schema_version(Database& database) {
  if (!version_table_exists(database)) return 0;
  auto query = database.prepare("SELECT coalesce(max(version), 0) FROM schema_migrations");
  query.step();
  return static_cast<int>(query.column_int(0));
}

}  // namespace pbem::server
