// A thin RAII wrapper over the database engine: one connection (Database), prepared
// statements (Statement) that the connection caches by SQL text, and write transactions
// (Transaction). No ORM: callers write SQL and bind parameters by 1-based index.
// Two engines sit behind it (backend.h): SQLite, the embedded default, and PostgreSQL
// when the location is a postgresql:// or postgres:// URI. SQL is written once, with `?`
// or `?N` parameters, in the subset both understand (see README.md in this folder).
//
// Threading: a Database and its Statements belong to one thread at a time.
#pragma once

#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace pbem::server {

// The result codes DatabaseError carries, in SQLite's numbering whichever engine failed
// (PostgreSQL's SQLSTATEs are mapped onto them; the SQLSTATE itself is kept too).
namespace error_code {
inline constexpr int error = 1, busy = 5, locked = 6, too_big = 18, constraint = 19,
                     mismatch = 20, misuse = 21, range = 25;
}

// The two engines behind Database.
enum class Dialect { sqlite, postgresql };

// What a column of the current row holds (SQLite's storage classes; PostgreSQL's types
// map onto them), for code that copies rows without knowing the table.
enum class ColumnType { integer, real, text, blob, null };

// Any failure reported by the database. `code` is SQLite's extended result code
// (e.g. SQLITE_CONSTRAINT_UNIQUE); its low byte is the primary code. On PostgreSQL,
// `sqlstate` is the server's five-character SQLSTATE and `code` its SQLite equivalent.
class DatabaseError : public std::runtime_error {
 public:
  DatabaseError(int code, const std::string& message, std::string sqlstate = {});

  int code;
  std::string sqlstate;

  int primary_code() const { return code & 0xff; }
  // SQLITE_BUSY / SQLITE_LOCKED: another connection holds the lock; worth retrying later
  // (e.g. the daemon answers 4xx, `pbem ingest` exits 75).
  bool busy() const;
  // A UNIQUE, FOREIGN KEY, CHECK or NOT NULL constraint refused the change.
  bool constraint() const;
};

namespace detail {
class Connection;        // an engine's connection and the statement cache (backend.h)
class StatementBackend;  // an engine's prepared statement (backend.h)
}  // namespace detail

// Marks bytes to be bound as a BLOB (rather than TEXT) in bind_all().
struct Blob {
  std::string_view bytes;
};

// One prepared statement, move-only. Obtained from Database::prepare(). When it is
// destroyed it is reset (releasing any read snapshot), its bindings are cleared, and it
// goes back to the connection's cache for the next prepare() of the same SQL text.
// A Statement keeps its connection alive, so it may safely outlive its Database object.
class Statement {
 public:
  Statement(Statement&&) noexcept;
  Statement& operator=(Statement&&) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  // Parameters are 1-based, as in SQLite. A bad index throws DatabaseError (SQLITE_RANGE).
  // Binding after step() starts a new run: the statement is reset first, other bindings
  // stay.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value);
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view text);  // TEXT ("" binds an empty text, not NULL)
  Statement& bind(int index, const std::string& text);  // TEXT (avoids optional/string_view ambiguity)
  Statement& bind(int index, const char* text);         // TEXT; nullptr binds NULL
  Statement& bind(int index, Blob blob);                // BLOB
  Statement& bind_blob(int index, std::string_view bytes);  // BLOB; may contain NUL bytes
  Statement& bind(int index, std::nullptr_t);               // NULL
  Statement& bind(int index, char) = delete;  // a char is not a number; bind a string
  Statement& bind(int index, const std::optional<std::string>& text);      // TEXT or NULL
  Statement& bind(int index, const std::optional<std::int64_t>& value);    // INTEGER or NULL
  // Other integer types (bool, unsigned, long long, ...); values beyond int64 throw.
  template <std::integral T>
    requires(!std::same_as<T, std::int64_t> && !std::same_as<T, int> && !std::same_as<T, char>)
  Statement& bind(int index, T value);
  // Any other optional: NULL when empty, else its value.
  template <typename T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind(index, nullptr);
  }

  // Binds its arguments to parameters 1..n, in order.
  template <typename... Values>
  Statement& bind_all(const Values&... values) {
    int index = 0;
    (bind(++index, values), ...);
    return *this;
  }

  // Advances to the next row: true when a row is available, false when done.
  bool step();
  // Steps to completion (INSERT/UPDATE/DELETE, also with RETURNING rows ignored), then
  // resets so the statement can be re-bound and run again.
  void run();
  // Back to before the first row; bindings are kept.
  void reset();

  // Column accessors need a current row (after step() returned true) and a valid 0-based
  // index, else they throw std::logic_error. column_int/column_text/column_blob refuse a
  // NULL value with DatabaseError: use column_is_null or the column_optional_* forms.
  bool column_is_null(int column) const;
  std::int64_t column_int(int column) const;
  double column_double(int column) const;
  std::string column_text(int column) const;
  std::string column_blob(int column) const;  // bytes as stored, NUL bytes included
  std::optional<std::string> column_optional_text(int column) const;
  std::optional<std::int64_t> column_optional_int(int column) const;
  int column_count() const;
  ColumnType column_type(int column) const;
  std::string column_name(int column) const;

  std::string sql() const;  // the SQL text, for messages

 private:
  friend class Database;
  Statement(std::shared_ptr<detail::Connection> connection,
            std::unique_ptr<detail::StatementBackend> handle,
            std::vector<std::unique_ptr<detail::StatementBackend>>* cache_slot);

  Statement& bind_integer(int index, std::int64_t value);
  detail::StatementBackend& for_binding();
  void check_column(int column) const;
  void check_not_null(int column) const;
  void release() noexcept;

  std::shared_ptr<detail::Connection> connection_;
  std::unique_ptr<detail::StatementBackend> handle_;
  // Where this statement returns to when released: the connection's idle list for its
  // SQL text, or nullptr when it is not cached (the Connection keeps the list alive).
  std::vector<std::unique_ptr<detail::StatementBackend>>* cache_slot_ = nullptr;
  bool has_row_ = false;   // step() returned true and nothing reset since
  bool stepped_ = false;   // step() was called and nothing reset since
};

