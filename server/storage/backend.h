// The seam between Database/Statement (database.{h,cpp}: caching, the statement hook,
// row and column checks) and a database engine: SQLite (sqlite_connection.cpp) or
// PostgreSQL (postgres_connection.cpp). Only those two files know an engine's API.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::server {
enum class Dialect;
enum class ColumnType;
}

namespace pbem::server::detail {

// One prepared statement of an engine. Parameters 1-based, columns 0-based; the caller
// (Statement) checks that a row is current and the column exists before reading.
class StatementBackend {
 public:
  virtual ~StatementBackend() = default;

  virtual void bind_int(int index, std::int64_t value) = 0;
  virtual void bind_double(int index, double value) = 0;
  virtual void bind_text(int index, std::string_view text) = 0;
  virtual void bind_blob(int index, std::string_view bytes) = 0;
  virtual void bind_null(int index) = 0;
  virtual void clear_bindings() = 0;

  // Runs (at the first call after a reset) or advances: true when a row is current.
  // Throws DatabaseError on failure, leaving the statement reset.
  virtual bool step() = 0;
  virtual void reset() = 0;

  virtual int column_count() const = 0;
  virtual std::string column_name(int column) const = 0;
  virtual bool column_is_null(int column) const = 0;
  virtual ColumnType column_type(int column) const = 0;
  virtual std::int64_t column_int(int column) const = 0;
  virtual double column_double(int column) const = 0;
  virtual std::string column_text(int column) const = 0;
  virtual std::string column_blob(int column) const = 0;

  virtual std::string sql() const = 0;  // as the caller wrote it
};

using StatementBackendHandle = std::unique_ptr<StatementBackend>;

// One connection of an engine, shared by the Database and its Statements.
class Connection {
 public:
  Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  virtual ~Connection() = default;

  virtual Dialect dialect() const = 0;
  // Prepares exactly one statement (several, or none, throw DatabaseError). `persistent`:
  // it will be cached and reused many times.
  virtual StatementBackendHandle prepare(std::string_view sql, bool persistent) = 0;
  virtual void exec(std::string_view sql) = 0;
  // The statements that open a write transaction holding the installation's single write
  // lock (SQLite: BEGIN IMMEDIATE; PostgreSQL: BEGIN and a transaction-level advisory
  // lock). Transaction runs them as prepared statements, so the statement hook sees them.
  virtual std::vector<std::string> write_transaction_start() const = 0;
  virtual std::int64_t last_insert_id() = 0;
  virtual int changes() const = 0;
  virtual bool in_transaction() const = 0;
  virtual void set_busy_timeout(std::chrono::milliseconds timeout) = 0;

  // What Database::file() shows: the file, or the URI without its password.
  std::filesystem::path location;
  // Idle prepared statements by exact SQL text. Entries are never erased while the
  // connection lives, so a Statement may keep a pointer to its list. Subclasses clear it
  // in their destructors, before closing the engine's handle.
  std::map<std::string, std::vector<StatementBackendHandle>, std::less<>> idle;
  std::function<void(std::string_view)> before_step;  // Database::set_statement_hook
};

std::shared_ptr<Connection> open_sqlite(const std::filesystem::path& file);
std::shared_ptr<Connection> open_postgres(const std::string& uri);

// Text shown for a statement in messages: quoted, at most 200 characters.
std::string shown_sql(std::string_view sql);

}  // namespace pbem::server::detail
