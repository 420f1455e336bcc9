// Where a test's database lives: a SQLite file in the test's directory, or, when
// PBEM_TEST_POSTGRES names a PostgreSQL database (scripts/with-postgres.sh sets it), a
// fresh schema of its own in that database, so every test starts from nothing on either
// engine. The `postgres_suite` ctest entry reruns the storage tests that way.
#pragma once

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <unistd.h>

#include "server/storage/database.h"

namespace pbem::test {

inline bool on_postgres() {
  const char* uri = std::getenv("PBEM_TEST_POSTGRES");
  return uri && *uri;
}

// `file` in `directory` on SQLite; on PostgreSQL a URI whose search_path is a new schema.
inline std::filesystem::path test_database(const std::filesystem::path& directory,
                                           const std::string& file = "pbem.sqlite") {
  if (!on_postgres()) return directory / file;
  static std::atomic<int> made{0};
  const std::string schema = "t" + std::to_string(getpid()) + "_" + std::to_string(++made);
  const std::string base = std::getenv("PBEM_TEST_POSTGRES");
  server::Database(base).exec("CREATE SCHEMA " + schema);
  return base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
}

// The first column of every row of `sql`, joined with ',' ("-" when there is no row or
// the only value is NULL): what SQLite's group_concat gave, on both engines.
inline std::string joined_rows(server::Database& db, const std::string& sql) {
  auto query = db.prepare(sql);
  std::string out;
  bool any = false;
  while (query.step()) {
    if (any) out += ",";
    out += query.column_is_null(0) ? std::string("-") : query.column_text(0);
    any = true;
  }
  return any ? out : "-";
}

}  // namespace pbem::test