// One database connection, move-only. A moved-from Database may only be destroyed or
// assigned to.
class Database {
 public:
  // A PostgreSQL URI (postgresql://user@host/db, postgresql:///db?host=/socket/dir, also
  // postgres://): connects to that database (it must exist), in UTC, with a 5000 ms lock
  // timeout; throws DatabaseError naming the URI (without its password) on failure.
  // Anything else is a SQLite file: opens or creates it, then sets: WAL journal mode (readers never block the
  // writer), foreign_keys=ON, synchronous=FULL (a message answered 250 must survive power
  // loss) and a 5000 ms busy timeout. Throws DatabaseError naming the file on failure,
  // including when WAL cannot be enabled (e.g. a read-only directory). The special name
  // ":memory:" opens a private in-memory database (which cannot use WAL).
  explicit Database(const std::filesystem::path& file);
  Database(Database&&) noexcept;
  Database& operator=(Database&&) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database();

  // Prepares exactly one SQL statement (several, or none, throw DatabaseError). Prepared
  // statements are cached by their exact SQL text, so a hot path that prepares the same
  // constant SQL pays for parsing once; when the cached one is in use (nested use of the
  // same SQL) a fresh one is prepared. Use constant SQL with parameters: the cache holds
  // at most max_cached_sql distinct texts, further texts are prepared uncached.
  Statement prepare(std::string_view sql);
  // Runs any number of statements without parameters: for migrations and pragmas only.
  void exec(std::string_view sql);

  std::int64_t last_insert_id() const;
  int changes() const;  // rows changed by the most recent INSERT/UPDATE/DELETE
  bool in_transaction() const;

  // How long a statement waits for another connection's lock before failing with a
  // busy() DatabaseError. 5000 ms unless changed.
  void set_busy_timeout(std::chrono::milliseconds timeout);
  // Called with the SQL text before each run of a statement on this connection (at its
  // first step). An exception it throws fails that statement: tests use it to make each
  // statement in turn fail as a busy database would.
  void set_statement_hook(std::function<void(std::string_view sql)> hook);

  std::size_t cached_statement_count() const;  // idle statements in the cache (for tests)
  // The file, or the URI without its password: for messages.
  const std::filesystem::path& file() const;
  Dialect dialect() const;

  // Whether `location` names a PostgreSQL database rather than a SQLite file.
  static bool is_postgres_uri(std::string_view location);
  // `location` as logs and messages may show it: a URI without its password.
  static std::string shown_location(const std::filesystem::path& location);

  static constexpr std::size_t max_cached_sql = 256;

 private:
  friend class Transaction;  // asks the engine how a write transaction starts
  std::shared_ptr<detail::Connection> connection_;
};

// A write transaction, RAII: BEGIN IMMEDIATE in the constructor (so the write lock is
// taken up front and a busy database fails here, before any work; on PostgreSQL BEGIN and
// pg_advisory_xact_lock, the same one writer at a time), COMMIT in commit(),
// ROLLBACK in the destructor unless committed. Transactions do not nest: beginning one
// while another is open on the same connection throws std::logic_error. The Database
// must stay where it is (not moved from) while a Transaction on it is alive.
class Transaction {
 public:
  explicit Transaction(Database& database);
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();

  void commit();  // throws DatabaseError if COMMIT fails; the destructor then rolls back

 private:
  Database* database_;
  bool committed_ = false;
};

// A savepoint inside the open transaction: the changes since it are kept (release) or
// undone (roll_back), and undone if neither was called when it goes away.
class Savepoint {
 public:
  Savepoint(Database& database, std::string name);
  Savepoint(const Savepoint&) = delete;
  Savepoint& operator=(const Savepoint&) = delete;
  ~Savepoint();

  void release();
  void roll_back();

 private:
  Database* database_;
  std::string name_;
  bool done_ = false;
};

template <std::integral T>
  requires(!std::same_as<T, std::int64_t> && !std::same_as<T, int> && !std::same_as<T, char>)
Statement& Statement::bind(int index, T value) {
  if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(std::int64_t)) {
    if (value > static_cast<T>(INT64_MAX)) {
      throw std::out_of_range("integer parameter " + std::to_string(index) +
                              " does not fit the database's 64-bit integers");
    }
  }
  return bind_integer(index, static_cast<std::int64_t>(value));
}

}  // namespace pbem::server
