// The PostgreSQL engine behind Database (backend.h): the only file that includes libpq.
// libpq rather than libpqxx: the seam is already a C-style "prepare, bind by index,
// step, read columns" interface, which libpq's PQprepare/PQexecPrepared with $n
// parameters match one to one; libpqxx would add a second wrapper (and its exceptions)
// under ours without taking anything off our hands.
#include <libpq-fe.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/backend.h"
#include "server/storage/database.h"

namespace pbem::server::detail {

namespace {

constexpr unsigned bytea_oid = 17;
constexpr unsigned bool_oid = 16;
// The first key of the installation's write lock ("pbem" in ASCII); the second is a hash
// of the schema, so installations sharing one database in different schemas do not wait
// for each other.
constexpr std::int32_t write_lock_class = 0x7062656d;

struct ResultClear {
  void operator()(PGresult* result) const noexcept { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultClear>;

// SQLSTATE -> the SQLite code DatabaseError carries, so busy() and constraint() mean the
// same on both engines. Serialization failures, deadlocks, lock timeouts and a lost or
// shutting-down server are worth retrying later; class 23 is a refused change.
int code_of(const std::string& sqlstate) {
  if (sqlstate == "40001" || sqlstate == "40P01" || sqlstate == "55P03" || sqlstate.starts_with("08") ||
      sqlstate == "57P01" || sqlstate == "57P03")
    return error_code::busy;
  if (sqlstate == "23505") return error_code::constraint | (8 << 8);   // SQLITE_CONSTRAINT_UNIQUE
  if (sqlstate == "23503") return error_code::constraint | (3 << 8);   // SQLITE_CONSTRAINT_FOREIGNKEY
  if (sqlstate == "23514") return error_code::constraint | (1 << 8);   // SQLITE_CONSTRAINT_CHECK
  if (sqlstate == "23502") return error_code::constraint | (5 << 8);   // SQLITE_CONSTRAINT_NOTNULL
  if (sqlstate.starts_with("23")) return error_code::constraint;
  return error_code::error;
}

std::string trimmed(const char* message) {
  std::string text = message ? message : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// Throws unless `result` is a success; `context` says what was being done.
void check(PGconn* conn, const PGresult* result, const std::string& context) {
  const auto status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return;
  const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  // No SQLSTATE: libpq itself failed (connection lost): a connection exception.
  const std::string sqlstate = state ? state : "08006";
  const std::string message = result ? trimmed(PQresultErrorMessage(result)) : trimmed(PQerrorMessage(conn));
  throw DatabaseError(code_of(sqlstate), context + ": " + message + " (SQLSTATE " + sqlstate + ")", sqlstate);
}

// `?` and `?N` (SQLite's parameters) -> `$N`, outside literals, quoted names and comments.
// A bare `?` takes the number after the largest so far, as in SQLite.
std::string dollar_parameters(std::string_view sql, int& parameter_count) {
  std::string out;
  out.reserve(sql.size() + 8);
  int largest = 0;
  bool ended = false;  // a ';' outside quotes and comments has been seen
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    const bool comment = c == '-' && i + 1 < sql.size() && sql[i + 1] == '-';
    if (ended && !comment && c != ';' && c != ' ' && c != '\n' && c != '\t' && c != '\r')
      throw DatabaseError(error_code::error, "cannot prepare " + shown_sql(sql) + ": more than one statement");
    if (c == ';') ended = true;
    if (c == '\'' || c == '"') {
      const std::size_t end = sql.find(c, i + 1);
      const std::size_t stop = end == std::string_view::npos ? sql.size() : end + 1;
      out.append(sql.substr(i, stop - i));
      i = stop - 1;  // a doubled quote inside is just two adjacent quoted pieces
    } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
      const std::size_t end = sql.find('\n', i);
      const std::size_t stop = end == std::string_view::npos ? sql.size() : end;
      out.append(sql.substr(i, stop - i));
      i = stop - 1;
    } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
      const std::size_t end = sql.find("*/", i + 2);
      const std::size_t stop = end == std::string_view::npos ? sql.size() : end + 2;
      out.append(sql.substr(i, stop - i));
      i = stop - 1;
    } else if (c == '?') {
      std::size_t digits = i + 1;
      while (digits < sql.size() && sql[digits] >= '0' && sql[digits] <= '9') ++digits;
      int number = largest + 1;
      if (digits > i + 1) std::from_chars(sql.data() + i + 1, sql.data() + digits, number);
      largest = std::max(largest, number);
      out += '$' + std::to_string(number);
      i = digits - 1;
    } else {
      out += c;
    }
  }
  parameter_count = largest;
  return out;
}

std::string decoded_bytea(const char* text, int length) {
  // bytea in text form is hex ("\x0a1b..."), the server's default output since 9.0.
  if (length >= 2 && text[0] == '\\' && text[1] == 'x') {
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(length - 2) / 2);
    for (int i = 2; i + 1 < length; i += 2) {
      unsigned value = 0;
      std::from_chars(text + i, text + i + 2, value, 16);
      bytes += static_cast<char>(value);
    }
    return bytes;
  }
  std::size_t size = 0;
  unsigned char* raw = PQunescapeBytea(reinterpret_cast<const unsigned char*>(text), &size);
  if (!raw) throw DatabaseError(error_code::error, "cannot decode a bytea value");
  std::string bytes(reinterpret_cast<const char*>(raw), size);
  PQfreemem(raw);
  return bytes;
}

class PostgresConnection;

class PostgresStatement final : public StatementBackend {
 public:
  PostgresStatement(PostgresConnection& connection, std::string_view sql, bool persistent);
  ~PostgresStatement() override;

