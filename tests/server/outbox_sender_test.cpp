// The outbox sender against a real database, with a transport that fails the way the
// network never does: it throws (std::bad_alloc, or something that is no exception class
// at all). The sender must count that as a temporary failure of one message and go on.
#include <catch2/catch.hpp>

#include <new>
#include <string>
#include <vector>

#include "mail/outgoing_message.h"
#include "server/support/config.h"
#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "server/storage/outbox.h"
#include "server/pipeline/outbox_sender.h"
#include "temp_dir.h"

using namespace pbem::server;
namespace asio = pbem::mail::asio;
using pbem::test::TempDir;

namespace {

// Throws for the first `failures` messages it is given, then delivers.
class ThrowingTransport : public Transport {
 public:
  ThrowingTransport(int failures, bool throw_non_exception, std::vector<std::string>& delivered)
      : failures_(failures), throw_non_exception_(throw_non_exception), delivered_(delivered) {}
  asio::awaitable<pbem::mail::DeliveryResult> deliver(std::size_t, std::string, std::vector<std::string> recipients,
                                                      std::string) override {
    if (failures_ > 0) {
      --failures_;
      if (throw_non_exception_) throw 42;
      throw std::bad_alloc();
    }
    delivered_.push_back(recipients.front());
    co_return pbem::mail::DeliveryResult{pbem::mail::DeliveryStatus::Delivered, "250 OK", {}};
  }

 private:
  int failures_;
  bool throw_non_exception_;
  std::vector<std::string>& delivered_;
};

void enqueue(Database& db, const std::string& recipient, const std::string& id) {
  pbem::mail::OutgoingMessage message;
  message.from_name = "PBeM Server";
  message.from_address = "pbem@localhost";
  message.to = {recipient};
  message.subject = "hello";
  message.message_id = id + "@localhost";
  message.text = "hello\n";
  message.date = std::chrono::system_clock::now();
  Transaction transaction(db);
  Outbox(db).enqueue(message, pbem::mail::compose(message), "pbem@localhost", std::nullopt, std::nullopt,
                     MailKind::Reply, std::nullopt);
  transaction.commit();
}

struct Row {
  std::string state;
  int attempts;
  std::string last_error;
};

Row row(Database& db, const std::string& recipient) {
  auto query = db.prepare("SELECT state, attempts, coalesce(last_error, '') FROM outbox WHERE recipient = ?");
  query.bind(1, recipient);
  REQUIRE(query.step());
  return {query.column_text(0), static_cast<int>(query.column_int(1)), query.column_text(2)};
}

// One pass of send_due on a private io_context; rethrows what escaped it.
std::size_t send_due(OutboxSender& sender, asio::io_context& io, Database& db) {
  std::size_t attempted = 0;
  std::exception_ptr escaped;
  asio::co_spawn(
      io, [&]() -> asio::awaitable<void> { attempted = co_await sender.send_due(db); },
      [&](std::exception_ptr error) { escaped = error; });
  io.restart();
  io.run();
  if (escaped) std::rethrow_exception(escaped);
  return attempted;
}

}  // namespace

TEST_CASE("an exception from the transport fails that message temporarily; the others go",
          "[outbox][sender]") {
  TempDir dir;
  Config config = default_config(dir.path());
  config.outbox.initial_retry_seconds = std::chrono::seconds(0);  // due again at once
  config.outbox.max_retry_seconds = std::chrono::seconds(0);
  Database db(config.database);
  migrate(db);
  enqueue(db, "alice@example.org", "m1");
  enqueue(db, "bob@example.org", "m2");

  const bool throw_non_exception = GENERATE(false, true);
  INFO((throw_non_exception ? "throws an int" : "throws std::bad_alloc"));
  std::vector<std::string> delivered;
  asio::io_context io;
  OutboxSender sender(io, config, std::make_unique<ThrowingTransport>(1, throw_non_exception, delivered));

  REQUIRE_NOTHROW(send_due(sender, io, db) == 2);
  const Row alice = row(db, "alice@example.org");
  CHECK(alice.state == "queued");
  CHECK(alice.attempts == 1);
  CHECK_THAT(alice.last_error, Catch::Contains("internal error while sending"));
  CHECK(delivered == std::vector<std::string>{"bob@example.org"});
  CHECK(row(db, "bob@example.org").state == "sent");

  // The retry goes out.
  CHECK(send_due(sender, io, db) == 1);
  CHECK(row(db, "alice@example.org").state == "sent");
  CHECK(delivered == std::vector<std::string>{"bob@example.org", "alice@example.org"});
}

TEST_CASE("the sender loop keeps running after exceptions and delivers in the end",
          "[outbox][sender]") {
  TempDir dir;
  Config config = default_config(dir.path());
  config.outbox.initial_retry_seconds = std::chrono::seconds(0);
  config.outbox.max_retry_seconds = std::chrono::seconds(0);
  config.outbox.max_attempts = 100;
  Database db(config.database);
  migrate(db);
  enqueue(db, "alice@example.org", "m1");

  std::vector<std::string> delivered;
  asio::io_context io;
  OutboxSender sender(io, config, std::make_unique<ThrowingTransport>(3, false, delivered));
  sender.start();
  // Stop as soon as it has been delivered; the bound only keeps a broken sender from hanging.
  asio::steady_timer poll(io);
  std::function<void()> check = [&] {
    if (!delivered.empty()) {
      sender.stop();
      return;
    }
    poll.expires_after(std::chrono::milliseconds(50));
    poll.async_wait([&](const boost::system::error_code&) { check(); });
  };
  check();
  io.run_for(std::chrono::seconds(60));
  CHECK(delivered == std::vector<std::string>{"alice@example.org"});
  CHECK(row(db, "alice@example.org").state == "sent");
  CHECK(row(db, "alice@example.org").attempts == 4);  // three failures, then the delivery
}

