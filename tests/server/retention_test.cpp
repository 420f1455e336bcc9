// Retention (issue 33 item 1; docs/operating.md "Retention"): the clock tick's
// run_retention deletes processed inbox rows after inbox.keep_days, settled outbox rows
// after outbox.keep_days, expired confirmation codes and password failures older than the
// throttle's hour, in batches, never a row still to be processed or sent; then the SQLite
// file gives the freed pages back. On both engines (the postgres_storage entry reruns this
// file on PostgreSQL); the file's shrinking on SQLite only. The same through the real
// programs under libfaketime: tests/integration/test_retention.py.
#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <string>

#include "mail/outgoing_message.h"
#include "server/pipeline/retention.h"
#include "server/storage/address_confirmations.h"
#include "server/storage/database.h"
#include "server/storage/file_space.h"
#include "server/storage/inbox.h"
#include "server/storage/migrations.h"
#include "server/storage/outbox.h"
#include "server/storage/password_throttle.h"
#include "server/support/clock.h"
#include "server/support/config.h"
#include "temp_dir.h"
#include "test_database.h"

using namespace pbem::server;
using pbem::test::TempDir;

namespace {

using Clock = std::chrono::system_clock;

std::string days_ago(int days) { return iso8601(Clock::now() - std::chrono::days(days)); }

struct Fixture {
  TempDir dir;
  Database db{pbem::test::test_database(dir.path())};
  Config config;
  int mails = 0;

  Fixture() {
    migrate(db);
    db.exec("INSERT INTO users (userid, password_hash, created_at) VALUES ('alice', 'x', '2027-01-01T00:00:00Z')");
  }

  std::int64_t user() {
    auto query = db.prepare("SELECT id FROM users WHERE userid = 'alice'");
    REQUIRE(query.step());
    return query.column_int(0);
  }

  // A message received and then processed `days` days ago (never processed: nullopt).
  std::int64_t inbox_row(const std::string& digest, std::optional<int> processed_days_ago) {
    Transaction transaction(db);
    Inbox inbox(db);
    const auto id = inbox.add(digest, digest + "@client.example", "alice@example.org", {}, "raw " + digest,
                              "alice@example.org");
    if (processed_days_ago) {
      inbox.finish(id, "processed", "alice@example.org", "hy3 show 1", "ok");
      db.prepare("UPDATE inbox SET processed_at = ? WHERE id = ?").bind_all(days_ago(*processed_days_ago), id).run();
    }
    transaction.commit();
    return id;
  }

  // A mail answering `inbox_id`, settled (sent) `days` days ago, or still queued (nullopt).
  std::int64_t outbox_row(std::optional<std::int64_t> inbox_id, std::optional<int> settled_days_ago,
                          std::string_view text = "Hello") {
    pbem::mail::OutgoingMessage message;
    message.from_name = "PBeM Server";
    message.from_address = "pbem@localhost";
    message.to = {"alice@example.org"};
    message.subject = "Re: hy3 show 1";
    message.message_id = "m" + std::to_string(++mails) + "@localhost";
    message.text = std::string(text);
    message.date = Clock::now();
    Transaction transaction(db);
    Outbox outbox(db);
    outbox.enqueue(message, pbem::mail::compose(message), "pbem@localhost", inbox_id, std::nullopt, MailKind::Reply,
                   std::nullopt);
    const auto id = db.last_insert_id();
    if (settled_days_ago) {
      outbox.mark_sent(id);
      db.prepare("UPDATE outbox SET settled_at = ?, sent_at = ? WHERE id = ?")
          .bind_all(days_ago(*settled_days_ago), days_ago(*settled_days_ago), id)
          .run();
    }
    transaction.commit();
    return id;
  }

  std::string ids(const std::string& table) {
    return pbem::test::joined_rows(db, "SELECT id FROM " + table + " ORDER BY id");
  }
  std::int64_t count(const std::string& table) {
    auto query = db.prepare("SELECT count(*) FROM " + table);
    query.step();
    return query.column_int(0);
  }
  std::string inbox_link(std::int64_t outbox_id) {
    return pbem::test::joined_rows(db, "SELECT inbox_id FROM outbox WHERE id = " + std::to_string(outbox_id));
  }
};

}  // namespace

