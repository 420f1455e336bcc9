// The SQLite engine behind Database (backend.h): the only file that includes sqlite3.h.
#include <sqlite3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <memory>
#include <utility>

#include "server/storage/backend.h"
#include "server/storage/database.h"
#include "server/support/log.h"

namespace pbem::server::detail {

namespace {

struct StatementFinalizer {
  void operator()(sqlite3_stmt* statement) const noexcept { sqlite3_finalize(statement); }
};
using StatementHandle = std::unique_ptr<sqlite3_stmt, StatementFinalizer>;

[[noreturn]] void throw_sqlite(sqlite3* db, const std::string& context) {
  const int code = sqlite3_extended_errcode(db);
  throw DatabaseError(code, context + ": " + sqlite3_errmsg(db));
}

bool only_blanks(std::string_view text) {
  for (unsigned char c : text) {
    if (!std::isspace(c)) return false;
  }
  return true;
}

// The single-value result of a pragma, read without going through the cache.
std::string pragma_value(sqlite3* db, const std::string& pragma, const std::string& file) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, pragma.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
    throw_sqlite(db, "cannot configure database " + file + " (" + pragma + ")");
  }
  StatementHandle statement(raw);
  const int result = sqlite3_step(statement.get());
  if (result != SQLITE_ROW && result != SQLITE_DONE) {
    throw_sqlite(db, "cannot configure database " + file + " (" + pragma + ")");
  }
  if (result == SQLITE_DONE) return {};
  const auto* text = sqlite3_column_text(statement.get(), 0);
  return text ? reinterpret_cast<const char*>(text) : "";
}

// The database holds the game-address key, password hashes, addresses and confirmation
// codes: only its owner may read it (spec: every file pbem creates is 0600, whatever the
// umask). SQLite would create a new database with 0644 less the umask; created here first,
// it is exactly 0600 under any umask, and SQLite gives the -wal, -shm and -journal it makes
// beside it the database's own mode (os_unix.c, findCreateFileMode, with an fchmod past
// the umask). pbem and pbemd also start with umask 077 (cli/), which covers everything
// else they write; this covers every caller of Database, whatever its umask.

std::string octal(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

// A file this process owns that group or others may read is made 0600, and the operator
// told; another user's file is only reported (changing it is its owner's business).
void tighten_if_readable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 077) == 0) return;
  if (st.st_uid != ::geteuid()) {
    log_line("database: " + path + " is readable by others (mode " + octal(st.st_mode) +
             ") and belongs to another user; make it 0600 (chmod 600)");
    return;
  }
  if (::chmod(path.c_str(), S_IRUSR | S_IWUSR) == 0) {
    log_line("database: " + path + " was readable by others (mode " + octal(st.st_mode) + "); now 0600");
  } else {
    log_line("database: " + path + " is readable by others (mode " + octal(st.st_mode) +
             ") and could not be made 0600: " + std::strerror(errno));
  }
}

void prepare_private_file(const std::string& name) {
  if (name.empty() || name == ":memory:") return;
  const int fd = ::open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, S_IRUSR | S_IWUSR);
  if (fd >= 0) {
    // New: exactly 0600 (a umask such as 0277 would have taken the owner's write bit). An
    // empty file is an empty database to SQLite.
    ::fchmod(fd, S_IRUSR | S_IWUSR);
    ::close(fd);
    return;
  }
  // Any other failure (no such directory, no permission) sqlite3_open_v2 reports in its words.
  if (errno != EEXIST) return;
  // An existing database, perhaps from before this rule or copied with cp: it and what a
  // crash left beside it become private now.
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) tighten_if_readable(name + suffix);
}

class SqliteStatement final : public StatementBackend {
 public:
  SqliteStatement(sqlite3* db, StatementHandle handle) : db_(db), handle_(std::move(handle)) {}

  void bind_int(int index, std::int64_t value) override {
    check_bind(sqlite3_bind_int64(handle_.get(), index, value), index);
  }
  void bind_double(int index, double value) override {
    check_bind(sqlite3_bind_double(handle_.get(), index, value), index);
  }
  void bind_text(int index, std::string_view text) override {
    check_bind(sqlite3_bind_text64(handle_.get(), index, text.data(), text.size(), SQLITE_TRANSIENT,
                                   SQLITE_UTF8),
               index);
  }
  void bind_blob(int index, std::string_view bytes) override {
    if (bytes.empty()) {
      // sqlite3_bind_blob with a null pointer would bind NULL; an empty blob is not NULL.
      check_bind(sqlite3_bind_zeroblob(handle_.get(), index, 0), index);
    } else {
      check_bind(sqlite3_bind_blob64(handle_.get(), index, bytes.data(), bytes.size(), SQLITE_TRANSIENT),
                 index);
    }
  }
  void bind_null(int index) override { check_bind(sqlite3_bind_null(handle_.get(), index), index); }
  void clear_bindings() override { sqlite3_clear_bindings(handle_.get()); }

