// The failed-password throttle (issue 9 item 6), on a real migrated database, and through
// the real MailService so the failure rows are shown to outlive the command's rollback.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "server/support/config.h"
#include "server/storage/database.h"
#include "server/pipeline/mail_service.h"
#include "server/storage/migrations.h"
#include "server/storage/password_throttle.h"
#include "temp_dir.h"

using namespace std::chrono_literals;
using pbem::server::Database;
using pbem::server::PasswordThrottle;
using pbem::test::TempDir;

namespace {

std::int64_t add_user(Database& db, const std::string& userid) {
  db.prepare("INSERT INTO users (userid, password_hash, created_at) VALUES (?, 'x', 'now')").bind(1, userid).run();
  return db.last_insert_id();
}

std::int64_t scalar(Database& db, const std::string& sql) {
  auto query = db.prepare(sql);
  REQUIRE(query.step());
  return query.column_int(0);
}

// 2030-01-01T10:00:00Z
const PasswordThrottle::TimePoint kStart = std::chrono::system_clock::time_point(std::chrono::seconds(1893492000));

std::string mail(int n, const std::string& subject) {
  return "From: alice@example.org\r\nTo: pbem@localhost\r\nSubject: " + subject + "\r\nMessage-ID: <t" +
         std::to_string(n) + "@client.example>\r\n\r\n\r\n";
}

std::string last_outcome(Database& db) {
  auto query = db.prepare("SELECT outcome FROM inbox ORDER BY id DESC LIMIT 1");
  REQUIRE(query.step());
  return query.column_text(0);
}

}  // namespace

TEST_CASE("a user is throttled after the limit of failures within an hour, until the hour passes",
          "[throttle]") {
  TempDir dir;
  Database db(dir / "pbem.sqlite");
  pbem::server::migrate(db);
  const auto alice = add_user(db, "alice");
  const auto bob = add_user(db, "bob");
  PasswordThrottle throttle(db, 3);
  throttle.record_failure(alice, kStart);
  throttle.record_failure(alice, kStart + 10min);
  CHECK_FALSE(throttle.blocked_until(alice, kStart + 10min));
  throttle.record_failure(alice, kStart + 20min);
  // Three within the hour: blocked until the first of them is an hour old.
  CHECK(throttle.blocked_until(alice, kStart + 20min) == std::optional<std::string>("2030-01-01T11:00:00Z"));
  CHECK(throttle.blocked_until(alice, kStart + 59min));
  CHECK_FALSE(throttle.blocked_until(bob, kStart + 20min));  // per user
  CHECK_FALSE(throttle.blocked_until(alice, kStart + 60min));  // the first failure left the hour
  // Old rows are forgotten when a new failure is recorded.
  throttle.record_failure(bob, kStart + 2h);
  CHECK(scalar(db, "SELECT count(*) FROM password_failures") == 1);
}

TEST_CASE("wrong passwords are recorded despite the rollback; then even the right one is refused",
          "[throttle]") {
  TempDir dir;
  auto config = pbem::server::default_config(dir.path());
  config.limits.failed_passwords_per_hour = 3;
  Database db(dir / "pbem.sqlite");
  pbem::server::migrate(db);
  pbem::server::MailService service(db, config);
  int n = 0;
  const auto run = [&](const std::string& subject) {
    auto received = service.receive(mail(++n, subject), std::string("alice@example.org"));
    service.process(received.inbox_id);
    return last_outcome(db);
  };
  REQUIRE(run("signup alice right123") == "signed up alice");
  for (int i = 0; i < 3; ++i) CHECK(run("change password alice wrong" + std::to_string(i) + " new12345") ==
                                    "error: wrong password for alice");
  CHECK(scalar(db, "SELECT count(*) FROM password_failures") == 3);
  const std::string refused = run("change password alice right123 new12345");
  CHECK(refused.find("too many wrong passwords for alice") != std::string::npos);
  CHECK(refused.find("refused until") != std::string::npos);
  // The refusal itself is not counted, and nothing changed.
  CHECK(scalar(db, "SELECT count(*) FROM password_failures") == 3);
  CHECK(run("signoff alice right123").find("too many wrong passwords") != std::string::npos);
  CHECK(scalar(db, "SELECT active FROM users WHERE userid = 'alice'") == 1);
}
