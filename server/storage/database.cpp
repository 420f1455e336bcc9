#include "server/storage/database.h"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace pbem::server {

namespace detail {

void StatementFinalizer::operator()(sqlite3_stmt* statement) const noexcept {
  sqlite3_finalize(statement);
}

struct Connection {
  sqlite3* db = nullptr;
  std::filesystem::path file;
  // Idle prepared statements by exact SQL text. Entries are never erased while the
  // connection lives, so a Statement may keep a pointer to its list.
  std::map<std::string, std::vector<StatementHandle>, std::less<>> idle;
  std::function<void(std::string_view)> before_step;  // Database::set_statement_hook

  Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection() {
    idle.clear();  // every statement must be finalized before the close really closes
    sqlite3_close_v2(db);
  }
};

}  // namespace detail

namespace {

// Nested use of one SQL text is rare; more idle copies than this are just finalized.
constexpr std::size_t max_idle_per_sql = 4;

std::string shown_sql(std::string_view sql) {
  constexpr std::size_t max_shown = 200;
  std::string shown(sql.substr(0, max_shown));
  if (sql.size() > max_shown) shown += "...";
  return "\"" + shown + "\"";
}

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
  detail::StatementHandle statement(raw);
  const int result = sqlite3_step(statement.get());
  if (result != SQLITE_ROW && result != SQLITE_DONE) {
    throw_sqlite(db, "cannot configure database " + file + " (" + pragma + ")");
  }
  if (result == SQLITE_DONE) return {};
  const auto* text = sqlite3_column_text(statement.get(), 0);
  return text ? reinterpret_cast<const char*>(text) : "";
}

}  // namespace

// ---- DatabaseError ----

DatabaseError::DatabaseError(int code_, const std::string& message)
    : std::runtime_error(message), code(code_) {}

bool DatabaseError::busy() const {
  return primary_code() == SQLITE_BUSY || primary_code() == SQLITE_LOCKED;
}

bool DatabaseError::constraint() const { return primary_code() == SQLITE_CONSTRAINT; }

// ---- Statement ----

Statement::Statement(std::shared_ptr<detail::Connection> connection,
                     detail::StatementHandle handle,
                     std::vector<detail::StatementHandle>* cache_slot)
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
    sqlite3_reset(handle_.get());
    sqlite3_clear_bindings(handle_.get());
    if (cache_slot_ && cache_slot_->size() < max_idle_per_sql) {
      try {
        cache_slot_->push_back(std::move(handle_));
      } catch (...) {
        // Out of memory: the handle was not moved and is finalized below.
      }
    }
    handle_.reset();
  }
  connection_.reset();
  cache_slot_ = nullptr;
  has_row_ = false;
  stepped_ = false;
}

std::string Statement::sql() const {
  const char* text = handle_ ? sqlite3_sql(handle_.get()) : nullptr;
  return text ? text : "";
}

void Statement::check_bind(int result, int index) {
  if (result != SQLITE_OK) {
    throw DatabaseError(result, "cannot bind parameter " + std::to_string(index) + " of " +
                                    shown_sql(sql()) + ": " + sqlite3_errstr(result));
  }
}

sqlite3_stmt* Statement::for_binding() {
  // SQLite refuses new bindings while a statement is mid-run or finished but not reset;
  // binding means "run it again with these values", so reset first (bindings are kept).
  if (stepped_) reset();
  return handle_.get();
}

Statement& Statement::bind_integer(int index, std::int64_t value) {
  check_bind(sqlite3_bind_int64(for_binding(), index, value), index);
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) { return bind_integer(index, value); }

Statement& Statement::bind(int index, int value) { return bind_integer(index, value); }

Statement& Statement::bind(int index, double value) {
  check_bind(sqlite3_bind_double(for_binding(), index, value), index);
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  // An empty string_view may have a null data pointer, which SQLite would bind as NULL.
  const char* data = text.empty() ? "" : text.data();
  check_bind(sqlite3_bind_text64(for_binding(), index, data, text.size(), SQLITE_TRANSIENT,
                                 SQLITE_UTF8),
             index);
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
  if (bytes.empty()) {
    // sqlite3_bind_blob with a null pointer would bind NULL; an empty blob is not NULL.
    check_bind(sqlite3_bind_zeroblob(for_binding(), index, 0), index);
  } else {
    check_bind(sqlite3_bind_blob64(for_binding(), index, bytes.data(), bytes.size(),
                                   SQLITE_TRANSIENT),
               index);
  }
  return *this;
}

