// `set userid password board text|list|both` and `calendar on|off` (issue 56) in the mail
// the commands send: the list replaces (or follows) the drawn board in the copies of those
// who set it, in board mails and `show`; only the player to move gets the move links and,
// with a clock and calendar on, deadline.ics.
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <string>

#include "engine/registry.h"
#include "server/mailing/deadline_calendar.h"
#include "server/pipeline/processor.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/migrations.h"
#include "server/support/config.h"
#include "temp_dir.h"
#include "test_database.h"

using namespace pbem::server;
using pbem::test::TempDir;

namespace {

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& type : pbem::game_types()) names.push_back(type.name);
  return names;
}

struct Server {
  TempDir dir;
  Database db{pbem::test::test_database(dir.path())};
  Config config = default_config(dir.path());

  Server() { migrate(db); }

  Outcome run(const std::string& sender, const std::string& subject, const std::string& body = "") {
    Transaction transaction(db);
    Request request{sender, sender, parse_command(subject, game_names()), body, std::nullopt, std::nullopt};
    Outcome outcome = CommandProcessor(db, config).handle(request);
    if (!outcome.error) transaction.commit();
    return outcome;
  }

  void member(const std::string& userid, const std::string& address) {
    Outcome welcome = run(address, "signup " + userid + " secret-" + userid);
    std::smatch code;
    REQUIRE(std::regex_search(welcome.replies.at(0).text, code, std::regex("confirm " + userid + " (\\w+)")));
    REQUIRE_FALSE(run(address, "confirm " + userid + " " + code[1].str()).error);
    // A challenge to them starts the game at once, as these tests expect (the default,
    // ask, makes it an invitation: tests/integration/test_invitations.py).
    REQUIRE_FALSE(run(address, "set " + userid + " secret-" + userid + " challenges auto").error);
  }

  std::string diagram(std::int64_t game) {
    GameRecords records(db);
    return records.replay(*records.find(game))->diagram();
  }
};

const Reply& to(const Outcome& outcome, const std::string& address) {
  for (const Reply& reply : outcome.replies)
    if (reply.to == address) return reply;
  FAIL("no reply to " << address);
  return outcome.replies.front();
}

}  // namespace

TEST_CASE("board list replaces the drawing in that player's copies and in their show", "[board-list]") {
  Server s;
  s.member("alice", "alice@example.org");
  s.member("bob", "bob@example.net");
  const Outcome set = s.run("alice@example.org", "set alice secret-alice board list");
  REQUIRE_FALSE(set.error);
  CHECK(set.replies.at(0).subject == "Board list");
  CHECK(s.run("alice@example.org", "set alice secret-alice board braille").error);
  const Outcome challenge = s.run("alice@example.org", "hy3 challenge alice bob -size=3");
  REQUIRE_FALSE(challenge.error);
  const Reply& alice = to(challenge, "alice@example.org");
  const Reply& bob = to(challenge, "bob@example.net");
  CHECK(alice.text.find(s.diagram(1)) == std::string::npos);
  CHECK(alice.text.find("To move: alice, red, move 1.\n") != std::string::npos);
  CHECK(alice.text.find("Empty cells: 19.\n") != std::string::npos);
  CHECK(bob.text.find(s.diagram(1)) != std::string::npos);
  CHECK(bob.text.find("Empty cells") == std::string::npos);
  // The links: alice's (to move) under her list, bob's copy none.
  REQUIRE(alice.links.size() == 1);
  CHECK_FALSE(alice.links[0].rows.empty());
  CHECK(alice.boards.size() == 1);
  CHECK(bob.links.empty());

  REQUIRE_FALSE(s.run("bob@example.net", "set bob secret-bob board both").error);
  const Outcome move = s.run("alice@example.org", "hy3 move 1 alice secret-alice c3");
  REQUIRE_FALSE(move.error);
  const Reply& both = to(move, "bob@example.net");
  CHECK(both.text.find(s.diagram(1)) != std::string::npos);
  CHECK(both.text.find("Last move: c3, move 1.\n") != std::string::npos);
  CHECK(both.text.find(s.diagram(1)) < both.text.find("Last move"));
  CHECK(to(move, "alice@example.org").links.empty());  // no longer her move
  CHECK(both.links.size() == 1);

  const Outcome show = s.run("alice@example.org", "hy3 show 1");
  CHECK(show.replies.at(0).text.find("red, alice, 1 stone: c3.\n") != std::string::npos);
  CHECK(show.replies.at(0).text.find(s.diagram(1)) == std::string::npos);
}

TEST_CASE("calendar on: the mover's board mail in a game with a clock carries deadline.ics", "[calendar]") {
  Server s;
  s.member("alice", "alice@example.org");
  s.member("bob", "bob@example.net");
  REQUIRE(s.run("bob@example.net", "set bob secret-bob calendar on").replies.at(0).subject == "Calendar on");
  REQUIRE_FALSE(s.run("alice@example.org", "set alice secret-alice calendar on").error);
  const Outcome challenge = s.run("alice@example.org", "hy3 challenge alice bob -size=3 -days=3");
  REQUIRE_FALSE(challenge.error);
  CHECK(to(challenge, "bob@example.net").attachments.empty());  // not his move
  const auto& files = to(challenge, "alice@example.org").attachments;
  REQUIRE(files.size() == 1);
  CHECK(files[0].filename == "deadline.ics");
  CHECK(files[0].content_type.starts_with("text/calendar"));
  const GameRecord record = *GameRecords(s.db).find(1);
  REQUIRE(record.deadline_at);
  // DTSTART is the stored deadline, in RFC 5545's UTC form.
  std::string stamp = *record.deadline_at;
  stamp.erase(std::remove(stamp.begin(), stamp.end(), '-'), stamp.end());
  stamp.erase(std::remove(stamp.begin(), stamp.end(), ':'), stamp.end());
  CHECK(files[0].data.find("DTSTART:" + stamp + "\r\n") != std::string::npos);
  const Outcome move = s.run("alice@example.org", "hy3 move 1 alice secret-alice c3");
  CHECK(to(move, "alice@example.org").attachments.empty());
  CHECK(to(move, "bob@example.net").attachments.size() == 1);
  // Without a clock: no deadline, no file.
  const Outcome untimed = s.run("alice@example.org", "hy3 challenge alice bob -size=3 -days=0");
  REQUIRE_FALSE(untimed.error);
  CHECK(to(untimed, "alice@example.org").attachments.empty());
}
