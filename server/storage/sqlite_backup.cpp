// SQLite's online backup API and the checks of a copy (sqlite_backup.h). Works on its own
// connections, not through Database: Database turns WAL on as it opens a file, and a copy
// being checked must not change.
#include "server/storage/sqlite_backup.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

namespace {

struct ConnectionCloser {
  void operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }
};
using ConnectionHandle = std::unique_ptr<sqlite3, ConnectionCloser>;
struct StatementFinalizer {
  void operator()(sqlite3_stmt* statement) const noexcept { sqlite3_finalize(statement); }
};
using StatementHandle = std::unique_ptr<sqlite3_stmt, StatementFinalizer>;

constexpr int kBusyMilliseconds = 5000;

ConnectionHandle open(const std::filesystem::path& file, int flags) {
  sqlite3* raw = nullptr;
  const int result = sqlite3_open_v2(file.c_str(), &raw, flags, nullptr);
  ConnectionHandle db(raw);
  if (result != SQLITE_OK)
    throw DatabaseError(result, "cannot open " + file.string() + ": " +
                                    (db ? sqlite3_errmsg(db.get()) : sqlite3_errstr(result)));
  sqlite3_busy_timeout(db.get(), kBusyMilliseconds);
  return db;
}

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  throw DatabaseError(sqlite3_extended_errcode(db), what + ": " + sqlite3_errmsg(db));
}

// Every row's first column of one statement, as text.
std::vector<std::string> first_column(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) fail(db, sql);
  StatementHandle statement(raw);
  std::vector<std::string> rows;
  int result;
  while ((result = sqlite3_step(statement.get())) == SQLITE_ROW) {
    const auto* text = sqlite3_column_text(statement.get(), 0);
    rows.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
  }
  if (result != SQLITE_DONE) fail(db, sql);
  return rows;
}

// The file's bytes and its directory entry reach the disk: a backup reported done, or a
// restore put in place, survives a power cut.
void sync_to_disk(const std::filesystem::path& file) {
  for (const std::filesystem::path& path : {file, file.parent_path().empty() ? std::filesystem::path(".")
                                                                               : file.parent_path()}) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw DatabaseError(error_code::error, "cannot open " + path.string() + ": " + std::strerror(errno));
    const int result = ::fsync(fd);
    const int error = errno;
    ::close(fd);
    if (result != 0) throw DatabaseError(error_code::error, "cannot flush " + path.string() + ": " + std::strerror(error));
  }
}

void copy_into(const std::filesystem::path& from, const std::filesystem::path& to) {
  // Read-write without create: a missing source fails here instead of becoming an empty
  // copy; the backup itself only reads it.
  const ConnectionHandle source = open(from, SQLITE_OPEN_READWRITE);
  const ConnectionHandle target = open(to, SQLITE_OPEN_READWRITE);
  sqlite3_backup* backup = sqlite3_backup_init(target.get(), "main", source.get(), "main");
  if (!backup) fail(target.get(), "cannot begin the copy of " + from.string());
  // All pages in one step: one read transaction, so the copy is one committed state. In
  // WAL mode pbemd's writers go on meanwhile; a busy source (a checkpoint, a rollback
  // journal's writer) is waited for.
  int result;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyMilliseconds);
  while ((result = sqlite3_backup_step(backup, -1)) == SQLITE_BUSY || result == SQLITE_LOCKED) {
    if (std::chrono::steady_clock::now() > give_up) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  sqlite3_backup_finish(backup);
  if (result != SQLITE_DONE)
    throw DatabaseError(result, "cannot copy " + from.string() + ": " + sqlite3_errstr(result));
  // The copy's header says WAL when the source's did; a kept copy is one file.
  first_column(target.get(), "PRAGMA journal_mode=DELETE");
}

}  // namespace

void copy_sqlite_database(const std::filesystem::path& from, const std::filesystem::path& to) {
  // Made here first, exactly 0600 under any umask: it holds password hashes and keys.
  const int fd = ::open(to.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, S_IRUSR | S_IWUSR);
  if (fd < 0) throw DatabaseError(error_code::error, "cannot create " + to.string() + ": " + std::strerror(errno));
  ::fchmod(fd, S_IRUSR | S_IWUSR);
  ::close(fd);
  try {
    copy_into(from, to);
    sync_to_disk(to);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(to, ignored);
    std::filesystem::remove(to.string() + "-journal", ignored);
    throw;
  }
}

std::optional<std::string> sqlite_copy_problem(const std::filesystem::path& file,
                                               std::span<const Migration> migrations) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) return file.string() + " is not a file";
  try {
    const ConnectionHandle db = open(file, SQLITE_OPEN_READONLY);
    std::vector<std::string> integrity;
    try {
      integrity = first_column(db.get(), "PRAGMA integrity_check");
    } catch (const DatabaseError& e) {
      if ((e.code & 0xff) == SQLITE_NOTADB) return file.string() + " is not a SQLite database";
      return file.string() + " cannot be read as a SQLite database (" + e.what() + ")";
    }
    if (integrity.empty() || integrity.front() != "ok")
      return file.string() + " fails SQLite's integrity check (" + (integrity.empty() ? "" : integrity.front()) + ")";
    if (first_column(db.get(), "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
            .empty())
      return file.string() + " is a SQLite database but not pbem's: it has no schema_migrations table";
    const auto versions = first_column(db.get(), "SELECT version || ' ' || name FROM schema_migrations ORDER BY version");
    if (versions.empty()) return file.string() + " has no migration recorded: not a pbem database";
    for (const std::string& recorded : versions) {
      bool known = false;
      for (const Migration& migration : migrations)
        known = known || recorded == std::to_string(migration.version) + " " + std::string(migration.name);
      if (!known)
        return file.string() + " records migration " + recorded +
               ", which this pbem does not know (a newer pbem's database?)";
    }
    return std::nullopt;
  } catch (const DatabaseError& e) {
    return file.string() + " cannot be read: " + e.what();
  }
}

int sqlite_copy_schema_version(const std::filesystem::path& file) {
  const ConnectionHandle db = open(file, SQLITE_OPEN_READONLY);
  const auto version = first_column(db.get(), "SELECT coalesce(max(version), 0) FROM schema_migrations");
  return version.empty() ? 0 : std::stoi(version.front());
}

void replace_sqlite_database(const std::filesystem::path& copy, const std::filesystem::path& database) {
  // The old file's WAL, shared memory and hot journal go first: left beside the new file,
  // SQLite would read the old database's pages into it. If this stops half-way the old
  // database loses only what it was being replaced for.
  for (const char* suffix : {"-wal", "-shm", "-journal"}) {
    const std::filesystem::path beside = database.string() + suffix;
    if (::unlink(beside.c_str()) != 0 && errno != ENOENT)
      throw DatabaseError(error_code::error, "cannot remove " + beside.string() + ": " + std::strerror(errno));
  }
  if (::rename(copy.c_str(), database.c_str()) != 0)
    throw DatabaseError(error_code::error, "cannot put " + copy.string() + " in place of " + database.string() + ": " +
                                               std::strerror(errno));
  sync_to_disk(database);
}

}  // namespace pbem::server
