// The per-user board picture preference (schema 008): on by default, stored by set_pictures.
#include <catch2/catch.hpp>

#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "temp_dir.h"
#include "test_database.h"

using pbem::server::Accounts;
using pbem::server::Database;
using pbem::test::TempDir;

TEST_CASE("pictures are on for a new account and can be turned off and on again", "[accounts]") {
  TempDir dir;
  Database db{pbem::test::test_database(dir.path())};
  pbem::server::migrate(db);
  Accounts accounts(db);
  const auto alice = accounts.create("alice", "secret1", {"alice@example.org"});
  const auto bob = accounts.create("bob", "secret2", {"bob@example.net"});
  CHECK(accounts.find("alice")->pictures);

  accounts.set_pictures(alice, false);
  CHECK_FALSE(accounts.find("alice")->pictures);
  CHECK_FALSE(accounts.find_by_id(alice.id)->pictures);
  CHECK(accounts.find("bob")->pictures);  // only the one user changes

  accounts.set_pictures(alice, true);
  CHECK(accounts.find("alice")->pictures);
  CHECK_THROWS(db.exec("UPDATE users SET pictures = 2 WHERE userid = 'bob'"));  // 0 or 1 only
}