TEST_CASE("processed inbox rows go after inbox.keep_days; duplicates are known until then", "[retention]") {
  Fixture f;
  const auto old = f.inbox_row("d-old", 31);
  const auto recent = f.inbox_row("d-recent", 29);
  const auto pending = f.inbox_row("d-pending", std::nullopt);  // never processed: kept however old
  f.db.prepare("UPDATE inbox SET received_at = ? WHERE id = ?").bind_all(days_ago(400), pending).run();
  const auto newest = f.inbox_row("d-newest", 100);  // the newest row stays: its id is not handed out again
  // Replies to the old message outlive it (outbox.keep_days 90), losing only the link.
  const auto reply = f.outbox_row(old, 31);
  const auto queued = f.outbox_row(old, std::nullopt);
  const auto recent_reply = f.outbox_row(recent, 29);

  Inbox inbox(f.db);
  REQUIRE(inbox.find_copy("d-old", "", ""));
  REQUIRE(inbox.find_copy("x", "d-old@client.example", "alice@example.org"));

  const RetentionDone done = run_retention(f.db, f.config, nullptr);
  CHECK(done.inbox == 1);
  CHECK(done.outbox == 0);
  CHECK_FALSE(done.more);
  CHECK(f.ids("inbox") == std::to_string(recent) + "," + std::to_string(pending) + "," + std::to_string(newest));
  CHECK(f.count("outbox") == 3);
  CHECK(f.inbox_link(reply) == "-");
  CHECK(f.inbox_link(queued) == "-");
  CHECK(f.inbox_link(recent_reply) == std::to_string(recent));
  // The message is no longer known as a copy, by digest or by Message-ID; the others are.
  CHECK_FALSE(inbox.find_copy("d-old", "", ""));
  CHECK_FALSE(inbox.find_copy("x", "d-old@client.example", "alice@example.org"));
  CHECK(inbox.find_copy("d-recent", "", ""));
  CHECK(inbox.find_copy("x", "d-recent@client.example", "alice@example.org"));
  CHECK(inbox.still_pending(pending));

  // A longer window keeps the rest; a shorter one takes the recent row too.
  CHECK(run_retention(f.db, f.config, nullptr).rows() == 0);
  f.config.inbox.keep_days = 7;
  CHECK(run_retention(f.db, f.config, nullptr).inbox == 1);
  CHECK(f.ids("inbox") == std::to_string(pending) + "," + std::to_string(newest));
  CHECK(f.inbox_link(recent_reply) == "-");
  // The next message gets a new id, not the deleted ones'.
  CHECK(f.inbox_row("d-next", std::nullopt) == newest + 1);
}

TEST_CASE("settled outbox rows go after outbox.keep_days; queued mail never does", "[retention]") {
  Fixture f;
  const auto sent = f.outbox_row(std::nullopt, 91);
  const auto failed = f.outbox_row(std::nullopt, 95);
  {
    Transaction transaction(f.db);
    f.db.prepare("UPDATE outbox SET state = 'failed' WHERE id = ?").bind_all(failed).run();
    transaction.commit();
  }
  const auto kept = f.outbox_row(std::nullopt, 89);
  const auto queued = f.outbox_row(std::nullopt, std::nullopt);
  f.db.prepare("UPDATE outbox SET created_at = ?, next_attempt_at = ? WHERE id = ?")
      .bind_all(days_ago(300), days_ago(300), queued)
      .run();
  const auto newest = f.outbox_row(std::nullopt, 120);  // the newest row stays

  CHECK(run_retention(f.db, f.config, nullptr).outbox == 2);
  CHECK(f.ids("outbox") == std::to_string(kept) + "," + std::to_string(queued) + "," + std::to_string(newest));
  CHECK(Outbox(f.db).queued().size() == 1);
  (void)sent;
}

TEST_CASE("expired confirmation codes and password failures older than the hour go", "[retention]") {
  Fixture f;
  const auto user = f.user();
  {
    Transaction transaction(f.db);
    auto insert = f.db.prepare(
        "INSERT INTO address_confirmations (user_id, address, code_hash, expires_at, created_at) VALUES (?, ?, 'h', ?, ?)");
    insert.bind_all(user, "old@example.org", days_ago(1), days_ago(8)).run();
    insert.bind_all(user, "new@example.org", iso8601(Clock::now() + std::chrono::hours(1)), days_ago(6)).run();
    PasswordThrottle throttle(f.db, 10);
    throttle.record_failure(user, Clock::now() - std::chrono::minutes(61));
    throttle.record_failure(user, Clock::now() - std::chrono::minutes(59));
    transaction.commit();
  }
  const RetentionDone done = run_retention(f.db, f.config, nullptr);
  CHECK(done.confirmations == 1);
  CHECK(done.password_failures == 1);
  CHECK(pbem::test::joined_rows(f.db, "SELECT address FROM address_confirmations") == "new@example.org");
  CHECK(f.count("password_failures") == 1);
  CHECK(PasswordThrottle(f.db, 2).failures_left(user, Clock::now()) == 1);  // the recent one still counts
}

