// Issue 57, part 2: `export userid password` (server.md "Accounts you cannot lose, and can
// leave"; docs/export.md). An account that did a little of everything, its export checked
// key by key against what it did, nothing of anybody else's in it, every list read a page
// at a time; and the command's mail with `<userid>-data.json`. Runs on PostgreSQL too.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/competition/registry.h"
#include "server/records/account_export.h"
#include "server/storage/account_data.h"
#include "server/storage/accounts.h"
#include "server/storage/moderation.h"
#include "server/storage/outbox.h"
#include "service_fixture.h"

using namespace pbem::server;
using Json = nlohmann::ordered_json;

namespace {

// alice: settings changed, a second address not confirmed, a game won against bob, one
// running, an invitation carol declined, a block, a vacation, a tournament and a ladder
// of her own, a game of others watched and every new Gaia game.
struct Busy : pbem::test::ServiceFixture {
  std::int64_t watched = 0;

  Busy() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    member("carol", "carol@example.com", "");
    member("dave", "dave@example.com");
    as_alice("set alice pw-alice pictures off");
    as_alice("set alice pw-alice digest 7");
    as_alice("set alice pw-alice messages off");
    as_alice("change address alice pw-alice alice@example.org alice@second.example");
    as_alice("hy3 challenge alice bob -size=3");  // game 1: alice wins along row c
    const char* cells[] = {"c1", "a1", "c2", "a2", "c3", "a3", "c4", "b4", "c5"};
    for (int ply = 0; ply < 9; ++ply)
      deliver(ply % 2 == 0 ? "alice@example.org" : "bob@example.net",
              std::string("hy3 move 1 ") + (ply % 2 == 0 ? "alice pw-alice " : "bob pw-bob ") + cells[ply]);
    as_alice("gates challenge alice bob");          // game 2: running
    as_alice("hy3 challenge alice carol -size=3");  // game 3: an invitation carol declines
    deliver("carol@example.com", "hy3 decline 3 carol pw-carol");
    as_alice("block alice pw-alice carol");
    as_alice("vacation alice pw-alice 3");
    as_alice("hy3 tournament new alice pw-alice spring");  // T#1
    as_alice("hy3 join 1 alice pw-alice");
    as_alice("hy3 ladder new alice pw-alice rungs -size=3");  // L#1
    as_alice("hy3 join L#1 alice pw-alice");
    deliver("bob@example.net", "hy3 challenge bob dave -size=3");  // game 4: not alice's
    watched = 4;
    as_alice("hy3 subscribe 4 alice pw-alice");
    as_alice("gaia subscribe alice pw-alice all");
  }

  void as_alice(const std::string& command) { deliver("alice@example.org", command); }

  Json exported() {
    const auto alice = Accounts(db).find("alice");
    return account_export(db, competitions(), alice->id, config.server.address, "2027-03-01T12:00:00Z");
  }
};

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> out;
  for (const auto& [key, value] : object.items()) out.push_back(key);
  return out;
}

}  // namespace