  bool step() override {
    const int result = sqlite3_step(handle_.get());
    if (result == SQLITE_ROW) return true;
    if (result == SQLITE_DONE) return false;
    const int code = sqlite3_extended_errcode(db_);
    std::string message = "cannot execute " + shown_sql(sql()) + ": " + sqlite3_errmsg(db_);
    reset();  // leave the statement reusable after the failure
    throw DatabaseError(code, message);
  }
  // Its result repeats the last step() error, already thrown.
  void reset() override { sqlite3_reset(handle_.get()); }

  int column_count() const override { return sqlite3_column_count(handle_.get()); }
  std::string column_name(int column) const override {
    const char* name = sqlite3_column_name(handle_.get(), column);
    return name ? name : "?";
  }
  bool column_is_null(int column) const override {
    return sqlite3_column_type(handle_.get(), column) == SQLITE_NULL;
  }
  ColumnType column_type(int column) const override {
    switch (sqlite3_column_type(handle_.get(), column)) {
      case SQLITE_INTEGER: return ColumnType::integer;
      case SQLITE_FLOAT: return ColumnType::real;
      case SQLITE_BLOB: return ColumnType::blob;
      case SQLITE_NULL: return ColumnType::null;
      default: return ColumnType::text;
    }
  }
  std::int64_t column_int(int column) const override { return sqlite3_column_int64(handle_.get(), column); }
  double column_double(int column) const override { return sqlite3_column_double(handle_.get(), column); }
  std::string column_text(int column) const override {
    // The pointer first, then the size: that order is what SQLite documents as safe.
    const auto* text = sqlite3_column_text(handle_.get(), column);
    const int size = sqlite3_column_bytes(handle_.get(), column);
    return text ? std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size))
                : std::string();
  }
  std::string column_blob(int column) const override {
    const void* bytes = sqlite3_column_blob(handle_.get(), column);
    const int size = sqlite3_column_bytes(handle_.get(), column);
    return bytes ? std::string(static_cast<const char*>(bytes), static_cast<std::size_t>(size))
                 : std::string();
  }

  std::string sql() const override {
    const char* text = sqlite3_sql(handle_.get());
    return text ? text : "";
  }

 private:
  void check_bind(int result, int index) {
    if (result != SQLITE_OK) {
      throw DatabaseError(result, "cannot bind parameter " + std::to_string(index) + " of " +
                                      shown_sql(sql()) + ": " + sqlite3_errstr(result));
    }
  }

  sqlite3* db_;
  StatementHandle handle_;
};

class SqliteConnection final : public Connection {
 public:
  explicit SqliteConnection(const std::filesystem::path& file) {
    location = file;
    const std::string name = file.string();
    prepare_private_file(name);
    const int opened =
        sqlite3_open_v2(name.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (opened != SQLITE_OK) {
      if (!db_) throw DatabaseError(opened, "cannot open database " + name + ": out of memory");
      const DatabaseError error(sqlite3_extended_errcode(db_), "cannot open database " + name + ": " +
                                                                   sqlite3_errmsg(db_));
      sqlite3_close_v2(std::exchange(db_, nullptr));  // the constructor throws: no destructor
      throw error;
    }
    try {
      configure(name);
    } catch (...) {
      sqlite3_close_v2(std::exchange(db_, nullptr));
      throw;
    }
  }

  ~SqliteConnection() override {
    idle.clear();  // every statement must be finalized before the close really closes
    sqlite3_close_v2(db_);
  }

  Dialect dialect() const override { return Dialect::sqlite; }

  StatementBackendHandle prepare(std::string_view sql, bool persistent) override {
    if (sql.size() > static_cast<std::size_t>(INT_MAX)) {
      throw DatabaseError(SQLITE_TOOBIG, "SQL text too long to prepare");
    }
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    const int result = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                          persistent ? SQLITE_PREPARE_PERSISTENT : 0, &raw, &tail);
    StatementHandle handle(raw);
    if (result != SQLITE_OK) throw_sqlite(db_, "cannot prepare " + shown_sql(sql));
    if (!handle) throw DatabaseError(SQLITE_MISUSE, "no SQL statement in " + shown_sql(sql));

    const std::string_view rest(tail, static_cast<std::size_t>(sql.data() + sql.size() - tail));
    if (!only_blanks(rest)) {
      // The rest may be a comment (fine) or another statement (refused: exec() is for that).
      sqlite3_stmt* next = nullptr;
      const int next_result =
          sqlite3_prepare_v2(db_, rest.data(), static_cast<int>(rest.size()), &next, nullptr);
      StatementHandle second(next);
      if (next_result != SQLITE_OK || second) {
        throw DatabaseError(SQLITE_MISUSE,
                            "prepare() takes exactly one SQL statement, got more in " + shown_sql(sql));
      }
    }
    return std::make_unique<SqliteStatement>(db_, std::move(handle));
  }

