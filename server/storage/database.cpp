#include "server/storage/database.h"

#include <utility>
#include <vector>

#include "server/storage/backend.h"

namespace pbem::server {

namespace detail {

std::string shown_sql(std::string_view sql) {
  constexpr std::size_t max_shown = 200;
  std::string shown(sql.substr(0, max_shown));
  if (sql.size() > max_shown) shown += "...";
  return "\"" + shown + "\"";
}

}  // namespace detail

namespace {

// Nested use of one SQL text is rare; more idle copies than this are just finalized.
constexpr std::size_t max_idle_per_sql = 4;

using detail::shown_sql;

}  // namespace

// ---- DatabaseError ----

DatabaseError::DatabaseError(int code_, const std::string& message, std::string sqlstate_)
    : std::runtime_error(message), code(code_), sqlstate(std::move(sqlstate_)) {}

bool DatabaseError::busy() const {
  return primary_code() == error_code::busy || primary_code() == error_code::locked;
}

bool DatabaseError::constraint() const { return primary_code() == error_code::constraint; }

// ---- Statement ----

Statement::Statement(std::shared_ptr<detail::Connection> connection,
                     std::unique_ptr<detail::StatementBackend> handle,
                     std::vector<std::unique_ptr<detail::StatementBackend>>* cache_slot)
    : connection_(std::move(connection)), handle_(std::move(handle)), cache_slot_(cache_slot) {}

Statement::Statement(Statement&& other) noexcept
    : connection_(std::move(other.connection_)),
      handle_(std::move(other.handle_)),
      cache_slot_(std::exchange(other.cache_slot_, nullptr)),
      has_row_(std::exchange(other.has_row_, false)),
      stepped_(std::exchange(other.stepped_, false)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    release();
    connection_ = std::move(other.connection_);
    handle_ = std::move(other.handle_);
    cache_slot_ = std::exchange(other.cache_slot_, nullptr);
    has_row_ = std::exchange(other.has_row_, false);
    stepped_ = std::exchange(other.stepped_, false);
  }
  return *this;
}

Statement::~Statement() { release(); }

void Statement::release() noexcept {
  if (handle_) {
    // Reset ends any read the statement holds open; clearing the bindings makes the next
    // user start from a clean statement, exactly as if freshly prepared.
    try {
      handle_->reset();
      handle_->clear_bindings();
      if (cache_slot_ && cache_slot_->size() < max_idle_per_sql) cache_slot_->push_back(std::move(handle_));
    } catch (...) {
      // Out of memory: the handle was not moved and is finalized below.
    }
    handle_.reset();
  }
  connection_.reset();
  cache_slot_ = nullptr;
  has_row_ = false;
  stepped_ = false;
}

std::string Statement::sql() const { return handle_ ? handle_->sql() : std::string(); }

detail::StatementBackend& Statement::for_binding() {
  // Binding means "run it again with these values", so reset first (bindings are kept).
  if (stepped_) reset();
  return *handle_;
}

Statement& Statement::bind_integer(int index, std::int64_t value) {
  for_binding().bind_int(index, value);
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) { return bind_integer(index, value); }

Statement& Statement::bind(int index, int value) { return bind_integer(index, value); }

Statement& Statement::bind(int index, double value) {
  for_binding().bind_double(index, value);
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  // An empty string_view may have a null data pointer, which an engine could take as NULL.
  for_binding().bind_text(index, text.empty() ? std::string_view("") : text);
  return *this;
}

Statement& Statement::bind(int index, const std::string& text) {
  return bind(index, std::string_view(text));
}

Statement& Statement::bind(int index, const char* text) {
  return text ? bind(index, std::string_view(text)) : bind(index, nullptr);
}

Statement& Statement::bind(int index, Blob blob) { return bind_blob(index, blob.bytes); }

Statement& Statement::bind_blob(int index, std::string_view bytes) {
  for_binding().bind_blob(index, bytes);
  return *this;
}

Statement& Statement::bind(int index, std::nullptr_t) {
  for_binding().bind_null(index);
  return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& text) {
  return text ? bind(index, std::string_view(*text)) : bind(index, nullptr);
}

Statement& Statement::bind(int index, const std::optional<std::int64_t>& value) {
  return value ? bind_integer(index, *value) : bind(index, nullptr);
}

bool Statement::step() {
  // The hook sees each run of a statement once, at its first step (a trace, or a test
  // making that statement fail as a busy database would).
  if (!stepped_ && connection_->before_step) connection_->before_step(handle_->sql());
  has_row_ = false;
  stepped_ = true;
  try {
    has_row_ = handle_->step();
  } catch (...) {
    stepped_ = false;  // the backend left the statement reset, reusable after the failure
    throw;
  }
  return has_row_;
}

void Statement::run() {
  while (step()) {
  }
  reset();
}

void Statement::reset() {
  has_row_ = false;
  stepped_ = false;
  handle_->reset();
}

int Statement::column_count() const { return handle_->column_count(); }

ColumnType Statement::column_type(int column) const {
  check_column(column);
  return handle_->column_type(column);
}

std::string Statement::column_name(int column) const {
  if (column < 0 || column >= column_count()) throw std::logic_error("column " + std::to_string(column) + " out of range");
  return handle_->column_name(column);
}

void Statement::check_column(int column) const {
  if (!has_row_) {
    throw std::logic_error("no current row (step() must return true first) in " + shown_sql(sql()));
  }
  if (column < 0 || column >= column_count()) {
    throw std::logic_error("column " + std::to_string(column) + " out of range (" +
                           std::to_string(column_count()) + " columns) in " + shown_sql(sql()));
  }
}

