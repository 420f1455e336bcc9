// A busy database at each statement in turn (issue 18): receiving a message, processing a
// move, queuing and sending its replies. Every failure is a busy DatabaseError for the
// caller to retry (451 / exit 75) and leaves nothing half-applied; the retry then works.
#include <catch2/catch.hpp>


#include "server/pipeline/mail_service.h"
#include "server/storage/database.h"
#include "server/storage/inbox.h"
#include "server/storage/migrations.h"
#include "server/storage/outbox.h"
#include "server/support/config.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

constexpr int kSqliteBusy = 5;

std::string mail(const std::string& from, const std::string& subject) {
  static int n = 0;
  return pbem::test::plain_mail(from, subject, "busy-" + std::to_string(++n));
}

// Everything a half-applied command could leave behind, in one comparable value.
std::string snapshot(Database& db) {
  std::string out;
  for (const char* sql : {"SELECT id || ':' || state FROM inbox ORDER BY id",
                          "SELECT count(*) FROM outbox", "SELECT count(*) FROM moves",
                          "SELECT status FROM games ORDER BY id", "SELECT count(*) FROM users",
                          "SELECT count(*) FROM password_failures"}) {
    out += pbem::test::joined_rows(db, sql) + "|";
  }
  return out;
}

// Makes the `n`th statement run from now on fail as a busy database would.
void fail_statement(Database& db, int n) {
  auto count = std::make_shared<int>(0);
  db.set_statement_hook([count, n](std::string_view sql) {
    if (++*count == n) throw DatabaseError(kSqliteBusy, "database is locked (injected at: " + std::string(sql) + ")");
  });
}

using Server = pbem::test::ServiceFixture;

}  // namespace

TEST_CASE("processing a move with a busy database at each statement leaves nothing half done", "[busy]") {
  Server s;
  s.member("alice", "alice@example.org");
  s.member("bob", "bob@example.org");
  s.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  const std::int64_t id = s.service.receive(mail("alice@example.org", "hy3 move 1 alice pw-alice c1"), std::nullopt).inbox_id;
  const std::string before = snapshot(s.db);
  int failures = 0;
  for (int n = 1;; ++n) {
    fail_statement(s.db, n);
    bool failed = false;
    try {
      s.service.process(id);
    } catch (const DatabaseError& error) {
      CHECK(error.busy());
      failed = true;
    }
    s.db.set_statement_hook(nullptr);
    if (!failed) break;  // n is past the last statement: the move went through
    ++failures;
    INFO("busy at statement " << n);
    REQUIRE(snapshot(s.db) == before);  // still pending, nothing stored, nothing queued
  }
  CHECK(failures > 10);  // every statement of the path was tried
  CHECK(Inbox(s.db).load(id)->state == "processed");
  CHECK(snapshot(s.db) != before);
  auto moves = s.db.prepare("SELECT count(*) FROM moves");
  moves.step();
  CHECK(moves.column_int(0) == 1);
}

TEST_CASE("receiving with a busy database at each statement stores the message once or not at all", "[busy]") {
  Server s;
  const std::string raw = mail("carol@example.org", "help");
  for (int n = 1;; ++n) {
    fail_statement(s.db, n);
    bool failed = false;
    try {
      s.service.receive(raw, std::nullopt);
    } catch (const DatabaseError& error) {
      CHECK(error.busy());
      failed = true;
    }
    s.db.set_statement_hook(nullptr);
    if (!failed) break;
    CHECK(Inbox(s.db).pending().empty());
  }
  CHECK(Inbox(s.db).pending().size() == 1);
  CHECK(s.service.receive(raw, std::nullopt).status == ReceiveStatus::Pending);  // and only once
}

TEST_CASE("a real second writer makes processing busy, and the retry succeeds", "[busy]") {
  Server s;
  const std::int64_t id = s.service.receive(mail("carol@example.org", "help"), std::nullopt).inbox_id;
  Database other(s.location);
  s.db.set_busy_timeout(std::chrono::milliseconds(50));
  {
    Transaction held(other);  // BEGIN IMMEDIATE on another connection: the write lock
    CHECK_THROWS_AS(s.service.process(id), DatabaseError);
    CHECK(Inbox(s.db).load(id)->state == "received");
  }
  s.service.process(id);
  CHECK(Inbox(s.db).load(id)->state == "processed");
}