  void exec(std::string_view sql) override {
    const std::string text(sql);
    char* raw_message = nullptr;
    const int result = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &raw_message);
    const std::unique_ptr<char, decltype(&sqlite3_free)> message(raw_message, &sqlite3_free);
    if (result != SQLITE_OK) {
      throw DatabaseError(sqlite3_extended_errcode(db_),
                          "cannot execute " + shown_sql(sql) + ": " +
                              (message ? message.get() : sqlite3_errstr(result)));
    }
  }

  std::vector<std::string> write_transaction_start() const override { return {"BEGIN IMMEDIATE"}; }
  std::int64_t last_insert_id() override { return sqlite3_last_insert_rowid(db_); }
  int changes() const override { return sqlite3_changes(db_); }
  bool in_transaction() const override { return sqlite3_get_autocommit(db_) == 0; }

  void set_busy_timeout(std::chrono::milliseconds timeout) override {
    const auto ms = std::min<std::chrono::milliseconds::rep>(timeout.count(), INT_MAX);
    sqlite3_busy_timeout(db_, static_cast<int>(ms));
  }

 private:
  // WAL journal mode (readers never block the writer), synchronous=FULL (a message
  // answered 250 must survive power loss), secure_delete, foreign keys, a 5000 ms busy timeout; a new
  // file gets incremental auto-vacuum.
  void configure(const std::string& name) {
    sqlite3_extended_result_codes(db_, 1);
    set_busy_timeout(std::chrono::milliseconds(5000));
    const bool in_memory = name == ":memory:";
    // Retention's deleted rows give their pages back to the file system (FileSpace::shrink).
    // Only a file with no page yet: auto_vacuum is fixed when the first page is written
    // (setting WAL writes it, hence first), and on an existing file the pragma would take
    // the write lock at every open. An older file is converted by `pbem init` (a VACUUM).
    if (pragma_value(db_, "PRAGMA page_count", name) == "0") pragma_value(db_, "PRAGMA auto_vacuum=INCREMENTAL", name);
    const std::string journal_mode = pragma_value(db_, "PRAGMA journal_mode=WAL", name);
    if (!in_memory && journal_mode != "wal") {
      throw DatabaseError(SQLITE_ERROR, "cannot enable WAL mode for database " + name +
                                            " (journal mode stays '" + journal_mode + "')");
    }
    pragma_value(db_, "PRAGMA synchronous=FULL", name);
    // What a row held goes with it: deleted and overwritten content (an inbound mail's raw
    // bytes once processed, a sent confirmation's code, a password's old hash) is zeroed on
    // its page and free pages are wiped, so the file keeps no copy of it (docs/security.md
    // "What is kept on disk").
    pragma_value(db_, "PRAGMA secure_delete=ON", name);
    pragma_value(db_, "PRAGMA foreign_keys=ON", name);
    if (pragma_value(db_, "PRAGMA foreign_keys", name) != "1") {
      throw DatabaseError(SQLITE_ERROR, "cannot enable foreign keys for database " + name);
    }
  }

  sqlite3* db_ = nullptr;
};

}  // namespace

std::shared_ptr<Connection> open_sqlite(const std::filesystem::path& file) {
  // Once per process, before SQLite initialises itself at the first open: no page cache
  // takes a bulk of slots up front. By default every cache starts with a block of about
  // 90 KB, and that includes the small temporary B-tree behind each CHECK (x IN (...))
  // and each IN (subquery); freeing the block at the end of the statement let glibc give
  // the top of the heap back to the kernel, and the next statement faulted it in again:
  // 0.4 ms of a move's 1.4 ms in bench/game_length (issue 33 item 4). Caches now take
  // pages one at a time as they fill.
  static const bool configured = [] {
    sqlite3_config(SQLITE_CONFIG_PAGECACHE, nullptr, 0, 0);
    return true;
  }();
  (void)configured;
  return std::make_shared<SqliteConnection>(file);
}

}  // namespace pbem::server::detail
