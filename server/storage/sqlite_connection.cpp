// The SQLite engine behind Database (backend.h): the only file that includes sqlite3.h.
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <memory>
#include <utility>

#include "server/storage/backend.h"
#include "server/storage/database.h"

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
  // answered 250 must survive power loss), foreign keys, a 5000 ms busy timeout.
  void configure(const std::string& name) {
    sqlite3_extended_result_codes(db_, 1);
    set_busy_timeout(std::chrono::milliseconds(5000));
    const bool in_memory = name == ":memory:";
    const std::string journal_mode = pragma_value(db_, "PRAGMA journal_mode=WAL", name);
    if (!in_memory && journal_mode != "wal") {
      throw DatabaseError(SQLITE_ERROR, "cannot enable WAL mode for database " + name +
                                            " (journal mode stays '" + journal_mode + "')");
    }
    pragma_value(db_, "PRAGMA synchronous=FULL", name);
    pragma_value(db_, "PRAGMA foreign_keys=ON", name);
    if (pragma_value(db_, "PRAGMA foreign_keys", name) != "1") {
      throw DatabaseError(SQLITE_ERROR, "cannot enable foreign keys for database " + name);
    }
  }

  sqlite3* db_ = nullptr;
};

}  // namespace

std::shared_ptr<Connection> open_sqlite(const std::filesystem::path& file) {
  return std::make_shared<SqliteConnection>(file);
}

}  // namespace pbem::server::detail
