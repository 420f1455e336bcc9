// Ladders as stored and played through the service (the rules themselves:
// ladder_rules_test.cpp; whole ladders by mail: tests/integration/test_ladders.py).
#include <catch2/catch.hpp>

#include <string>

#include "server/storage/accounts.h"
#include "server/storage/ladders.h"
#include "server/storage/outbox.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

struct Ladder : pbem::test::ServiceFixture {
  Ladder() {
    for (const char* userid : {"alice", "bob", "carol", "dave"}) member(userid, std::string(userid) + "@example.org");
    as("alice", "hy3 ladder new alice pw-alice club -size=3 -reach=3");
    for (const char* userid : {"alice", "bob", "carol", "dave"}) as(userid, "hy3 join L#1 " + std::string(userid) + " pw-" + userid);
  }
  void as(const std::string& userid, const std::string& command) { deliver(userid + "@example.org", command); }
  std::string last_reply() { return Outbox(db).queued().back().data; }
  std::string rungs() {
    std::string text;
    for (const LadderRung& rung : Ladders(db).rungs(1)) text += std::to_string(rung.rung) + "." + rung.userid + " ";
    return text;
  }
};

}  // namespace

TEST_CASE("signoff takes a player off their ladders; their ladder game goes on and moves nobody", "[ladders]") {
  Ladder f;
  REQUIRE(f.rungs() == "1.alice 2.bob 3.carol 4.dave ");
  f.as("dave", "hy3 climb L#1 dave pw-dave bob");  // a ladder game under way
  REQUIRE(Ladders(f.db).open_games(1).size() == 1);
  f.as("bob", "signoff bob pw-bob");
  CHECK(f.last_reply().find("You left ladder(s) L#1 club; your ladder games under way go on.") != std::string::npos);
  // Off the ladder, everyone below up one: nobody is left holding a rung they cannot defend.
  CHECK(f.rungs() == "1.alice 2.carol 3.dave ");
  CHECK(Ladders(f.db).of_player(Accounts(f.db).find("bob")->id).empty());
  // The game goes on; dave's win over a player who left takes no rung.
  const std::int64_t game = Ladders(f.db).open_games(1).at(0).game_id;
  f.as("bob", "hy3 resign " + std::to_string(game) + " bob pw-bob");
  CHECK(Ladders(f.db).open_games(1).empty());
  CHECK(f.rungs() == "1.alice 2.carol 3.dave ");
  // A signoff without ladders says nothing of them.
  f.as("alice", "hy3 ladder L#1");
  f.member("erin", "erin@example.org");
  f.as("erin", "signoff erin pw-erin");
  CHECK(f.last_reply().find("ladder") == std::string::npos);
}