TEST_CASE("retention deletes in batches, each its own transaction, and stops when out of time", "[retention]") {
  Fixture f;
  const int rows = 2 * kRetentionBatch + 3;
  {
    Transaction transaction(f.db);
    auto insert = f.db.prepare(
        "INSERT INTO inbox (digest, message_id, state, received_at, processed_at, origin) "
        "VALUES (?, NULL, 'processed', ?, ?, '')");
    for (int i = 0; i < rows; ++i) insert.bind_all("d" + std::to_string(i), days_ago(40), days_ago(40)).run();
    transaction.commit();
  }
  f.outbox_row(f.db.last_insert_id(), std::nullopt);  // a link to the newest

  int commits = 0;
  int asked = 0;
  f.db.set_statement_hook([&](std::string_view sql) { commits += sql == "COMMIT"; });
  // Time for one batch only.
  RetentionDone done = run_retention(f.db, f.config, nullptr, [&] { return ++asked > 1; });
  CHECK(done.inbox == kRetentionBatch);
  CHECK(done.more);
  CHECK(commits == 1);
  commits = 0;
  done = run_retention(f.db, f.config, nullptr);
  f.db.set_statement_hook(nullptr);
  CHECK(done.inbox == kRetentionBatch + 2);  // all but the newest
  CHECK_FALSE(done.more);
  CHECK(commits >= 2);
  CHECK(f.count("inbox") == 1);
}

TEST_CASE("with nothing due retention only reads: no transaction, no write", "[retention]") {
  Fixture f;
  f.inbox_row("d1", 1);
  f.inbox_row("d2", 2);
  f.outbox_row(1, 1);
  f.outbox_row(std::nullopt, std::nullopt);
  bool wrote = false;
  f.db.set_statement_hook([&](std::string_view sql) {
    wrote = wrote || sql.starts_with("BEGIN") || sql.starts_with("DELETE") || sql.starts_with("UPDATE") ||
            sql.starts_with("PRAGMA incremental_vacuum");
  });
  CHECK(run_retention(f.db, f.config, nullptr).rows() == 0);
  f.db.set_statement_hook(nullptr);
  CHECK_FALSE(wrote);
}

TEST_CASE("after deleting, the SQLite file gives the freed pages back", "[retention]") {
  if (pbem::test::on_postgres()) return;  // PostgreSQL's autovacuum keeps its space
  Fixture f;
  FileSpace space(f.db);
  REQUIRE(space.can_shrink());  // a new database has incremental auto-vacuum
  const std::string board(20000, 'x');  // a board mail with its picture, roughly
  for (int i = 0; i < 40; ++i) f.outbox_row(std::nullopt, 100, board);
  f.outbox_row(std::nullopt, 1, board);
  auto pages = [&] {
    auto query = f.db.prepare("PRAGMA page_count");
    query.step();
    return query.column_int(0);
  };
  const auto before = pages();
  const RetentionDone done = run_retention(f.db, f.config, nullptr);
  CHECK(done.outbox == 40);
  CHECK(done.pages > 40 * 4);
  CHECK(space.free_pages() == 0);
  CHECK(pages() == before - done.pages);
  CHECK(pages() < before / 2);
}

TEST_CASE("an older SQLite database without auto-vacuum is converted by one VACUUM", "[retention]") {
  if (pbem::test::on_postgres()) return;
  TempDir dir;
  const auto file = dir.path() / "old.sqlite";
  {
    // As a pbem before schema 018 made it: no auto_vacuum.
    Database db(file);
    db.exec("PRAGMA auto_vacuum = NONE");
    db.exec("VACUUM");
    migrate(db);
    REQUIRE_FALSE(FileSpace(db).can_shrink());
  }
  Database db(file);
  FileSpace space(db);
  CHECK_FALSE(space.can_shrink());  // opening it changes nothing
  CHECK(space.shrink(100) == 0);
  CHECK(space.enable_shrinking());
  CHECK(space.can_shrink());
  CHECK_FALSE(space.enable_shrinking());  // once
  CHECK(schema_version(db) == known_migrations().back().version);
}
