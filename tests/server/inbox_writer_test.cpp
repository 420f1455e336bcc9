// The daemon's storage thread against a real database file, locked by another connection
// the way another process would hold it.
#include <catch2/catch.hpp>

#include <future>
#include <thread>
#include <vector>
#include <string>

#include "mail/smtp_asio.h"
#include "server/support/config.h"
#include "server/storage/database.h"
#include "server/pipeline/inbox_writer.h"
#include "server/storage/migrations.h"
#include "temp_dir.h"

using namespace pbem::server;
using pbem::test::TempDir;
namespace asio = pbem::mail::asio;

namespace {

const std::string kMessage =
    "From: alice@example.org\r\nTo: pbem@localhost\r\nSubject: help\r\n"
    "Message-ID: <writer-1@example.org>\r\n\r\nhello\r\n";

std::int64_t inbox_rows(Database& db) {
  auto query = db.prepare("SELECT count(*) FROM inbox");
  REQUIRE(query.step());
  return query.column_int(0);
}

// store() on the writer's own thread, as SmtpServer calls it.
pbem::mail::SinkVerdict store_on_writer(InboxWriter& writer, const std::string& data) {
  std::promise<pbem::mail::SinkVerdict> verdict;
  asio::post(writer.executor(), [&] {
    pbem::mail::Envelope envelope;
    envelope.mail_from = "alice@example.org";
    verdict.set_value(writer.store(envelope, data));
  });
  return verdict.get_future().get();
}

}  // namespace

TEST_CASE("the inbox writer stores a message and reports it", "[inbox_writer]") {
  TempDir dir;
  const Config config = default_config(dir.path());
  Database db(config.database);
  migrate(db);
  std::vector<ReceiveStatus> reported;
  {
    InboxWriter writer(config, [&](ReceiveStatus status) { reported.push_back(status); });
    CHECK(store_on_writer(writer, kMessage) == pbem::mail::SinkVerdict::Stored);
    CHECK(store_on_writer(writer, kMessage) == pbem::mail::SinkVerdict::Stored);  // a second copy
  }
  CHECK(inbox_rows(db) == 1);
  // The second copy finds the first still waiting for the processor.
  CHECK(reported == std::vector<ReceiveStatus>{ReceiveStatus::Stored, ReceiveStatus::Pending});
}

TEST_CASE("a database locked past the retry window gives a temporary failure, storing nothing",
          "[inbox_writer]") {
  TempDir dir;
  const Config config = default_config(dir.path());
  Database db(config.database);
  migrate(db);
  // No retry window: one attempt, which waits out the connection's busy timeout.
  InboxWriter writer(config, nullptr, std::chrono::milliseconds(0));
  {
    Database locker(config.database);
    locker.exec("BEGIN EXCLUSIVE");
    CHECK(store_on_writer(writer, kMessage) == pbem::mail::SinkVerdict::TemporaryFailure);
    locker.exec("ROLLBACK");
  }
  CHECK(inbox_rows(db) == 0);
  // Once the lock is gone, the client's retry is stored.
  CHECK(store_on_writer(writer, kMessage) == pbem::mail::SinkVerdict::Stored);
  CHECK(inbox_rows(db) == 1);
}

TEST_CASE("a lock released within the retry window: the message is stored", "[inbox_writer]") {
  TempDir dir;
  const Config config = default_config(dir.path());
  Database db(config.database);
  migrate(db);
  InboxWriter writer(config, nullptr, std::chrono::seconds(60));
  Database locker(config.database);
  locker.set_busy_timeout(std::chrono::milliseconds(0));
  locker.exec("BEGIN EXCLUSIVE");
  auto verdict = std::async(std::launch::async, [&] { return store_on_writer(writer, kMessage); });
  // Released long before the window ends (the writer's first attempt waits its busy
  // timeout); the bound below only keeps a broken writer from hanging the test.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  locker.exec("ROLLBACK");
  REQUIRE(verdict.wait_for(std::chrono::seconds(120)) == std::future_status::ready);
  CHECK(verdict.get() == pbem::mail::SinkVerdict::Stored);
  CHECK(inbox_rows(db) == 1);
}

TEST_CASE("stop_waiting() ends the retries at once with a temporary failure", "[inbox_writer]") {
  TempDir dir;
  const Config config = default_config(dir.path());
  Database db(config.database);
  migrate(db);
  InboxWriter writer(config, nullptr, std::chrono::hours(1));
  Database locker(config.database);
  locker.exec("BEGIN EXCLUSIVE");
  auto verdict = std::async(std::launch::async, [&] { return store_on_writer(writer, kMessage); });
  writer.stop_waiting();
  // With an hour's window, only stop_waiting() can end this; the bound keeps a broken
  // writer from hanging the test.
  REQUIRE(verdict.wait_for(std::chrono::seconds(120)) == std::future_status::ready);
  CHECK(verdict.get() == pbem::mail::SinkVerdict::TemporaryFailure);
  locker.exec("ROLLBACK");
  CHECK(inbox_rows(db) == 0);
}

TEST_CASE("messages that arrive while a commit waits are stored together in one transaction", "[inbox_writer]") {
  TempDir dir;
  const Config config = default_config(dir.path());
  Database db(config.database);
  migrate(db);
  constexpr int kCount = 20;
  std::vector<std::promise<pbem::mail::SinkVerdict>> verdicts(kCount);
  {
    InboxWriter writer(config, nullptr);
    {
      // Another process holds the write lock: the first store waits for it, and the other
      // messages queue behind it meanwhile, as concurrent SMTP sessions' messages would.
      Database locker(config.database);
      locker.exec("BEGIN IMMEDIATE");
      for (int n = 0; n < kCount; ++n)
        asio::post(writer.executor(), [&writer, &verdicts, n] {
          pbem::mail::Envelope envelope;
          envelope.mail_from = "alice@example.org";
          verdicts[static_cast<std::size_t>(n)].set_value(writer.store(
              envelope, "From: alice@example.org\r\nTo: pbem@localhost\r\nSubject: help\r\nMessage-ID: <group-" +
                            std::to_string(n) + "@example.org>\r\n\r\nhello\r\n"));
        });
      // Setup, not a measurement: time for the posted stores to reach the queue.
      std::this_thread::sleep_for(std::chrono::seconds(1));
      locker.exec("ROLLBACK");
    }
    for (auto& verdict : verdicts) CHECK(verdict.get_future().get() == pbem::mail::SinkVerdict::Stored);
    // The first store's own transaction, then one for everything that queued behind it.
    CHECK(writer.commits() < kCount / 2);
  }
  CHECK(inbox_rows(db) == kCount);
}