TEST_CASE("an export holds what the account did, key by key", "[export]") {
  Busy f;
  const Json data = f.exported();
  CHECK(keys(data) == std::vector<std::string>{"format", "server", "exported", "account", "games", "ratings", "blocks",
                                               "vacations", "competitions", "subscriptions"});
  CHECK(data["format"] == "pbem-export/1");
  CHECK(data["server"] == "pbem@localhost");
  CHECK(data["exported"] == "2027-03-01T12:00:00Z");

  const Json& account = data["account"];
  CHECK(keys(account) == std::vector<std::string>{"userid", "created", "active", "addresses", "settings"});
  CHECK(account["userid"] == "alice");
  CHECK(account["created"] == pbem::test::joined_rows(f.db, "SELECT created_at FROM users WHERE userid = 'alice'"));
  CHECK(account["active"] == true);
  REQUIRE(account["addresses"].size() == 2);
  CHECK(account["addresses"][0]["address"] == "alice@example.org");
  CHECK(account["addresses"][0]["confirmed"] ==
        pbem::test::joined_rows(f.db, "SELECT confirmed_at FROM addresses WHERE address = 'alice@example.org'"));
  CHECK(account["addresses"][1] == Json{{"address", "alice@second.example"}, {"confirmed", nullptr}});
  CHECK(account["settings"] == Json{{"pictures", "off"},
                                    {"movemail", "on"},
                                    {"autovacation", "on"},
                                    {"digest", "7"},
                                    {"challenges", "auto"},
                                    {"messages", "off"},
                                    {"announcements", "on"},
                                    {"records", "on"},
                                    {"board", "text"},
                                    {"calendar", "off"},
                                    {"reviews", "off"}});

  const Json& games = data["games"];
  REQUIRE(games.size() == 3);  // not game 4, which alice only watches
  for (const Json& game : games) CHECK(keys(game) == std::vector<std::string>{"invitation", "record"});
  const Json& won = games[0]["record"];
  CHECK(games[0]["invitation"] == nullptr);
  CHECK(won["format"] == "pbem-record/1");
  CHECK(won["number"] == 1);
  CHECK(won["game"] == "hy3");
  CHECK(won["players"][0] == Json{{"userid", "alice"}, {"colour", "red"}});
  CHECK(won["plies"].size() == 9);
  CHECK(won["plies"][8]["move"] == "c5");
  CHECK(won["result"] == Json{{"winner", "alice"}, {"reason", "connection"}});
  CHECK(won["notes"] == Json::array());
  CHECK(games[1]["invitation"] == nullptr);
  CHECK(games[1]["record"]["number"] == 2);
  CHECK(games[1]["record"]["game"] == "gates");
  CHECK(games[1]["record"]["result"] == nullptr);
  CHECK(games[2]["invitation"] == "declined");
  CHECK(games[2]["record"]["number"] == 3);
  CHECK(games[2]["record"]["plies"] == Json::array());

  REQUIRE(data["ratings"].size() == 1);
  const Json& rating = data["ratings"][0];
  CHECK(keys(rating) == std::vector<std::string>{"game", "rating", "deviation", "games", "won", "lost"});
  CHECK(rating["game"] == "hy3");
  CHECK(rating["rating"].get<double>() > 1500);
  CHECK(rating["deviation"].get<double>() < 350);
  CHECK(rating["games"] == 1);
  CHECK(rating["won"] == 1);
  CHECK(rating["lost"] == 0);

  REQUIRE(data["blocks"].size() == 1);
  CHECK(data["blocks"][0]["userid"] == "carol");
  CHECK(data["blocks"][0]["since"] == pbem::test::joined_rows(f.db, "SELECT created_at FROM blocks"));

  REQUIRE(data["vacations"].size() == 1);
  const Json& vacation = data["vacations"][0];
  CHECK(keys(vacation) == std::vector<std::string>{"starts", "ends", "days", "automatic"});
  CHECK(vacation["days"] == 3);
  CHECK(vacation["automatic"] == false);
  CHECK(vacation["starts"] == pbem::test::joined_rows(f.db, "SELECT starts_at FROM vacations"));

  REQUIRE(data["competitions"].size() == 2);
  CHECK(data["competitions"][0] == Json{{"competition", "T#1"},
                                        {"kind", "tournament"},
                                        {"game", "hy3"},
                                        {"name", "spring"},
                                        {"status", "open"},
                                        {"organiser", true},
                                        {"member", true},
                                        {"withdrawn", false}});
  const Json& ladder = data["competitions"][1];
  CHECK(ladder["competition"] == "L#1");
  CHECK(ladder["kind"] == "ladder");
  CHECK(ladder["organiser"] == true);
  CHECK(ladder["member"] == true);
  CHECK(ladder["rung"] == 1);
  CHECK(ladder["since"] == pbem::test::joined_rows(f.db, "SELECT since FROM ladder_rungs"));

  const Json& subscriptions = data["subscriptions"];
  CHECK(keys(subscriptions) == std::vector<std::string>{"games", "all"});
  REQUIRE(subscriptions["games"].size() == 1);
  CHECK(subscriptions["games"][0]["game"] == f.watched);
  REQUIRE(subscriptions["all"].size() == 1);
  CHECK(subscriptions["all"][0]["game"] == "gaia");

  // Nothing of anybody else's but the userids a record names.
  const std::string text = data.dump();
  for (const char* other : {"bob@example.net", "carol@example.com", "dave@example.com", "$argon2", "pw-alice"})
    CHECK(text.find(other) == std::string::npos);
}

TEST_CASE("an export reads its lists a page at a time", "[export]") {
  Busy f;
  // Another account's rows do not show, however many; the pages of alice's are whole.
  for (int n = 0; n < 3; ++n) f.deliver("bob@example.net", "hy3 challenge bob dave -size=3");
  const AccountData data(f.db);
  const std::int64_t alice = Accounts(f.db).find("alice")->id;
  CHECK(data.game_ids(alice, 0, 2) == std::vector<std::int64_t>{1, 2});
  CHECK(data.game_ids(alice, 2, 2) == std::vector<std::int64_t>{3});
  CHECK(data.game_ids(alice, 3, 2).empty());
  CHECK(data.competitions("tournament", alice, 1, 10).empty());
  CHECK(data.competitions("league", alice, 0, 10).empty());
  // Every statement that reads a list of the account's has its limit.
  const auto statements = f.statements_of(
      [&] { account_export(f.db, competitions(), alice, f.config.server.address, "2027-03-01T12:00:00Z"); });
  int lists = 0;
  for (const std::string& sql : statements)
    for (const char* of_account : {"user_id = ?", "player0 = ?1", "blocker = ?"})
      if (sql.find(of_account) != std::string::npos) {
        INFO(sql);
        CHECK(sql.find("LIMIT") != std::string::npos);
        ++lists;
      }
  CHECK(lists >= 10);
}

TEST_CASE("export mails <userid>-data.json to the sender, also while suspended", "[export]") {
  Busy f;
  Suspensions(f.db).suspend(Accounts(f.db).find("alice")->id, Suspension{"spam", std::nullopt});
  f.as_alice("set alice pw-alice pictures on");
  CHECK(Outbox(f.db).queued().back().data.find("suspended") != std::string::npos);
  const std::size_t before = Outbox(f.db).queued().size();
  f.deliver("alice@example.org", "export alice pw-alice");
  const std::vector<QueuedMail> mails = Outbox(f.db).queued();
  REQUIRE(mails.size() == before + 1);
  const QueuedMail& mail = mails.back();
  CHECK(mail.recipient == "alice@example.org");
  CHECK(mail.data.find("Subject: Your data at PBeM Server: alice") != std::string::npos);
  CHECK(mail.data.find("filename=alice-data.json") != std::string::npos);
  CHECK(mail.data.find("Content-Type: application/json") != std::string::npos);
  CHECK(pbem::test::joined_rows(f.db, "SELECT outcome FROM inbox ORDER BY id DESC LIMIT 1") ==
        "exported the data of alice");
  // A wrong password exports nothing.
  f.deliver("mallory@example.net", "export alice pw-wrong");
  CHECK(Outbox(f.db).queued().back().data.find("wrong password for alice") != std::string::npos);
}
