// Schema migrations: embedding, applying, recording and refusing, on real database files.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "tests/source_paths.h"
#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "temp_dir.h"
#include "test_database.h"
#include "turn_columns.h"

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

// Every `pbem` process starts by migrating: on an up-to-date database that is two reads,
// with no write transaction (it took one per migration, four round trips each on
// PostgreSQL: issue 46).
TEST_CASE("migrating an up-to-date database reads the recorded versions and takes no write lock", "[migrations]") {
  TempDir dir;
  Database db(dir / "pbem.sqlite");
  pbem::server::migrate(db);
  std::vector<std::string> made;
  db.set_statement_hook([&](std::string_view sql) { made.emplace_back(sql); });
  CHECK(pbem::server::migrate(db).empty());
  db.set_statement_hook(nullptr);
  CHECK(made.size() == 2);
  for (const std::string& sql : made) CHECK(sql.find("BEGIN") == std::string::npos);
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

// Migration 024 (whose turn it is, stored) on a database from before it, with games of
// every kind and every way of standing: in progress before and after a swap, won by the
// board or by resignation, lost on time, aborted. The SQL fills the columns from the rules
// every game shares; each game's columns must be what a replay of its moves says. Written
// for either engine (test_database.h); the postgres_storage ctest entry runs it there too.
TEST_CASE("migration 024 fills whose turn it is in games stored before it", "[migrations][turn_columns]") {
  TempDir dir;
  Database db(pbem::test::test_database(dir.path()));
  std::vector<Migration> before;
  for (const Migration& migration : pbem::server::known_migrations(db))
    if (migration.version < 24) before.push_back(migration);
  pbem::server::migrate(db, before);
  const std::int64_t alice = add_user(db, "alice"), bob = add_user(db, "bob");

  std::mt19937 random(23);
  int swapped = 0, active = 0;
  for (const std::string& type : pbem::game_type_names()) {
    for (int round = 0; round < 12; ++round) {
      const std::vector<std::string> options =
          type == "hy3" ? std::vector<std::string>{"-size=3", "-swap"}
          : type == "gaia" ? std::vector<std::string>{"-size=3"}
                                        : std::vector<std::string>{};
      auto game = pbem::create_game(type, options);
      const bool alice_first = random() % 2;
      const std::array<std::int64_t, 2> players = {alice_first ? alice : bob, alice_first ? bob : alice};
      // Random plies (a swap whenever allowed, half the time), then sometimes an end.
      struct OldMove {
        std::string move;
        int colour;
        std::int64_t user_id;
      };
      std::vector<OldMove> moves;
      const int length = static_cast<int>(random() % 9);
      for (int ply = 0; ply < length && !game->over(); ++ply) {
        auto legal = game->legal_plies();
        std::string move = legal[random() % legal.size()];
        if (game->swap_allowed() && random() % 2) move = "swap";
        const int colour = game->to_move();
        REQUIRE(game->play(move).ok);
        // The user who held that colour when playing it (a swap itself is still before it).
        moves.push_back({move, colour, players[static_cast<std::size_t>(colour ^ (game->swapped() && move != "swap"))]});
      }
      std::string status = game->over() ? "finished" : "active";
      std::optional<std::string> end_reason;
      std::optional<std::int64_t> aborted_by;
      std::optional<int> winner = game->winner();
      const int ending = static_cast<int>(random() % 4);  // 0: on, 1: resigned, 2: lost on time, 3: aborted
      if (!game->over() && ending == 1) {
        const int colour = game->to_move();
        REQUIRE(game->resign(colour).ok);
        moves.push_back({"resign", colour, players[static_cast<std::size_t>(colour ^ game->swapped())]});
        status = "finished";
        winner = game->winner();
      } else if (!game->over() && ending == 2) {
        status = "finished", end_reason = "time", winner = pbem::other(game->to_move());
      } else if (!game->over() && ending == 3) {
        status = "finished", aborted_by = players[0];
      }
      db.prepare("INSERT INTO games (type, options, player0, player1, status, winner_colour, plies, thread_id, "
                 "created_at, updated_at, end_reason, aborted_by) VALUES (?, ?, ?, ?, ?, ?, ?, 't', 'then', 'then', "
                 "CAST(? AS TEXT), CAST(? AS INTEGER))")
          .bind_all(std::string(type), game->options_text(), players[0], players[1], status, winner,
                    static_cast<std::int64_t>(moves.size()), end_reason, aborted_by)
          .run();
      const std::int64_t id = db.last_insert_id();
      for (std::size_t ply = 0; ply < moves.size(); ++ply)
        db.prepare("INSERT INTO moves (game_id, ply, move, colour, user_id, created_at) VALUES (?, ?, ?, ?, ?, 'then')")
            .bind_all(id, static_cast<std::int64_t>(ply + 1), moves[ply].move, moves[ply].colour, moves[ply].user_id)
            .run();
      swapped += game->swapped();
      active += status == "active";
    }
  }
  REQUIRE(swapped > 0);
  REQUIRE(active > 0);

  std::vector<Migration> through_24 = before;
  for (const Migration& migration : pbem::server::known_migrations(db))
    if (migration.version == 24) through_24.push_back(migration);
  CHECK(pbem::server::migrate(db, through_24) == std::vector<int>{24});
  // The later migrations touch no turn column, but the game records read columns they add
  // (028's weekends_off, 030's invitation columns).
  pbem::server::migrate(db);
  auto games = db.prepare("SELECT id FROM games ORDER BY id");
  while (games.step()) pbem::test::check_turn_columns(db, games.column_int(0));
}

// Migration 030 widens the CHECK of games.status in place (SQLite: writable_schema, see
// schema/030_invitations.sql): an invitation's statuses are stored, anything else is still
// refused, and the games stored before it keep theirs.
TEST_CASE("migration 030 lets games wait as invitations and still checks the status", "[migrations][invitations]") {
  TempDir dir;
  Database db(pbem::test::test_database(dir.path()));
  std::vector<Migration> before;
  for (const Migration& migration : pbem::server::known_migrations(db))
    if (migration.version < 30) before.push_back(migration);
  pbem::server::migrate(db, before);
  const std::int64_t alice = add_user(db, "alice"), bob = add_user(db, "bob");
  const auto insert = [&](const std::string& status) {
    db.prepare("INSERT INTO games (type, options, player0, player1, status, plies, thread_id, created_at, updated_at) "
               "VALUES ('hy3', '-size=3', ?, ?, ?, 0, 't', 'then', 'then')")
        .bind_all(alice, bob, status)
        .run();
  };
  insert("active");
  CHECK_THROWS_AS(insert("invited"), pbem::server::DatabaseError);
  pbem::server::migrate(db);
  for (const std::string status : {"invited", "open", "declined", "withdrawn", "lapsed"}) insert(status);
  CHECK_THROWS_AS(insert("pending"), pbem::server::DatabaseError);
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE status = 'active'") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM users WHERE challenges = 'ask'") == 2);
}
