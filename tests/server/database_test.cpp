// The SQLite wrapper against real database files in a temporary directory.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "server/storage/database.h"
#include "temp_dir.h"

using pbem::server::Blob;
using pbem::server::Database;
using pbem::server::DatabaseError;
using pbem::server::Statement;
using pbem::server::Transaction;
using pbem::test::TempDir;

static_assert(!std::is_copy_constructible_v<Statement>);
static_assert(std::is_nothrow_move_constructible_v<Statement>);
static_assert(!std::is_copy_constructible_v<Database>);
static_assert(std::is_nothrow_move_constructible_v<Database>);

namespace {

std::int64_t count_rows(Database& db, const std::string& table) {
  auto query = db.prepare("SELECT count(*) FROM " + table);
  REQUIRE(query.step());
  return query.column_int(0);
}

std::string pragma(Database& db, const std::string& name) {
  auto query = db.prepare("PRAGMA " + name);
  REQUIRE(query.step());
  return query.column_text(0);
}

}  // namespace

TEST_CASE("bind, step and read every column type", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)");

  db.prepare("INSERT INTO t (i, r, s, b, n) VALUES (?, ?, ?, ?, ?)")
      .bind_all(std::int64_t{1} << 40, 2.5, "héllo", Blob{"bytes"}, nullptr)
      .run();
  CHECK(db.changes() == 1);
  const auto first_id = db.last_insert_id();
  CHECK(first_id == 1);

  auto query = db.prepare("SELECT i, r, s, b, n, typeof(s), typeof(b) FROM t WHERE id = ?");
  query.bind(1, first_id);
  REQUIRE(query.step());
  CHECK(query.column_count() == 7);
  CHECK(query.column_int(0) == (std::int64_t{1} << 40));
  CHECK(query.column_double(1) == 2.5);
  CHECK(query.column_text(2) == "héllo");
  CHECK(query.column_blob(3) == "bytes");
  CHECK(query.column_is_null(4));
  CHECK_FALSE(query.column_is_null(2));
  CHECK(query.column_optional_text(4) == std::nullopt);
  CHECK(query.column_optional_text(2) == std::optional<std::string>("héllo"));
  CHECK(query.column_text(5) == "text");
  CHECK(query.column_text(6) == "blob");
  CHECK_FALSE(query.step());
}

TEST_CASE("optional, bool, unsigned and std::string parameters", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (a, b, c, d, e, f)");
  const std::string text = "text";
  const std::optional<std::string> no_text;
  const std::optional<std::int64_t> number = 7;
  const std::optional<int> no_int;
  db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")
      .bind_all(text, no_text, number, no_int, true, 42u)
      .run();

  auto query = db.prepare("SELECT a, b, c, d, e, f, typeof(e) FROM t");
  REQUIRE(query.step());
  CHECK(query.column_text(0) == "text");
  CHECK(query.column_is_null(1));
  CHECK(query.column_optional_int(2) == std::optional<std::int64_t>(7));
  CHECK(query.column_optional_int(3) == std::nullopt);
  CHECK(query.column_int(4) == 1);
  CHECK(query.column_int(5) == 42);
  CHECK(query.column_text(6) == "integer");

  auto insert = db.prepare("INSERT INTO t (a) VALUES (?)");
  CHECK_THROWS_AS(insert.bind(1, std::numeric_limits<std::uint64_t>::max()), std::out_of_range);
}

TEST_CASE("a blob keeps NUL and high bytes, and empty values are not NULL", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, b BLOB, s TEXT)");
  const std::string bytes("a\0b\0\xff\r\n", 7);

  db.prepare("INSERT INTO t (b, s) VALUES (?, ?)").bind_blob(1, bytes).bind(2, "x").run();
  db.prepare("INSERT INTO t (b, s) VALUES (?, ?)")
      .bind_blob(1, std::string_view())
      .bind(2, std::string_view())
      .run();

  auto query = db.prepare("SELECT b, length(b), s, b IS NULL, s IS NULL FROM t ORDER BY id");
  REQUIRE(query.step());
  CHECK(query.column_blob(0) == bytes);
  CHECK(query.column_blob(0).size() == 7);
  CHECK(query.column_int(1) == 7);
  REQUIRE(query.step());
  CHECK(query.column_blob(0).empty());
  CHECK(query.column_text(2).empty());
  CHECK(query.column_int(3) == 0);
  CHECK(query.column_int(4) == 0);
}