TEST_CASE("smarthost settings that would send the password in clear text are refused",
          "[outbox][smarthost][security]") {
  SmarthostConfig smarthost;
  smarthost.host = "mail.example.org";
  smarthost.username = "robot";
  smarthost.password = "s3cret";
  const auto problem = smarthost_security_problem(smarthost);
  REQUIRE(problem);
  CHECK_THAT(*problem, Catch::Contains("smarthost.starttls") && Catch::Contains("mail.example.org") &&
                           Catch::Contains("allow_plaintext_auth"));

  SmarthostConfig with_tls = smarthost;
  with_tls.starttls = true;
  CHECK_FALSE(smarthost_security_problem(with_tls));
  SmarthostConfig allowed = smarthost;
  allowed.allow_plaintext_auth = true;
  CHECK_FALSE(smarthost_security_problem(allowed));
  SmarthostConfig loopback = smarthost;
  loopback.host = "127.0.0.1";
  CHECK_FALSE(smarthost_security_problem(loopback));
  SmarthostConfig no_auth = smarthost;
  no_auth.username.reset();
  no_auth.password.reset();
  CHECK_FALSE(smarthost_security_problem(no_auth));
}

TEST_CASE("certificate verification 'auto' means on except for a loopback smarthost",
          "[outbox][smarthost][security]") {
  TempDir dir;
  Config config = default_config(dir.path());
  CHECK_FALSE(smarthost_client_config(config).verify_certificate);  // 127.0.0.1
  config.smarthost.host = "localhost";
  CHECK_FALSE(smarthost_client_config(config).verify_certificate);
  config.smarthost.host = "mail.example.org";
  CHECK(smarthost_client_config(config).verify_certificate);
  CHECK_FALSE(smarthost_client_config(config).allow_plaintext_auth);
  config.smarthost.verify_certificate = false;
  CHECK_FALSE(smarthost_client_config(config).verify_certificate);
  config.smarthost.host = "127.0.0.1";
  config.smarthost.verify_certificate = true;
  CHECK(smarthost_client_config(config).verify_certificate);
  CHECK(smarthost_client_config(config).allow_plaintext_auth);  // loopback never leaves the machine
}

TEST_CASE("mails are delivered in groups, each group marked in one transaction", "[outbox][sender]") {
  TempDir dir;
  Config config = default_config(dir.path());
  Database db(config.database);
  migrate(db);
  const std::size_t count = OutboxSender::kParallelDeliveries + 2;
  for (std::size_t n = 0; n < count; ++n)
    enqueue(db, "user" + std::to_string(n) + "@example.org", "g" + std::to_string(n));
  std::vector<std::string> delivered;
  asio::io_context io;
  OutboxSender sender(io, config, std::make_unique<ThrowingTransport>(0, false, delivered));
  int commits = 0;
  db.set_statement_hook([&](std::string_view sql) { commits += sql == "COMMIT"; });
  CHECK(send_due(sender, io, db) == count);
  db.set_statement_hook(nullptr);
  CHECK(commits == 2);  // a full group and the rest: one fsync each, not one a mail
  CHECK(delivered.size() == count);
  for (std::size_t n = 0; n < count; ++n) CHECK(row(db, "user" + std::to_string(n) + "@example.org").state == "sent");
}

TEST_CASE("a group delivered while the database is busy is marked later, never sent again", "[outbox][sender]") {
  TempDir dir;
  Config config = default_config(dir.path());
  Database db(config.database);
  migrate(db);
  enqueue(db, "alice@example.org", "b1");
  enqueue(db, "bob@example.org", "b2");
  std::vector<std::string> delivered;
  asio::io_context io;
  OutboxSender sender(io, config, std::make_unique<ThrowingTransport>(0, false, delivered));
  constexpr int kSqliteBusy = 5;
  bool busy = true;  // the marking transaction of the first pass fails
  db.set_statement_hook([&](std::string_view sql) {
    if (busy && sql.find("UPDATE outbox SET state = 'sent'") != std::string_view::npos)
      throw DatabaseError(kSqliteBusy, "database is locked");
  });
  CHECK(send_due(sender, io, db) == 2);
  CHECK(delivered.size() == 2);
  CHECK(row(db, "alice@example.org").state == "queued");  // rolled back together
  CHECK(row(db, "bob@example.org").state == "queued");
  busy = false;
  CHECK(send_due(sender, io, db) == 0);  // remembered as delivered: recorded, not sent again
  db.set_statement_hook(nullptr);
  CHECK(delivered.size() == 2);
  CHECK(row(db, "alice@example.org").state == "sent");
  CHECK(row(db, "bob@example.org").state == "sent");
}
