// Sent mail is not kept forever (issue 26; spec "Limits that keep the server from being
// used against others"): once delivered or failed for good an outbox row keeps its
// metadata (recipient, Subject, Message-ID, kind, times) but its text only for
// outbox.keep_sent_days, and a confirmation request's text, which holds a clear code, goes
// in the transaction that settles it. On both engines (the postgres_storage entry reruns
// this file on PostgreSQL).
#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "mail/outgoing_message.h"
#include "server/pipeline/outbox_sender.h"
#include "server/storage/database.h"
#include "server/storage/mail_kind.h"
#include "server/storage/migrations.h"
#include "server/storage/outbox.h"
#include "server/support/clock.h"
#include "server/support/config.h"
#include "temp_dir.h"
#include "test_database.h"

using namespace pbem::server;
namespace asio = pbem::mail::asio;
using pbem::test::TempDir;

namespace {

constexpr const char* kCode = "k7q2m9x4ab";  // what a confirmation request carries in clear

struct Fixture {
  TempDir dir;
  Database db{pbem::test::test_database(dir.path())};
  Fixture() { migrate(db); }

  std::int64_t enqueue(const std::string& recipient, const std::string& id, MailKind kind,
                       const std::string& subject = "Welcome, alice") {
    pbem::mail::OutgoingMessage message;
    message.from_name = "PBeM Server";
    message.from_address = "pbem@localhost";
    message.to = {recipient};
    message.subject = subject;
    message.message_id = id + "@localhost";
    message.text = std::string("To confirm, send\n\n    confirm alice ") + kCode + "\n";
    message.date = std::chrono::system_clock::now();
    Transaction transaction(db);
    Outbox(db).enqueue(message, pbem::mail::compose(message), "pbem@localhost", std::nullopt, std::nullopt, kind,
                       std::nullopt);
    transaction.commit();
    auto query = db.prepare("SELECT id FROM outbox WHERE message_id = ?");
    query.bind(1, id + "@localhost");
    REQUIRE(query.step());
    return query.column_int(0);
  }

  // The stored text of row `id` (outbox_texts, schema 021), "" once it is gone.
  std::string data(std::int64_t id) {
    auto query = db.prepare("SELECT t.data FROM outbox o LEFT JOIN outbox_texts t ON t.outbox_id = o.id WHERE o.id = ?");
    query.bind(1, id);
    REQUIRE(query.step());
    return query.column_is_null(0) ? std::string() : query.column_blob(0);
  }

  // One column of row `id` as text, "NULL" for NULL.
  std::string column(std::int64_t id, const std::string& name) {
    auto query = db.prepare("SELECT " + name + " FROM outbox WHERE id = ?");
    query.bind(1, id);
    REQUIRE(query.step());
    return query.column_is_null(0) ? "NULL" : query.column_text(0);
  }

  void settled_days_ago(std::int64_t id, int days) {
    auto update = db.prepare("UPDATE outbox SET settled_at = ? WHERE id = ?");
    update.bind(1, iso8601(std::chrono::system_clock::now() - std::chrono::days(days))).bind(2, id);
    update.run();
  }
};

void mark_sent(Database& db, std::int64_t id) {
  Transaction transaction(db);
  Outbox(db).mark_sent(id);
  transaction.commit();
}

}  // namespace

