// The database holds the game-address key, password hashes, addresses and confirmation
// codes: its file and SQLite's files beside it (-wal, -shm) are mode 0600 whatever the
// umask of the process that opens it (issue 26; spec "Limits that keep the server from
// being used against others"), and a database found readable by others is tightened.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <string>

#include <sys/stat.h>
#include <sys/types.h>

#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "temp_dir.h"
#include "test_database.h"

using pbem::server::Database;
using pbem::test::TempDir;

namespace {

// Sets the process's umask until the end of the scope (tests run one at a time).
class ScopedUmask {
 public:
  explicit ScopedUmask(mode_t mask) : previous_(::umask(mask)) {}
  ScopedUmask(const ScopedUmask&) = delete;
  ScopedUmask& operator=(const ScopedUmask&) = delete;
  ~ScopedUmask() { ::umask(previous_); }

 private:
  mode_t previous_;
};

// The permission bits of `path` as octal text ("600"), or "absent".
std::string mode_of(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "absent";
  char text[8];
  std::snprintf(text, sizeof text, "%o", static_cast<unsigned>(st.st_mode & 07777));
  return text;
}

}  // namespace

TEST_CASE("a new database and its -wal and -shm are 0600 under any umask", "[database][file_modes]") {
  if (pbem::test::on_postgres()) return;  // PostgreSQL's files are the server's
  const mode_t mask = GENERATE(mode_t{022}, mode_t{0}, mode_t{077});
  INFO("umask " << std::oct << mask);
  TempDir dir;
  const auto file = dir / "pbem.sqlite";
  {
    ScopedUmask umask(mask);
    Database db(file);
    pbem::server::migrate(db);  // writes, so the -wal and -shm exist while it is open
    CHECK(mode_of(file) == "600");
    CHECK(mode_of(dir / "pbem.sqlite-wal") == "600");
    CHECK(mode_of(dir / "pbem.sqlite-shm") == "600");
  }
  // Nothing else was made beside it that others could read.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    INFO(entry.path().string());
    CHECK((mode_of(entry.path()) == "600" || mode_of(entry.path()) == "700"));
  }
}

TEST_CASE("an existing database readable by others is tightened to 0600 when it is opened", "[database][file_modes]") {
  if (pbem::test::on_postgres()) return;
  ScopedUmask umask(022);
  TempDir dir;
  const auto file = dir / "pbem.sqlite";
  {
    Database db(file);
    pbem::server::migrate(db);
  }
  // As an older pbem (or a copy with cp) left it, with a crash's -wal and -shm beside it.
  REQUIRE(::chmod(file.c_str(), 0644) == 0);
  pbem::test::write_file(dir / "pbem.sqlite-wal", "");
  pbem::test::write_file(dir / "pbem.sqlite-shm", "");
  REQUIRE(::chmod((dir / "pbem.sqlite-wal").c_str(), 0644) == 0);
  REQUIRE(::chmod((dir / "pbem.sqlite-shm").c_str(), 0664) == 0);
  REQUIRE(mode_of(file) == "644");

  Database db(file);
  CHECK(mode_of(file) == "600");
  CHECK(mode_of(dir / "pbem.sqlite-wal") == "600");
  CHECK(mode_of(dir / "pbem.sqlite-shm") == "600");
  CHECK(pbem::server::schema_version(db) > 0);  // still the same database
}

TEST_CASE("a private in-memory database needs no file", "[database][file_modes]") {
  TempDir dir;
  pbem::test::ScopedWorkingDirectory here(dir.path());
  Database db(":memory:");
  db.exec("CREATE TABLE t (x INTEGER)");
  CHECK(std::filesystem::is_empty(dir.path()));
}