  void bind_int(int index, std::int64_t value) override { set(index, std::to_string(value), 0); }
  void bind_double(int index, double value) override {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);  // 17 digits: the same double comes back
    set(index, text, 0);
  }
  void bind_text(int index, std::string_view text) override { set(index, std::string(text), 0); }
  void bind_blob(int index, std::string_view bytes) override { set(index, std::string(bytes), 1); }
  void bind_null(int index) override {
    check_index(index);
    values_[static_cast<std::size_t>(index - 1)].reset();
  }
  void clear_bindings() override {
    for (auto& value : values_) value.reset();
  }

  bool step() override;
  void reset() override {
    result_.reset();
    row_ = -1;
  }

  int column_count() const override { return result_ ? PQnfields(result_.get()) : 0; }
  std::string column_name(int column) const override { return PQfname(result_.get(), column); }
  bool column_is_null(int column) const override { return PQgetisnull(result_.get(), row_, column) != 0; }
  ColumnType column_type(int column) const override {
    if (column_is_null(column)) return ColumnType::null;
    switch (PQftype(result_.get(), column)) {
      case bool_oid: case 20: case 21: case 23: return ColumnType::integer;  // bool, int8, int2, int4
      case 700: case 701: case 1700: return ColumnType::real;               // float4, float8, numeric
      case bytea_oid: return ColumnType::blob;
      default: return ColumnType::text;
    }
  }
  std::int64_t column_int(int column) const override;
  double column_double(int column) const override;
  std::string column_text(int column) const override { return column_bytes(column); }
  std::string column_blob(int column) const override { return column_bytes(column); }
  std::string sql() const override { return sql_; }

 private:
  void check_index(int index) const {
    if (index < 1 || index > static_cast<int>(values_.size())) {
      throw DatabaseError(error_code::range, "cannot bind parameter " + std::to_string(index) + " of " +
                                                 shown_sql(sql_) + ": column index out of range");
    }
  }
  void set(int index, std::string value, int format) {
    check_index(index);
    values_[static_cast<std::size_t>(index - 1)] = std::move(value);
    formats_[static_cast<std::size_t>(index - 1)] = format;
  }
  std::string_view value(int column) const {
    return {PQgetvalue(result_.get(), row_, column),
            static_cast<std::size_t>(PQgetlength(result_.get(), row_, column))};
  }
  std::string column_bytes(int column) const {
    const auto text = value(column);
    if (PQftype(result_.get(), column) == bytea_oid) return decoded_bytea(text.data(), static_cast<int>(text.size()));
    return std::string(text);
  }

  void prepare_on_server();
  PGresult* execute(const char* const* values, const int* lengths);

  PostgresConnection& connection_;
  std::string sql_;
  std::string translated_;  // with $N parameters
  std::string name_;
  long session_ = -1;       // the connection's session it was prepared on (-1: not prepared)
  bool executed_ = false;   // run once already, unnamed
  std::vector<std::optional<std::string>> values_;
  std::vector<int> formats_;  // 0 text, 1 binary (blobs)
  Result result_;
  int row_ = -1;
};