TEST_CASE("a confirmation request loses its text in the transaction that settles it; its metadata stays",
          "[outbox][retention]") {
  Fixture f;
  const auto sent = f.enqueue("alice@example.org", "c1", MailKind::Confirmation);
  const auto failed = f.enqueue("nobody@example.org", "c2", MailKind::Confirmation, "Confirm your address");
  const auto reply = f.enqueue("alice@example.org", "r1", MailKind::Reply, "Address confirmed");
  REQUIRE_THAT(f.data(sent), Catch::Contains(kCode));

  {
    // Rolled back: the text is still there, so it goes with the mark, not before it.
    Transaction transaction(f.db);
    Outbox(f.db).mark_sent(sent);
  }
  CHECK_THAT(f.data(sent), Catch::Contains(kCode));
  CHECK(f.column(sent, "state") == "queued");

  mark_sent(f.db, sent);
  {
    Transaction transaction(f.db);
    Outbox(f.db).mark_failed(failed, "550 no such user");
    transaction.commit();
  }
  mark_sent(f.db, reply);

  for (const auto id : {sent, failed}) {
    INFO("row " << id);
    CHECK(f.data(id).empty());
    CHECK(f.column(id, "kind") == "confirmation");
    CHECK(f.column(id, "settled_at") != "NULL");
    CHECK(f.column(id, "text_cleared_at") == f.column(id, "settled_at"));
    CHECK(f.column(id, "created_at") != "NULL");
  }
  CHECK(f.column(sent, "state") == "sent");
  CHECK(f.column(sent, "recipient") == "alice@example.org");
  CHECK(f.column(sent, "message_id") == "c1@localhost");
  CHECK(f.column(sent, "subject") == "Welcome, alice");
  CHECK(f.column(sent, "sent_at") == f.column(sent, "settled_at"));
  CHECK(f.column(failed, "state") == "failed");
  CHECK(f.column(failed, "subject") == "Confirm your address");
  CHECK(f.column(failed, "last_error") == "550 no such user");
  // Any other mail keeps its text for now.
  CHECK_THAT(f.data(reply), Catch::Contains("Subject: Address confirmed"));
  CHECK(f.column(reply, "text_cleared_at") == "NULL");
  CHECK(f.column(reply, "settled_at") != "NULL");
}

TEST_CASE("settled mail keeps its text outbox.keep_sent_days, then only its metadata", "[outbox][retention]") {
  Fixture f;
  const auto old_reply = f.enqueue("alice@example.org", "r1", MailKind::Reply, "Re: hy3 show 1");
  const auto old_game = f.enqueue("bob@example.org", "g1", MailKind::Game, "HY 3 #1: bob to move");
  const auto recent = f.enqueue("bob@example.org", "g2", MailKind::Game, "HY 3 #1: alice to move");
  const auto queued = f.enqueue("carol@example.org", "q1", MailKind::Reply, "Help");
  for (const auto id : {old_reply, old_game, recent}) mark_sent(f.db, id);
  {
    Transaction transaction(f.db);
    Outbox(f.db).mark_failed(old_game, "550 gone");  // settled as failed: the same rule
    transaction.commit();
  }
  f.settled_days_ago(old_reply, 8);
  f.settled_days_ago(old_game, 9);
  f.settled_days_ago(recent, 6);

  Config config;
  config.outbox.keep_sent_days = 7;
  CHECK(clear_old_texts(f.db, config.outbox) == 2);
  for (const auto id : {old_reply, old_game}) {
    INFO("row " << id);
    CHECK(f.data(id).empty());
    CHECK(f.column(id, "text_cleared_at") != "NULL");
  }
  CHECK(f.column(old_reply, "recipient") == "alice@example.org");
  CHECK(f.column(old_reply, "subject") == "Re: hy3 show 1");
  CHECK(f.column(old_reply, "message_id") == "r1@localhost");
  CHECK(f.column(old_reply, "kind") == "reply");
  CHECK(f.column(old_reply, "state") == "sent");
  CHECK(f.column(old_game, "subject") == "HY 3 #1: bob to move");
  CHECK(f.column(old_game, "state") == "failed");
  CHECK_FALSE(f.data(recent).empty());
  CHECK_FALSE(f.data(queued).empty());  // never settled: never touched
  CHECK(f.column(queued, "settled_at") == "NULL");

  // Nothing more is due; a shorter keep_sent_days takes the rest of the settled ones.
  CHECK(clear_old_texts(f.db, config.outbox) == 0);
  config.outbox.keep_sent_days = 0;
  CHECK(clear_old_texts(f.db, config.outbox) == 1);
  CHECK(f.data(recent).empty());
  CHECK_FALSE(f.data(queued).empty());

  // The queue and its readers still work after clearing.
  const auto due = Outbox(f.db).queued();
  REQUIRE(due.size() == 1);
  CHECK(due[0].id == queued);
  CHECK_THAT(due[0].data, Catch::Contains("Subject: Help"));
}