TEST_CASE("misuse of columns and parameters is reported", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (NULL)");

  auto query = db.prepare("SELECT a FROM t WHERE a IS ?");
  query.bind(1, nullptr);
  CHECK_THROWS_AS(query.column_int(0), std::logic_error);  // no step yet
  REQUIRE(query.step());
  CHECK_THROWS_AS(query.column_int(1), std::logic_error);  // no such column
  CHECK_THROWS_WITH(query.column_int(0), Catch::Contains("is NULL"));
  CHECK_THROWS_AS(query.column_text(0), DatabaseError);
  CHECK_FALSE(query.step());
  CHECK_THROWS_AS(query.column_int(0), std::logic_error);  // past the last row

  try {
    query.bind(2, 1);
    FAIL("binding parameter 2 of a one-parameter statement succeeded");
  } catch (const DatabaseError& error) {
    CHECK(error.primary_code() == SQLITE_RANGE);
  }
}

TEST_CASE("prepare takes exactly one statement and names the SQL on errors", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (a)");

  CHECK_THROWS_WITH(db.prepare("SELEC a FROM t"), Catch::Contains("SELEC a FROM t"));
  CHECK_THROWS_WITH(db.prepare("SELECT a FROM t; DELETE FROM t"),
                    Catch::Contains("exactly one SQL statement"));
  CHECK_THROWS_AS(db.prepare("  -- nothing here"), DatabaseError);
  CHECK_NOTHROW(db.prepare("SELECT a FROM t; -- trailing comment"));
  CHECK_NOTHROW(db.prepare("SELECT a FROM t;  \n"));
  CHECK_THROWS_WITH(db.exec("INSERT INTO missing VALUES (1)"), Catch::Contains("no such table"));
}

TEST_CASE("step reports constraint violations and the statement stays usable", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (a TEXT UNIQUE)");
  auto insert = db.prepare("INSERT INTO t VALUES (?)");
  insert.bind(1, "x").run();
  try {
    insert.bind(1, "x").run();
    FAIL("duplicate insert succeeded");
  } catch (const DatabaseError& error) {
    CHECK(error.constraint());
    CHECK_FALSE(error.busy());
    CHECK(error.code == SQLITE_CONSTRAINT_UNIQUE);
    CHECK_THAT(error.what(), Catch::Contains("UNIQUE"));
  }
  insert.bind(1, "y").run();
  CHECK(count_rows(db, "t") == 2);
}

TEST_CASE("prepared statements are cached and come back clean", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2), (3)");
  const std::string sql = "SELECT a, ? FROM t ORDER BY a";
  CHECK(db.cached_statement_count() == 0);

  {
    auto query = db.prepare(sql);
    query.bind(1, "bound");
    REQUIRE(query.step());
    CHECK(query.column_int(0) == 1);
    // Left mid-way, with a binding: both must be gone for the next user.
  }
  CHECK(db.cached_statement_count() == 1);
  {
    auto query = db.prepare(sql);
    CHECK(db.cached_statement_count() == 0);  // the cached statement is the one in use
    REQUIRE(query.step());
    CHECK(query.column_int(0) == 1);  // from the first row again
    CHECK(query.column_is_null(1));   // bindings were cleared
  }

  SECTION("nested use of one SQL text gets two independent statements") {
    auto outer = db.prepare(sql);
    auto inner = db.prepare(sql);
    REQUIRE(outer.step());
    REQUIRE(outer.step());
    REQUIRE(inner.step());
    CHECK(outer.column_int(0) == 2);
    CHECK(inner.column_int(0) == 1);
  }
  CHECK(db.cached_statement_count() >= 1);

  SECTION("a moved statement still works and is released once") {
    auto query = db.prepare(sql);
    Statement moved = std::move(query);
    REQUIRE(moved.step());
    CHECK(moved.column_int(0) == 1);
  }
}

TEST_CASE("a statement may outlive its Database object", "[database]") {
  TempDir dir;
  std::optional<Statement> query;
  {
    Database db(dir / "test.sqlite");
    db.exec("CREATE TABLE t (a); INSERT INTO t VALUES ('kept')");
    query.emplace(db.prepare("SELECT a FROM t"));
  }
  REQUIRE(query->step());
  CHECK(query->column_text(0) == "kept");
}