void Statement::check_not_null(int column) const {
  check_column(column);
  if (handle_->column_is_null(column)) {
    throw DatabaseError(error_code::mismatch, "column " + std::to_string(column) + " (" +
                                                  handle_->column_name(column) + ") is NULL in " +
                                                  shown_sql(sql()));
  }
}

bool Statement::column_is_null(int column) const {
  check_column(column);
  return handle_->column_is_null(column);
}

std::int64_t Statement::column_int(int column) const {
  check_not_null(column);
  return handle_->column_int(column);
}

double Statement::column_double(int column) const {
  check_not_null(column);
  return handle_->column_double(column);
}

std::string Statement::column_text(int column) const {
  check_not_null(column);
  return handle_->column_text(column);
}

std::string Statement::column_blob(int column) const {
  check_not_null(column);
  return handle_->column_blob(column);
}

std::optional<std::string> Statement::column_optional_text(int column) const {
  if (column_is_null(column)) return std::nullopt;
  return column_text(column);
}

std::optional<std::int64_t> Statement::column_optional_int(int column) const {
  if (column_is_null(column)) return std::nullopt;
  return column_int(column);
}

// ---- Database ----

bool Database::is_postgres_uri(std::string_view location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::string Database::shown_location(const std::filesystem::path& location) {
  std::string shown = location.string();
  if (!is_postgres_uri(shown)) return shown;
  // postgresql://user:secret@host/db -> postgresql://user@host/db; password=... dropped.
  const std::size_t authority = shown.find("://") + 3;
  const std::size_t at = shown.find('@', authority);
  const std::size_t slash = shown.find('/', authority);
  if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
    const std::size_t colon = shown.find(':', authority);
    if (colon != std::string::npos && colon < at) shown.erase(colon, at - colon);
  }
  for (std::size_t password; (password = shown.find("password=")) != std::string::npos;) {
    const std::size_t end = shown.find('&', password);
    shown.erase(password, end == std::string::npos ? std::string::npos : end - password + 1);
  }
  return shown;
}

Database::Database(const std::filesystem::path& file)
    : connection_(is_postgres_uri(file.native()) ? detail::open_postgres(file.native())
                                                 : detail::open_sqlite(file)) {}

Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;
Database::~Database() = default;

Statement Database::prepare(std::string_view sql) {
  auto& connection = *connection_;
  auto cached = connection.idle.find(sql);
  if (cached != connection.idle.end() && !cached->second.empty()) {
    auto handle = std::move(cached->second.back());
    cached->second.pop_back();
    return Statement(connection_, std::move(handle), &cached->second);
  }

  const bool cacheable =
      cached != connection.idle.end() || connection.idle.size() < max_cached_sql;
  auto handle = connection.prepare(sql, cacheable);
  std::vector<std::unique_ptr<detail::StatementBackend>>* slot = nullptr;
  if (cacheable) {
    if (cached == connection.idle.end()) {
      cached = connection.idle.emplace(std::string(sql), std::vector<detail::StatementBackendHandle>{}).first;
    }
    slot = &cached->second;
  }
  return Statement(connection_, std::move(handle), slot);
}

void Database::exec(std::string_view sql) { connection_->exec(sql); }

std::int64_t Database::last_insert_id() const { return connection_->last_insert_id(); }

int Database::changes() const { return connection_->changes(); }

bool Database::in_transaction() const { return connection_->in_transaction(); }

void Database::set_statement_hook(std::function<void(std::string_view sql)> hook) {
  connection_->before_step = std::move(hook);
}

void Database::set_busy_timeout(std::chrono::milliseconds timeout) {
  connection_->set_busy_timeout(timeout);
}

std::size_t Database::cached_statement_count() const {
  std::size_t count = 0;
  for (const auto& [sql, statements] : connection_->idle) count += statements.size();
  return count;
}

const std::filesystem::path& Database::file() const { return connection_->location; }

Dialect Database::dialect() const { return connection_->dialect(); }

// ---- Transaction ----

Transaction::Transaction(Database& database) : database_(&database) {
  if (database.in_transaction()) {
    throw std::logic_error("a transaction is already open on this connection "
                           "(transactions do not nest)");
  }
  try {
    for (const std::string& sql : database.connection_->write_transaction_start()) database.prepare(sql).run();
  } catch (...) {
    // PostgreSQL: BEGIN went through but the lock did not; no destructor will roll back.
    if (database.in_transaction()) database.exec("ROLLBACK");
    throw;
  }
}

Transaction::~Transaction() {
  if (committed_ || !database_->in_transaction()) return;  // SQLite may have rolled back itself
  try {
    database_->exec("ROLLBACK");
  } catch (...) {
    // Nothing more can be done in a destructor; the connection's next BEGIN will report it.
  }
}

Savepoint::Savepoint(Database& database, std::string name) : database_(&database), name_(std::move(name)) {
  database_->exec("SAVEPOINT " + name_);
}

Savepoint::~Savepoint() {
  if (done_ || !database_->in_transaction()) return;
  try {
    roll_back();
  } catch (...) {
    // The enclosing transaction's rollback undoes it anyway.
  }
}

void Savepoint::release() {
  database_->exec("RELEASE " + name_);
  done_ = true;
}

void Savepoint::roll_back() {
  database_->exec("ROLLBACK TO " + name_ + "; RELEASE " + name_);
  done_ = true;
}

void Transaction::commit() {
  if (committed_) throw std::logic_error("transaction committed twice");
  database_->prepare("COMMIT").run();
  committed_ = true;
}

}  // namespace pbem::server