class PostgresConnection final : public Connection {
 public:
  explicit PostgresConnection(const std::string& uri) {
    location = Database::shown_location(uri);
    conn_ = PQconnectdb(uri.c_str());
    if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
      const std::string message = conn_ ? trimmed(PQerrorMessage(conn_)) : "out of memory";
      PQfinish(conn_);
      throw DatabaseError(error_code::busy, "cannot connect to database " + location.string() + ": " + message,
                          "08001");
    }
    try {
      configure_session();
    } catch (...) {
      PQfinish(conn_);
      throw;
    }
  }

  ~PostgresConnection() override {
    closing = true;  // the server forgets prepared statements with the session
    idle.clear();
    PQfinish(conn_);
  }

  Dialect dialect() const override { return Dialect::postgresql; }

  StatementBackendHandle prepare(std::string_view sql, bool persistent) override {
    before_statement(sql);
    drop_orphans();
    return std::make_unique<PostgresStatement>(*this, sql, persistent);
  }

  void exec(std::string_view sql) override {
    before_statement(sql);
    Result result(PQexec(conn_, std::string(sql).c_str()));
    after_statement();
    check(conn_, result.get(), "cannot execute " + shown_sql(sql));
    note_changes(result.get());
  }

  // A session lost (the server restarted, a failover) is opened again at the next
  // statement, unless the caller had a transaction open on it: then every statement is
  // refused as busy until the caller's ROLLBACK, so nothing meant for that transaction
  // runs outside it. Prepared statements are prepared again on the new session.
  void before_statement(std::string_view sql) {
    if (PQstatus(conn_) != CONNECTION_BAD) return;
    if (lost_transaction_) {
      if (sql != "ROLLBACK")
        throw DatabaseError(error_code::busy, "the connection to " + location.string() +
                                                  " was lost during a transaction", "08006");
      lost_transaction_ = false;
    }
    PQreset(conn_);
    if (PQstatus(conn_) != CONNECTION_OK)
      throw DatabaseError(error_code::busy, "cannot reconnect to database " + location.string() + ": " +
                                                trimmed(PQerrorMessage(conn_)), "08001");
    ++session_;
    orphans_.clear();
    open_transaction_ = false;
    configure_session();
  }
  void after_statement() {
    if (PQstatus(conn_) == CONNECTION_OK) {
      open_transaction_ = PQtransactionStatus(conn_) != PQTRANS_IDLE;
    } else {
      lost_transaction_ = lost_transaction_ || open_transaction_;
    }
  }
  long session() const { return session_; }

  std::vector<std::string> write_transaction_start() const override {
    return {"BEGIN", "SELECT pg_advisory_xact_lock(" + std::to_string(write_lock_class) + ", " +
                         std::to_string(write_lock_key_) + ")"};
  }

  std::int64_t last_insert_id() override {
    Result result(PQexec(conn_, "SELECT lastval()"));
    after_statement();
    check(conn_, result.get(), "cannot read the last inserted id");
    std::int64_t id = 0;
    const char* text = PQgetvalue(result.get(), 0, 0);
    std::from_chars(text, text + std::strlen(text), id);
    return id;
  }

  int changes() const override { return changes_; }

  bool in_transaction() const override {
    const auto status = PQtransactionStatus(conn_);
    return lost_transaction_ || status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
  }

  void set_busy_timeout(std::chrono::milliseconds timeout) override {
    exec("SET lock_timeout = " + std::to_string(timeout.count()));
    busy_timeout_ = timeout;
  }

  PGconn* handle() const { return conn_; }
  std::string next_statement_name() { return "pbem_" + std::to_string(++statements_named_); }
  void note_changes(const PGresult* result) {
    const char* rows = PQcmdTuples(const_cast<PGresult*>(result));
    const std::string_view status = PQcmdStatus(const_cast<PGresult*>(result));
    if (rows && *rows && (status.starts_with("INSERT") || status.starts_with("UPDATE") || status.starts_with("DELETE")))
      std::from_chars(rows, rows + std::strlen(rows), changes_);
  }
  // A statement going away while the transaction is aborted cannot DEALLOCATE: later.
  // One prepared on a session since lost is gone already.
  void forget(const std::string& name, long session) {
    if (closing || session != session_ || PQstatus(conn_) != CONNECTION_OK) return;
    if (PQtransactionStatus(conn_) == PQTRANS_INERROR) {
      orphans_.push_back(name);
      return;
    }
    PQclear(PQexec(conn_, ("DEALLOCATE " + name).c_str()));
  }

  bool closing = false;

 private:
  // The session's settings and the schema the write lock is keyed on, in one round trip
  // (every `pbem` process opens a connection: issue 46).
  void configure_session() {
    PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);  // "already exists, skipping"
    // Timestamps are written by the program as ISO 8601 UTC text; the session's zone only
    // matters to now() in migrations, which must agree with them.
    const std::string sql = "SET TIME ZONE 'UTC'; SET client_min_messages = warning; SET lock_timeout = " +
                            std::to_string(busy_timeout_.count()) + "; SELECT coalesce(current_schema(), '')";
    Result result(PQexec(conn_, sql.c_str()));
    after_statement();
    check(conn_, result.get(), "cannot set up the session on " + location.string());
    write_lock_key_ = fnv1a(PQgetvalue(result.get(), 0, 0));
  }
  static std::int32_t fnv1a(std::string_view text) {
    std::uint32_t hash = 2166136261u;
    for (unsigned char c : text) hash = (hash ^ c) * 16777619u;
    return static_cast<std::int32_t>(hash & 0x7fffffff);
  }
  void drop_orphans() {
    if (orphans_.empty() || PQtransactionStatus(conn_) == PQTRANS_INERROR) return;
    for (const auto& name : orphans_) PQclear(PQexec(conn_, ("DEALLOCATE " + name).c_str()));
    orphans_.clear();
  }

  PGconn* conn_ = nullptr;
  int changes_ = 0;
  std::int32_t write_lock_key_ = 0;
  long statements_named_ = 0;
  std::vector<std::string> orphans_;
  std::chrono::milliseconds busy_timeout_{5000};
  long session_ = 0;                // counts reconnections
  bool open_transaction_ = false;   // as of the last statement that reached the server
  bool lost_transaction_ = false;   // the session died with the caller's transaction open
};

