// Migration 009 (the clock) on a database from before it: running games get the default
// clock from the moment of the upgrade, finished ones none; timestamps round-trip.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "server/support/clock.h"
#include "temp_dir.h"

using pbem::server::Database;
using pbem::test::TempDir;

namespace {

std::string text(Database& db, const std::string& sql) {
  auto query = db.prepare(sql);
  REQUIRE(query.step());
  return query.column_is_null(0) ? "NULL" : query.column_text(0);
}

}  // namespace

TEST_CASE("an upgrade gives running games 14 days from now and finished games no clock", "[clock][migrations]") {
  TempDir dir;
  Database db(dir / "old.sqlite");
  std::vector<pbem::server::Migration> before;
  for (const auto& migration : pbem::server::known_migrations())
    if (migration.version < 9) before.push_back(migration);
  pbem::server::migrate(db, before);
  db.exec("INSERT INTO users (userid, password_hash, created_at) VALUES ('alice', 'x', '2020-01-01T00:00:00Z'), "
          "('bob', 'x', '2020-01-01T00:00:00Z')");
  // Both games have waited for a move since 2020: far longer than any clock allows.
  db.exec("INSERT INTO games (type, options, player0, player1, status, plies, thread_id, created_at, updated_at) "
          "VALUES ('hy3', '-size=3', 1, 2, 'active', 0, 't1', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'), "
          "('hy3', '-size=3', 1, 2, 'finished', 5, 't2', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z')");
  const auto upgrade_from = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  pbem::server::migrate(db);
  const auto upgrade_to = std::chrono::system_clock::now();

  CHECK(text(db, "SELECT days_per_move FROM games WHERE id = 1") == "14");
  const auto deadline = pbem::server::parse_iso8601(text(db, "SELECT deadline_at FROM games WHERE id = 1"));
  REQUIRE(deadline);
  CHECK(*deadline >= upgrade_from + std::chrono::days(14));
  CHECK(*deadline <= upgrade_to + std::chrono::days(14));
  const auto remind = pbem::server::parse_iso8601(text(db, "SELECT remind_at FROM games WHERE id = 1"));
  REQUIRE(remind);
  CHECK(*deadline - *remind == std::chrono::hours(48));
  CHECK(text(db, "SELECT deadline_at FROM games WHERE id = 2") == "NULL");
  CHECK(text(db, "SELECT end_reason FROM games WHERE id = 1") == "NULL");
}

TEST_CASE("stored timestamps parse back to the same time, and read as players see them", "[clock]") {
  using namespace std::chrono;
  const auto time = sys_days(year{2027} / March / 4) + hours(12) + minutes(5) + seconds(9);
  CHECK(pbem::server::iso8601(time) == "2027-03-04T12:05:09Z");
  CHECK(pbem::server::parse_iso8601("2027-03-04T12:05:09Z") == time);
  CHECK(pbem::server::readable_utc(time) == "2027-03-04 12:05 UTC");
  CHECK_FALSE(pbem::server::parse_iso8601("2027-02-30T12:00:00Z"));
  CHECK_FALSE(pbem::server::parse_iso8601("2027-03-04 12:05:09"));
  CHECK_FALSE(pbem::server::parse_iso8601(""));
}
