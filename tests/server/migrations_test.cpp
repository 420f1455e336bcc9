// Schema migrations: embedding, applying, recording and refusing, on real database files.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "tests/source_paths.h"
#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "temp_dir.h"

using pbem::server::Database;
using pbem::server::DatabaseError;
using pbem::server::Migration;
using pbem::server::MigrationError;
using pbem::server::Transaction;
using pbem::test::TempDir;

namespace {

std::set<std::string> table_names(Database& db) {
  std::set<std::string> names;
  auto query = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'");
  while (query.step()) names.insert(query.column_text(0));
  return names;
}

std::int64_t scalar(Database& db, const std::string& sql) {
  auto query = db.prepare(sql);
  REQUIRE(query.step());
  return query.column_int(0);
}

std::int64_t add_user(Database& db, const std::string& userid) {
  db.prepare("INSERT INTO users (userid, password_hash, created_at) VALUES (?, 'x', 'now')")
      .bind(1, userid)
      .run();
  return db.last_insert_id();
}

const Migration first{1, "first", "CREATE TABLE a (x INTEGER);"};
const Migration second{2, "second", "CREATE TABLE b (y INTEGER); INSERT INTO b VALUES (1);"};

}  // namespace

TEST_CASE("the embedded migrations are exactly the files in schema/", "[migrations]") {
  const std::filesystem::path schema = std::filesystem::path(pbem::tests::source_dir()) / "schema";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(schema)) {
    if (entry.path().extension() == ".sql") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  const auto known = pbem::server::known_migrations();
  REQUIRE(known.size() == files.size());
  REQUIRE_FALSE(known.empty());
  CHECK(known.front().version == 1);
  CHECK(known.front().name == "initial");
  for (std::size_t i = 0; i < files.size(); ++i) {
    INFO(files[i].filename().string());
    const std::string stem = files[i].stem().string();
    CHECK(std::stoi(stem.substr(0, stem.find('_'))) == known[i].version);
    CHECK(stem.substr(stem.find('_') + 1) == known[i].name);
    CHECK(pbem::test::read_file(files[i]) == known[i].sql);
  }
}