TEST_CASE("the clearing pass goes in bounded batches and stops at its limit", "[outbox][retention]") {
  Fixture f;
  std::vector<std::int64_t> ids;
  for (int n = 0; n < 7; ++n) {
    ids.push_back(f.enqueue("user" + std::to_string(n) + "@example.org", "b" + std::to_string(n), MailKind::Game));
    mark_sent(f.db, ids.back());
    f.settled_days_ago(ids.back(), 30 - n);  // the oldest first
  }
  const auto cutoff = std::chrono::system_clock::now();
  CHECK(Outbox(f.db).clear_settled_texts(cutoff, 3) == 3);
  CHECK(f.data(ids[0]).empty());
  CHECK(f.data(ids[2]).empty());
  CHECK_FALSE(f.data(ids[3]).empty());

  Config config;
  CHECK(clear_old_texts(f.db, config.outbox, 2) == 2);  // a pbemd round's cap
  CHECK(clear_old_texts(f.db, config.outbox) == 2);     // the rest
  for (const auto id : ids) CHECK(f.data(id).empty());
}

TEST_CASE("the clearing pass only reads an index when nothing is due, and writes nothing", "[outbox][retention]") {
  Fixture f;
  const auto id = f.enqueue("alice@example.org", "r1", MailKind::Reply);
  mark_sent(f.db, id);
  std::vector<std::string> statements;
  f.db.set_statement_hook([&](std::string_view sql) { statements.emplace_back(sql); });
  Config config;
  CHECK(clear_old_texts(f.db, config.outbox) == 0);
  f.db.set_statement_hook(nullptr);
  REQUIRE_FALSE(statements.empty());
  for (const auto& sql : statements) {
    INFO(sql);
    CHECK(sql.rfind("SELECT", 0) == 0);  // no UPDATE, no BEGIN: no write lock taken
  }
  if (f.db.dialect() != Dialect::sqlite) return;
  // SQLite's plan for the look: the partial index on settled_at, not a scan of the table.
  for (const auto& sql : statements) {
    auto plan = f.db.prepare("EXPLAIN QUERY PLAN " + sql);
    plan.bind(1, "2000-01-01T00:00:00Z");
    std::string steps;
    while (plan.step()) steps += plan.column_text(3) + "\n";
    INFO(steps);
    CHECK_THAT(steps, Catch::Contains("outbox_text_kept"));
    CHECK_THAT(steps, !Catch::Contains("SCAN outbox"));
  }
}

TEST_CASE("the sender clears a delivered confirmation's text with the mark of its group", "[outbox][retention][sender]") {
  Fixture f;
  const auto confirmation = f.enqueue("alice@example.org", "c1", MailKind::Confirmation);
  const auto reply = f.enqueue("bob@example.org", "r1", MailKind::Reply);

  class Delivering : public Transport {
   public:
    asio::awaitable<pbem::mail::DeliveryResult> deliver(std::size_t, std::string, std::vector<std::string>,
                                                        std::string data) override {
      CHECK_THAT(data, Catch::Contains(kCode));  // what goes out is the whole mail
      co_return pbem::mail::DeliveryResult{pbem::mail::DeliveryStatus::Delivered, "250 OK", {}};
    }
  };
  Config config = default_config(f.dir.path());
  config.database = f.db.file();
  asio::io_context io;
  OutboxSender sender(io, config, std::make_unique<Delivering>());
  std::size_t attempted = 0;
  asio::co_spawn(io, [&]() -> asio::awaitable<void> { attempted = co_await sender.send_due(f.db); }, asio::detached);
  io.run();
  CHECK(attempted == 2);
  CHECK(f.column(confirmation, "state") == "sent");
  CHECK(f.data(confirmation).empty());
  CHECK(f.column(reply, "state") == "sent");
  CHECK_THAT(f.data(reply), Catch::Contains(kCode));  // a reply's text stays keep_sent_days
}