Statement& Statement::bind(int index, std::nullptr_t) {
  check_bind(sqlite3_bind_null(for_binding(), index), index);
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
  if (!stepped_ && connection_->before_step) connection_->before_step(sqlite3_sql(handle_.get()));
  has_row_ = false;
  stepped_ = true;
  const int result = sqlite3_step(handle_.get());
  if (result == SQLITE_ROW) {
    has_row_ = true;
    return true;
  }
  if (result == SQLITE_DONE) return false;
  const int code = sqlite3_extended_errcode(connection_->db);
  std::string message = "cannot execute " + shown_sql(sql()) + ": " + sqlite3_errmsg(connection_->db);
  reset();  // leave the statement reusable after the failure
  throw DatabaseError(code, message);
}

void Statement::run() {
  while (step()) {
  }
  reset();
}

void Statement::reset() {
  has_row_ = false;
  stepped_ = false;
  sqlite3_reset(handle_.get());  // its result repeats the last step() error, already thrown
}

int Statement::column_count() const { return sqlite3_column_count(handle_.get()); }

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
  if (sqlite3_column_type(handle_.get(), column) == SQLITE_NULL) {
    const char* name = sqlite3_column_name(handle_.get(), column);
    throw DatabaseError(SQLITE_MISMATCH, "column " + std::to_string(column) + " (" +
                                             (name ? name : "?") + ") is NULL in " +
                                             shown_sql(sql()));
  }
}

bool Statement::column_is_null(int column) const {
  check_column(column);
  return sqlite3_column_type(handle_.get(), column) == SQLITE_NULL;
}

std::int64_t Statement::column_int(int column) const {
  check_not_null(column);
  return sqlite3_column_int64(handle_.get(), column);
}

double Statement::column_double(int column) const {
  check_not_null(column);
  return sqlite3_column_double(handle_.get(), column);
}

std::string Statement::column_text(int column) const {
  check_not_null(column);
  // The pointer first, then the size: that order is what SQLite documents as safe.
  const auto* text = sqlite3_column_text(handle_.get(), column);
  const int size = sqlite3_column_bytes(handle_.get(), column);
  return text ? std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size))
              : std::string();
}