TEST_CASE("a fresh database gets every table, recorded in schema_migrations", "[migrations]") {
  TempDir dir;
  Database db(dir / "pbem.sqlite");
  CHECK(pbem::server::schema_version(db) == 0);

  const auto applied = pbem::server::migrate(db);
  const int newest = pbem::server::known_migrations().back().version;
  CHECK(applied.size() == pbem::server::known_migrations().size());
  CHECK(pbem::server::schema_version(db) == newest);

  const auto tables = table_names(db);
  for (const char* table :
       {"users", "addresses", "games", "moves", "inbox", "outbox", "schema_migrations", "password_failures"}) {
    INFO(table);
    CHECK(tables.count(table) == 1);
  }

  auto record = db.prepare("SELECT version, name, applied_at FROM schema_migrations ORDER BY version");
  REQUIRE(record.step());
  CHECK(record.column_int(0) == 1);
  CHECK(record.column_text(1) == "initial");
  CHECK(std::regex_match(record.column_text(2),
                         std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
}

TEST_CASE("migrating an up-to-date database changes nothing", "[migrations]") {
  TempDir dir;
  {
    Database db(dir / "pbem.sqlite");
    pbem::server::migrate(db);
    db.exec("UPDATE schema_migrations SET applied_at = 'marker'");
  }
  Database db(dir / "pbem.sqlite");  // as at the next start-up
  CHECK(pbem::server::migrate(db).empty());
  CHECK(scalar(db, "SELECT count(*) FROM schema_migrations") ==
        static_cast<std::int64_t>(pbem::server::known_migrations().size()));
  CHECK(scalar(db, "SELECT count(*) FROM schema_migrations WHERE applied_at <> 'marker'") == 0);
}

TEST_CASE("only the missing migrations are applied, in order", "[migrations]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  CHECK(pbem::server::migrate(db, std::vector{first}) == std::vector{1});
  CHECK(pbem::server::migrate(db, std::vector{first, second}) == std::vector{2});
  CHECK(scalar(db, "SELECT count(*) FROM b") == 1);  // migration 2's INSERT ran once
  CHECK(pbem::server::migrate(db, std::vector{first, second}).empty());
  CHECK(scalar(db, "SELECT count(*) FROM b") == 1);
  CHECK(pbem::server::schema_version(db) == 2);
}

TEST_CASE("a database newer than the program is refused and left alone", "[migrations]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  pbem::server::migrate(db, std::vector{first});
  db.exec("INSERT INTO schema_migrations VALUES (7, 'from_the_future', 'then')");

  CHECK_THROWS_AS(pbem::server::migrate(db, std::vector{first, second}), MigrationError);
  CHECK_THROWS_WITH(pbem::server::migrate(db, std::vector{first, second}),
                    Catch::Contains("schema version 7") && Catch::Contains("newer"));
  CHECK(table_names(db).count("b") == 0);  // migration 2 was not applied
  CHECK(pbem::server::schema_version(db) == 7);
}

TEST_CASE("a database whose history differs from the program's is refused", "[migrations]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  pbem::server::migrate(db, std::vector{first, second});
  const Migration renamed{2, "other", "SELECT 1;"};
  CHECK_THROWS_WITH(pbem::server::migrate(db, std::vector{first, renamed}),
                    Catch::Contains("002_second") && Catch::Contains("002_other"));
  const Migration third{3, "third", "SELECT 1;"};
  CHECK_THROWS_WITH(pbem::server::migrate(db, std::vector{second, third}),
                    Catch::Contains("001_first") && Catch::Contains("does not know"));
}

TEST_CASE("a failing migration is rolled back; earlier ones stay", "[migrations]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  const Migration broken{2, "broken", "CREATE TABLE half (z); INSERT INTO nowhere VALUES (1);"};
  CHECK_THROWS_WITH(pbem::server::migrate(db, std::vector{first, broken}),
                    Catch::Contains("002_broken") && Catch::Contains("nowhere"));
  CHECK_FALSE(db.in_transaction());
  CHECK(table_names(db).count("a") == 1);
  CHECK(table_names(db).count("half") == 0);
  CHECK(pbem::server::schema_version(db) == 1);
}

TEST_CASE("migrations must be given in ascending order", "[migrations]") {
  TempDir dir;
  Database db(dir / "test.sqlite");
  CHECK_THROWS_AS(pbem::server::migrate(db, std::vector{second, first}), std::logic_error);
  CHECK(pbem::server::schema_version(db) == 0);
}

TEST_CASE("the schema enforces foreign keys", "[migrations]") {
  TempDir dir;
  Database db(dir / "pbem.sqlite");
  pbem::server::migrate(db);
  const auto alice = add_user(db, "alice");
  const auto bob = add_user(db, "bob");
  db.prepare(
        "INSERT INTO games (type, options, player0, player1, status, thread_id, created_at,"
        " updated_at) VALUES ('gates', '', ?, ?, 'active', 'thread@x', 'now', 'now')")
      .bind_all(alice, bob)
      .run();
  const auto game = db.last_insert_id();

  auto insert_move = db.prepare(
      "INSERT INTO moves (game_id, ply, move, colour, user_id, created_at)"
      " VALUES (?, ?, 'c:d3', 0, ?, 'now')");
  insert_move.bind_all(game, 1, alice).run();  // the control: a real game takes the move
  try {
    insert_move.bind_all(game + 100, 1, alice).run();
    FAIL("a move for a missing game was stored");
  } catch (const DatabaseError& error) {
    CHECK(error.constraint());
    CHECK_THAT(error.what(), Catch::Contains("FOREIGN KEY"));
  }
  CHECK_THROWS_AS(insert_move.bind_all(game, 2, bob + 100).run(), DatabaseError);  // no user
  CHECK(scalar(db, "SELECT count(*) FROM moves") == 1);
}

TEST_CASE("the schema's CHECK and UNIQUE constraints hold", "[migrations]") {
  TempDir dir;
  Database db(dir / "pbem.sqlite");
  pbem::server::migrate(db);
  add_user(db, "alice");
  CHECK_THROWS_AS(add_user(db, "alice"), DatabaseError);
  auto inbox = db.prepare(
      "INSERT INTO inbox (digest, message_id, origin, state, received_at) VALUES (?, ?, ?, ?, 'now')");
  inbox.bind_all("d1", "m1@x", "a@x", "received").run();
  CHECK_THROWS_AS(inbox.bind_all("d2", "m2@x", "a@x", "lost").run(), DatabaseError);      // state
  CHECK_THROWS_AS(inbox.bind_all("d1", "m3@x", "a@x", "received").run(), DatabaseError);  // digest
  CHECK_THROWS_AS(inbox.bind_all("d4", "m1@x", "a@x", "received").run(), DatabaseError);  // id + sender
  inbox.bind_all("d7", "m1@x", "b@x", "received").run();  // another sender may reuse a Message-ID
  inbox.bind_all("d5", nullptr, "a@x", "received").run();  // no Message-ID: many may lack one
  inbox.bind_all("d6", nullptr, "a@x", "received").run();
  CHECK(scalar(db, "SELECT count(*) FROM inbox") == 4);
}

TEST_CASE("a migrated database file stays in WAL mode", "[migrations]") {
  TempDir dir;
  {
    Database db(dir / "pbem.sqlite");
    pbem::server::migrate(db);
    CHECK(std::filesystem::exists(dir / "pbem.sqlite-wal"));
  }
  // WAL is a property of the file: a bare connection that sets nothing sees it too.
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open_v2((dir / "pbem.sqlite").c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) ==
          SQLITE_OK);
  const std::unique_ptr<sqlite3, decltype(&sqlite3_close)> bare(raw, &sqlite3_close);
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(bare.get(), "PRAGMA journal_mode", -1, &statement, nullptr) ==
          SQLITE_OK);
  const std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> query(statement,
                                                                         &sqlite3_finalize);
  REQUIRE(sqlite3_step(query.get()) == SQLITE_ROW);
  CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(query.get(), 0))) == "wal");
}