TEST_CASE("migration 012 gives older rows their Subject and settling time, and empties sent confirmations",
          "[outbox][retention][migrations]") {
  TempDir dir;
  Database db(pbem::test::test_database(dir.path()));
  std::vector<Migration> before;
  for (const auto& migration : known_migrations(db))
    if (migration.version < 12) before.push_back(migration);
  migrate(db, before);

  // Rows as a pbem before 012 wrote them: the Subject only in the composed header.
  auto insert = [&](const std::string& id, const std::string& kind, const std::string& state,
                    const std::optional<std::string>& sent_at, const std::string& subject) {
    pbem::mail::OutgoingMessage message;
    message.from_name = "PBeM Server";
    message.from_address = "pbem@localhost";
    message.to = {"alice@example.org"};
    message.subject = subject;
    message.message_id = id + "@localhost";
    message.text = std::string("confirm alice ") + kCode + "\n";
    message.date = std::chrono::system_clock::now();
    auto row = db.prepare(
        "INSERT INTO outbox (message_id, envelope_from, recipient, data, state, attempts, next_attempt_at, "
        "created_at, sent_at, kind) VALUES (?, 'pbem@localhost', 'alice@example.org', ?, ?, 1, "
        "'2026-01-02T03:04:05Z', '2026-01-01T00:00:00Z', ?, ?)");
    row.bind(1, message.message_id).bind_blob(2, pbem::mail::compose(message)).bind(3, state);
    row.bind(4, sent_at).bind(5, kind);
    row.run();
  };
  const std::string long_subject =
      "HY 3 #12: a subject long enough that the header is folded across two lines by the composer, "
      "as GMime does past 78 columns";
  insert("a", "confirmation", "sent", "2026-01-03T00:00:00Z", "Welcome, alice");
  insert("b", "confirmation", "queued", std::nullopt, "Confirm your address for alice at Test");
  insert("c", "game", "sent", "2026-01-03T00:00:00Z", long_subject);
  insert("d", "reply", "failed", std::nullopt, "Re: hy3 show 1");
  migrate(db);

  auto value = [&](const std::string& id, const std::string& column) {
    auto query = db.prepare("SELECT " + column + " FROM outbox WHERE message_id = ?");
    query.bind(1, id + "@localhost");
    REQUIRE(query.step());
    return query.column_is_null(0) ? std::string("NULL") : query.column_text(0);
  };
  auto data = [&](const std::string& id) {
    auto query = db.prepare(
        "SELECT t.data FROM outbox o LEFT JOIN outbox_texts t ON t.outbox_id = o.id WHERE o.message_id = ?");
    query.bind(1, id + "@localhost");
    REQUIRE(query.step());
    return query.column_is_null(0) ? std::string() : query.column_blob(0);
  };
  CHECK(value("a", "subject") == "Welcome, alice");
  CHECK(value("b", "subject") == "Confirm your address for alice at Test");
  CHECK(value("c", "subject") == long_subject);
  CHECK(value("d", "subject") == "Re: hy3 show 1");
  CHECK(value("a", "settled_at") == "2026-01-03T00:00:00Z");
  CHECK(value("b", "settled_at") == "NULL");
  CHECK(value("c", "settled_at") == "2026-01-03T00:00:00Z");
  CHECK(value("d", "settled_at") == "2026-01-02T03:04:05Z");  // a failed row: its last attempt
  // The code of the confirmation already sent is gone now; the one still queued is kept to go out.
  CHECK(data("a").empty());
  CHECK(value("a", "text_cleared_at") != "NULL");
  CHECK_THAT(data("b"), Catch::Contains(kCode));
  CHECK_FALSE(data("c").empty());
  CHECK(value("c", "text_cleared_at") == "NULL");
  CHECK_FALSE(data("d").empty());
}