std::string Statement::column_blob(int column) const {
  check_not_null(column);
  const void* bytes = sqlite3_column_blob(handle_.get(), column);
  const int size = sqlite3_column_bytes(handle_.get(), column);
  return bytes ? std::string(static_cast<const char*>(bytes), static_cast<std::size_t>(size))
               : std::string();
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

Database::Database(const std::filesystem::path& file)
    : connection_(std::make_shared<detail::Connection>()) {
  auto& connection = *connection_;
  connection.file = file;
  const std::string name = file.string();
  const int opened = sqlite3_open_v2(name.c_str(), &connection.db,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (opened != SQLITE_OK) {
    if (!connection.db) throw DatabaseError(opened, "cannot open database " + name + ": out of memory");
    throw_sqlite(connection.db, "cannot open database " + name);
  }
  sqlite3_extended_result_codes(connection.db, 1);
  set_busy_timeout(std::chrono::milliseconds(5000));

  const bool in_memory = name == ":memory:";
  const std::string journal_mode = pragma_value(connection.db, "PRAGMA journal_mode=WAL", name);
  if (!in_memory && journal_mode != "wal") {
    throw DatabaseError(SQLITE_ERROR, "cannot enable WAL mode for database " + name +
                                          " (journal mode stays '" + journal_mode + "')");
  }
  pragma_value(connection.db, "PRAGMA synchronous=FULL", name);
  pragma_value(connection.db, "PRAGMA foreign_keys=ON", name);
  if (pragma_value(connection.db, "PRAGMA foreign_keys", name) != "1") {
    throw DatabaseError(SQLITE_ERROR, "cannot enable foreign keys for database " + name);
  }
}

Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;
Database::~Database() = default;

Statement Database::prepare(std::string_view sql) {
  auto& connection = *connection_;
  auto cached = connection.idle.find(sql);
  if (cached != connection.idle.end() && !cached->second.empty()) {
    detail::StatementHandle handle = std::move(cached->second.back());
    cached->second.pop_back();
    return Statement(connection_, std::move(handle), &cached->second);
  }

  if (sql.size() > static_cast<std::size_t>(INT_MAX)) {
    throw DatabaseError(SQLITE_TOOBIG, "SQL text too long to prepare");
  }
  const bool cacheable =
      cached != connection.idle.end() || connection.idle.size() < max_cached_sql;
  sqlite3_stmt* raw = nullptr;
  const char* tail = nullptr;
  const int result =
      sqlite3_prepare_v3(connection.db, sql.data(), static_cast<int>(sql.size()),
                         cacheable ? SQLITE_PREPARE_PERSISTENT : 0, &raw, &tail);
  detail::StatementHandle handle(raw);
  if (result != SQLITE_OK) throw_sqlite(connection.db, "cannot prepare " + shown_sql(sql));
  if (!handle) throw DatabaseError(SQLITE_MISUSE, "no SQL statement in " + shown_sql(sql));

  const std::string_view rest(tail, static_cast<std::size_t>(sql.data() + sql.size() - tail));
  if (!only_blanks(rest)) {
    // The rest may be a comment (fine) or another statement (refused: exec() is for that).
    sqlite3_stmt* next = nullptr;
    const int next_result = sqlite3_prepare_v2(connection.db, rest.data(),
                                               static_cast<int>(rest.size()), &next, nullptr);
    detail::StatementHandle second(next);
    if (next_result != SQLITE_OK || second) {
      throw DatabaseError(SQLITE_MISUSE,
                          "prepare() takes exactly one SQL statement, got more in " + shown_sql(sql));
    }
  }

  std::vector<detail::StatementHandle>* slot = nullptr;
  if (cacheable) {
    if (cached == connection.idle.end()) {
      cached = connection.idle.emplace(std::string(sql), std::vector<detail::StatementHandle>{})
                   .first;
    }
    slot = &cached->second;
  }
  return Statement(connection_, std::move(handle), slot);
}

void Database::exec(std::string_view sql) {
  const std::string text(sql);
  char* raw_message = nullptr;
  const int result = sqlite3_exec(connection_->db, text.c_str(), nullptr, nullptr, &raw_message);
  const std::unique_ptr<char, decltype(&sqlite3_free)> message(raw_message, &sqlite3_free);
  if (result != SQLITE_OK) {
    throw DatabaseError(sqlite3_extended_errcode(connection_->db),
                        "cannot execute " + shown_sql(sql) + ": " +
                            (message ? message.get() : sqlite3_errstr(result)));
  }
}

std::int64_t Database::last_insert_id() const {
  return sqlite3_last_insert_rowid(connection_->db);
}

int Database::changes() const { return sqlite3_changes(connection_->db); }

bool Database::in_transaction() const { return sqlite3_get_autocommit(connection_->db) == 0; }

void Database::set_statement_hook(std::function<void(std::string_view sql)> hook) {
  connection_->before_step = std::move(hook);
}

void Database::set_busy_timeout(std::chrono::milliseconds timeout) {
  const auto ms = std::min<std::chrono::milliseconds::rep>(timeout.count(), INT_MAX);
  sqlite3_busy_timeout(connection_->db, static_cast<int>(ms));
}

std::size_t Database::cached_statement_count() const {
  std::size_t count = 0;
  for (const auto& [sql, statements] : connection_->idle) count += statements.size();
  return count;
}

const std::filesystem::path& Database::file() const { return connection_->file; }

// ---- Transaction ----

Transaction::Transaction(Database& database) : database_(&database) {
  if (database.in_transaction()) {
    throw std::logic_error("a transaction is already open on this connection "
                           "(transactions do not nest)");
  }
  database.prepare("BEGIN IMMEDIATE").run();
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
