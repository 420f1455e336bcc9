// Address confirmation codes against a real, migrated database.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "mail/address.h"
#include "server/storage/accounts.h"
#include "server/storage/address_confirmations.h"
#include "server/support/clock.h"
#include "server/support/config.h"
#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "temp_dir.h"
#include "test_database.h"

using pbem::server::Accounts;
using pbem::server::AddressConfirmations;
using pbem::server::Database;
using pbem::server::LimitsConfig;
using pbem::test::TempDir;

namespace {

struct Fixture {
  TempDir dir;
  Database db{pbem::test::test_database(dir.path())};
  LimitsConfig limits;
  std::int64_t user_id = 0;

  Fixture() {
    pbem::server::migrate(db);
    Accounts accounts(db);
    user_id = accounts.create("alice", "secret1", {"alice@example.org", "work@example.org"}).id;
  }

  std::string stored_hash(const std::string& address) {
    auto query = db.prepare("SELECT code_hash FROM address_confirmations WHERE address = ?");
    query.bind(1, address);
    return query.step() ? query.column_text(0) : "";
  }

  // Pretends the request was mailed, as the caller does: the daily limit counts these.
  void queue_request(const std::string& address, int n) {
    auto insert = db.prepare(
        "INSERT INTO outbox (message_id, envelope_from, recipient, state, next_attempt_at, created_at, kind, "
        "mailbox) VALUES (?, 'pbem@test.example', ?, 'queued', ?, ?, 'confirmation', ?)");
    const std::string now = pbem::server::now_iso8601();
    insert.bind(1, "request-" + address + "-" + std::to_string(n)).bind(2, address);
    insert.bind(3, now).bind(4, now).bind(5, pbem::mail::canonical_mailbox(address));
    insert.run();
  }
};

}  // namespace

TEST_CASE("a new address is unconfirmed until its code comes back", "[confirmations]") {
  Fixture f;
  Accounts accounts(f.db);
  CHECK(accounts.find("alice")->confirmed.empty());
  AddressConfirmations confirmations(f.db, f.limits);
  auto code = confirmations.issue(f.user_id, "work@example.org");
  REQUIRE(code);
  CHECK(code->size() == 10);
  // Only a hash is stored, bound to the user and the address.
  CHECK(f.stored_hash("work@example.org") == AddressConfirmations::code_hash(f.user_id, "work@example.org", *code));
  CHECK(f.stored_hash("work@example.org").find(*code) == std::string::npos);
  CHECK_FALSE(confirmations.confirm(f.user_id, "wrongcode2"));
  CHECK_FALSE(confirmations.confirm(f.user_id + 1, *code));
  CHECK(confirmations.confirm(f.user_id, *code) == "work@example.org");
  CHECK(accounts.find("alice")->confirmed == std::vector<std::string>{"work@example.org"});
  CHECK_FALSE(confirmations.confirm(f.user_id, *code));  // used up
}

TEST_CASE("an expired code confirms nothing", "[confirmations]") {
  Fixture f;
  AddressConfirmations confirmations(f.db, f.limits);
  auto code = confirmations.issue(f.user_id, "alice@example.org");
  REQUIRE(code);
  f.db.exec("UPDATE address_confirmations SET expires_at = '2000-01-01T00:00:00Z'");
  CHECK_FALSE(confirmations.confirm(f.user_id, *code));
}

TEST_CASE("a new code replaces the earlier one", "[confirmations]") {
  Fixture f;
  AddressConfirmations confirmations(f.db, f.limits);
  auto first = confirmations.issue(f.user_id, "alice@example.org");
  auto second = confirmations.issue(f.user_id, "alice@example.org");
  REQUIRE(first);
  REQUIRE(second);
  if (*first != *second) CHECK_FALSE(confirmations.confirm(f.user_id, *first));
  CHECK(confirmations.confirm(f.user_id, *second) == "alice@example.org");
}

TEST_CASE("at most confirmations_per_address_per_day requests per address", "[confirmations]") {
  Fixture f;
  AddressConfirmations confirmations(f.db, f.limits);
  for (int n = 0; n < f.limits.confirmations_per_address_per_day; ++n) {
    REQUIRE(confirmations.issue(f.user_id, "work@example.org"));
    f.queue_request("work@example.org", n);
  }
  CHECK_FALSE(confirmations.issue(f.user_id, "work@example.org"));
  CHECK(confirmations.issue(f.user_id, "alice@example.org"));  // another address is not affected
}

// Issue 26: the limit counts the mailbox, not the spelling of its address.
TEST_CASE("the per-address confirmation limit counts one mailbox however it is spelled", "[confirmations]") {
  Fixture f;
  AddressConfirmations confirmations(f.db, f.limits);
  const std::vector<std::string> spellings{"Victim@example.org", "victim+1@example.org", "VICTIM+games@EXAMPLE.org"};
  for (std::size_t n = 0; n < spellings.size(); ++n) {
    REQUIRE(confirmations.issue(f.user_id, spellings[n]));
    f.queue_request(spellings[n], static_cast<int>(n));
  }
  CHECK_FALSE(confirmations.issue(f.user_id, "victim@example.org"));
  CHECK_FALSE(confirmations.issue(f.user_id, "victim+2400@example.org"));
  CHECK(confirmations.issue(f.user_id, "victim2@example.org"));
}

TEST_CASE("changing addresses keeps the confirmed ones confirmed", "[confirmations]") {
  Fixture f;
  AddressConfirmations confirmations(f.db, f.limits);
  auto code = confirmations.issue(f.user_id, "alice@example.org");
  REQUIRE(code);
  REQUIRE(confirmations.confirm(f.user_id, *code));
  Accounts accounts(f.db);
  accounts.set_addresses(*accounts.find("alice"), {"new@example.org", "alice@example.org"});
  auto alice = accounts.find("alice");
  CHECK(alice->addresses == std::vector<std::string>{"new@example.org", "alice@example.org"});
  CHECK(alice->confirmed == std::vector<std::string>{"alice@example.org"});
}

TEST_CASE("migration 003 keeps addresses that were in use before it confirmed", "[confirmations]") {
  TempDir dir;
  Database db(dir.path() / "pbem.sqlite");
  auto all = pbem::server::known_migrations();
  REQUIRE(all.front().version == 1);
  pbem::server::migrate(db, all.first(1));
  db.exec("INSERT INTO users (userid, password_hash, created_at) VALUES ('old', 'x', '2026-01-01T00:00:00Z')");
  db.exec("INSERT INTO addresses (user_id, address, position) VALUES (1, 'old@example.org', 0)");
  pbem::server::migrate(db);
  Accounts accounts(db);
  CHECK(accounts.find("old")->confirmed == std::vector<std::string>{"old@example.org"});
  auto kind = db.prepare("SELECT dflt_value FROM pragma_table_info('outbox') WHERE name = 'kind'");
  REQUIRE(kind.step());
  CHECK(kind.column_text(0) == "'reply'");
}