PostgresStatement::PostgresStatement(PostgresConnection& connection, std::string_view sql, bool)
    : connection_(connection), sql_(sql), name_(connection.next_statement_name()) {
  int parameters = 0;
  translated_ = dollar_parameters(sql, parameters);
  values_.resize(static_cast<std::size_t>(parameters));
  formats_.resize(static_cast<std::size_t>(parameters), 0);
}

void PostgresStatement::prepare_on_server() {
  session_ = connection_.session();
  Result prepared(PQprepare(connection_.handle(), name_.c_str(), translated_.c_str(), 0, nullptr));
  connection_.after_statement();
  check(connection_.handle(), prepared.get(), "cannot prepare " + shown_sql(sql_));
}

PostgresStatement::~PostgresStatement() {
  result_.reset();
  if (session_ >= 0) connection_.forget(name_, session_);
}

// Its first run goes as an unnamed statement, parsed, bound and run in one round trip;
// only a statement run again is prepared under its name. Most of a `pbem ingest`'s
// statements run once (issue 46: a prepare first cost every one of them a round trip more).
// Errors in the SQL itself therefore show at the first step, not at prepare.
PGresult* PostgresStatement::execute(const char* const* values, const int* lengths) {
  const int count = static_cast<int>(values_.size());
  if (session_ == connection_.session())
    return PQexecPrepared(connection_.handle(), name_.c_str(), count, values, lengths, formats_.data(), 0);
  if (!executed_) {
    executed_ = true;
    return PQexecParams(connection_.handle(), translated_.c_str(), count, nullptr, values, lengths, formats_.data(), 0);
  }
  prepare_on_server();  // run again, or the connection was reopened since
  return PQexecPrepared(connection_.handle(), name_.c_str(), count, values, lengths, formats_.data(), 0);
}

bool PostgresStatement::step() {
  if (!result_) {
    std::vector<const char*> pointers(values_.size(), nullptr);
    std::vector<int> lengths(values_.size(), 0);
    for (std::size_t i = 0; i < values_.size(); ++i) {
      if (!values_[i]) continue;
      pointers[i] = values_[i]->c_str();
      lengths[i] = static_cast<int>(values_[i]->size());
    }
    connection_.before_statement(sql_);
    Result result(execute(pointers.data(), lengths.data()));
    connection_.after_statement();
    check(connection_.handle(), result.get(), "cannot execute " + shown_sql(sql_));
    connection_.note_changes(result.get());
    result_ = std::move(result);
    row_ = -1;
  }
  if (row_ + 1 < PQntuples(result_.get())) {
    ++row_;
    return true;
  }
  row_ = PQntuples(result_.get());
  return false;
}

std::int64_t PostgresStatement::column_int(int column) const {
  const auto text = value(column);
  if (PQftype(result_.get(), column) == bool_oid) return text == "t" ? 1 : 0;
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size()) {
    return static_cast<std::int64_t>(column_double(column));  // numeric or real: SQLite truncates too
  }
  return number;
}

double PostgresStatement::column_double(int column) const {
  const auto text = value(column);
  if (text == "Infinity") return HUGE_VAL;
  if (text == "-Infinity") return -HUGE_VAL;
  double number = 0;
  std::from_chars(text.data(), text.data() + text.size(), number);
  return number;
}

}  // namespace

std::shared_ptr<Connection> open_postgres(const std::string& uri) {
  return std::make_shared<PostgresConnection>(uri);
}

}  // namespace pbem::server::detail