TEST_CASE("a new connection is in WAL mode with foreign keys and full sync", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  CHECK(pragma(db, "journal_mode") == "wal");
  CHECK(pragma(db, "foreign_keys") == "1");
  CHECK(pragma(db, "synchronous") == "2");  // FULL
  CHECK(pragma(db, "busy_timeout") == "5000");
  CHECK(db.file() == dir / "test.sqlite");
}

TEST_CASE("opening a database in a missing directory fails naming the file", "[database]") {
  TempDir dir;
  const auto file = dir / "no-such-directory/test.sqlite";
  CHECK_THROWS_WITH(Database(file), Catch::Contains(file.string()));
}

TEST_CASE("a committed transaction is visible to another connection", "[database]") {
  TempDir dir;
  Database writer(dir / "test.sqlite");
  writer.exec("CREATE TABLE t (a)");
  Database reader(dir / "test.sqlite");
  {
    Transaction transaction(writer);
    CHECK(writer.in_transaction());
    writer.prepare("INSERT INTO t VALUES (1)").run();
    CHECK(count_rows(reader, "t") == 0);  // not yet committed
    transaction.commit();
    CHECK_THROWS_AS(transaction.commit(), std::logic_error);
  }
  CHECK_FALSE(writer.in_transaction());
  CHECK(count_rows(reader, "t") == 1);
}

TEST_CASE("a transaction left by an exception rolls back", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (a)");
  const auto failing_work = [&] {
    Transaction transaction(db);
    db.prepare("INSERT INTO t VALUES (1)").run();
    CHECK(count_rows(db, "t") == 1);
    throw std::runtime_error("command failed half-way");
  };
  CHECK_THROWS_WITH(failing_work(), "command failed half-way");
  CHECK_FALSE(db.in_transaction());
  CHECK(count_rows(db, "t") == 0);

  {
    Transaction transaction(db);  // never committed
    db.prepare("INSERT INTO t VALUES (2)").run();
  }
  CHECK(count_rows(db, "t") == 0);
}

TEST_CASE("transactions do not nest", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  Transaction outer(db);
  CHECK_THROWS_AS(Transaction(db), std::logic_error);
  CHECK(db.in_transaction());  // the failed inner one did not end the outer one
}

TEST_CASE("a second writer gets a busy error while the first holds the lock", "[database]") {
  TempDir dir;
  Database first(dir / "test.sqlite");
  first.exec("CREATE TABLE t (a)");
  Database second(dir / "test.sqlite");
  second.set_busy_timeout(std::chrono::milliseconds(0));  // fail at once, keep the test fast

  std::optional<Transaction> held(std::in_place, first);
  try {
    Transaction blocked(second);
    FAIL("a second write transaction began while the first was open");
  } catch (const DatabaseError& error) {
    CHECK(error.busy());
    CHECK_FALSE(error.constraint());
  }
  try {
    second.prepare("INSERT INTO t VALUES (1)").run();
    FAIL("a write outside a transaction succeeded while the lock was held");
  } catch (const DatabaseError& error) {
    CHECK(error.busy());
  }
  CHECK(count_rows(second, "t") == 0);  // readers are never blocked in WAL mode

  held->commit();
  held.reset();
  Transaction now_free(second);
  second.prepare("INSERT INTO t VALUES (1)").run();
  now_free.commit();
  CHECK(count_rows(first, "t") == 1);
}

TEST_CASE("run() completes a statement with RETURNING rows and allows re-running", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, a)");
  auto insert = db.prepare("INSERT INTO t (a) VALUES (?) RETURNING id");
  insert.bind(1, 10).run();
  insert.bind(1, 20).run();
  CHECK(db.last_insert_id() == 2);
  CHECK(count_rows(db, "t") == 2);
}

TEST_CASE("binding again after stepping starts a new run", "[database]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  db.exec("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'one'), (1, 'uno'), (2, 'two')");
  auto query = db.prepare("SELECT b FROM t WHERE a = ? ORDER BY b");
  query.bind(1, 1);
  REQUIRE(query.step());
  CHECK(query.column_text(0) == "one");
  query.bind(1, 2);  // mid-run
  REQUIRE(query.step());
  CHECK(query.column_text(0) == "two");
  CHECK_FALSE(query.step());
  query.bind(1, 1);  // after the last row
  REQUIRE(query.step());
  CHECK(query.column_text(0) == "one");
}
