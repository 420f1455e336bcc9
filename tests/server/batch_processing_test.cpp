// Group commit on the processing side (issue 15): pending messages are carried out in one
// transaction, one savepoint each (up to kBatchSize, or until the transaction has held the
// write lock for kBatchTime), so a batch costs one fsync and a refused command undoes only
// itself.
#include <catch2/catch.hpp>

#include <vector>

#include "server/pipeline/mail_service.h"
#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/storage/inbox.h"
#include "server/storage/migrations.h"
#include "server/storage/outbox.h"
#include "server/support/config.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {
std::string mail(const std::string& from, const std::string& subject, int n) {
  return pbem::test::plain_mail(from, subject, "batch-" + std::to_string(n));
}
}  // namespace

TEST_CASE("a batch is one transaction, and a refused command in it undoes only itself", "[batch]") {
  pbem::test::ServiceFixture f;
  Database& db = f.db;
  MailService& service = f.service;
  service.receive(mail("dora@example.org", "signup dora pw-dora", 1), std::nullopt);
  service.receive(mail("dora@example.org", "signoff dora wrong-password", 2), std::nullopt);  // refused
  service.receive(mail("erin@example.org", "signup erin pw-erin", 3), std::nullopt);
  service.receive(mail("erin@example.org", "help", 4), std::nullopt);
  service.receive(mail("erin@example.org", "nonsense here", 5), std::nullopt);  // refused

  int commits = 0;
  db.set_statement_hook([&](std::string_view sql) { commits += sql == "COMMIT"; });
  CHECK(service.process_pending() == 5);
  db.set_statement_hook(nullptr);
  // A signup hashes its password inside the transaction (~0.1 s), longer than a batch may
  // hold the write lock (kBatchTime), so the batch is cut after it; the cheap ones share.
  CHECK(commits >= 1);
  CHECK(commits < 5);

  CHECK(Inbox(db).pending().empty());
  Accounts accounts(db);
  CHECK(accounts.find("dora"));
  CHECK(accounts.find("dora")->active);  // the refused signoff changed nothing
  CHECK(accounts.find("erin"));
  CHECK(Outbox(db).queued().size() == 5);  // every message answered, the refused ones with their error
}

TEST_CASE("more pending messages than a batch holds are carried out in several batches, in order", "[batch]") {
  pbem::test::ServiceFixture f;
  Database& db = f.db;
  MailService& service = f.service;
  const int count = static_cast<int>(MailService::kBatchSize) + 3;
  for (int n = 0; n < count; ++n) service.receive(mail("f" + std::to_string(n) + "@example.org", "help", n), std::nullopt);
  // Messages (savepoints) per transaction: kBatchSize at most, fewer when kBatchTime runs
  // out first; how many fewer depends on the machine's speed, so only the bound is checked.
  std::vector<std::size_t> per_commit{0};
  db.set_statement_hook([&](std::string_view sql) {
    if (sql.starts_with("SAVEPOINT ")) ++per_commit.back();
    if (sql == "COMMIT") per_commit.push_back(0);
  });
  CHECK(service.process_pending() == count);
  db.set_statement_hook(nullptr);
  per_commit.pop_back();
  CHECK(per_commit.size() >= 2);
  for (std::size_t messages : per_commit) CHECK(messages <= MailService::kBatchSize);
  const auto queued = Outbox(db).queued();
  REQUIRE(queued.size() == static_cast<std::size_t>(count));
  for (int n = 0; n < count; ++n) CHECK(queued[static_cast<std::size_t>(n)].recipient == "f" + std::to_string(n) + "@example.org");
}
