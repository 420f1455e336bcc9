// The processor's commands against a real, migrated SQLite database: each command row's
// handler through CommandProcessor::handle, as the mail pipeline calls it (one transaction,
// a refused command rolled back).
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "engine/registry.h"
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

  // One command from `sender`, committed unless refused (as MailService does it).
  Outcome run(const std::string& sender, const std::string& subject, const std::string& body = "") {
    Transaction transaction(db);
    Request request{sender, sender, parse_command(subject, game_names()), body, std::nullopt, std::nullopt};
    Outcome outcome = CommandProcessor(db, config).handle(request);
    if (!outcome.error) transaction.commit();
    return outcome;
  }

  // Signs up and confirms `userid` at `address`, with the code the welcome mail carries.
  void member(const std::string& userid, const std::string& address) {
    Outcome welcome = run(address, "signup " + userid + " secret-" + userid);
    REQUIRE_FALSE(welcome.error);
    std::smatch code;
    REQUIRE(std::regex_search(welcome.replies.at(0).text, code, std::regex("confirm " + userid + " (\\w+)")));
    REQUIRE_FALSE(run(address, "confirm " + userid + " " + code[1].str()).error);
    // A challenge to them starts the game at once, as these tests expect (the default,
    // ask, makes it an invitation: tests/integration/test_invitations.py).
    REQUIRE_FALSE(run(address, "set " + userid + " secret-" + userid + " challenges auto").error);
  }

  int plies(std::int64_t game) { return GameRecords(db).find(game)->plies; }
};

const Reply* reply_to(const Outcome& outcome, const std::string& address) {
  for (const Reply& reply : outcome.replies)
    if (reply.to == address) return &reply;
  return nullptr;
}

}  // namespace

TEST_CASE("signup, confirm, challenge and moves by the table's handlers", "[processor]") {
  Server s;
  s.member("alice", "alice@example.org");
  s.member("bob", "bob@example.org");

  Outcome challenge = s.run("alice@example.org", "hy3 challenge alice bob -size=5");
  REQUIRE_FALSE(challenge.error);
  REQUIRE(challenge.replies.size() == 2);  // the board to each player
  for (const Reply& reply : challenge.replies) CHECK(reply.kind == MailKind::Game);
  const std::int64_t game = *challenge.replies.at(0).game_id;
  CHECK(reply_to(challenge, "alice@example.org")->text.find("It is your move") != std::string::npos);

  SECTION("a legal move by the player to move is stored and mailed to both") {
    Outcome move = s.run("alice@example.org", "hy3 move " + std::to_string(game) + " alice secret-alice c3");
    REQUIRE_FALSE(move.error);
    CHECK(s.plies(game) == 1);
    CHECK(reply_to(move, "bob@example.org")->text.find(") played c3 as move 1.") != std::string::npos);
    CHECK(move.masked_command.text() == "hy3 move " + std::to_string(game) + " alice ***** c3");
  }
  SECTION("a move out of turn is refused and changes nothing") {
    Outcome move = s.run("bob@example.org", "hy3 move " + std::to_string(game) + " bob secret-bob c3");
    CHECK(move.error);
    CHECK(move.summary.find("it is not your turn") != std::string::npos);
    CHECK(s.plies(game) == 0);
  }
  SECTION("a wrong password is refused, recorded for the throttle and quoted cautiously") {
    Outcome move = s.run("alice@example.org", "hy3 move " + std::to_string(game) + " alice nottheone c3");
    CHECK(move.error);
    CHECK(move.wrong_password_for);
    CHECK(move.masked_command.text() == "hy3 move " + std::to_string(game) + " ...");
    CHECK(s.plies(game) == 0);
  }
  SECTION("swap and resign given as the move reach their own handlers") {
    REQUIRE_FALSE(s.run("alice@example.org", "hy3 move " + std::to_string(game) + " alice secret-alice c3").error);
    Outcome resign = s.run("bob@example.org", "hy3 move " + std::to_string(game) + " bob secret-bob resign");
    REQUIRE_FALSE(resign.error);
    CHECK(resign.summary == "hy3 #" + std::to_string(game) + " resigned by bob");
    CHECK(s.run("alice@example.org", "hy3 move " + std::to_string(game) + " alice secret-alice d4").summary.find(
              "is over") != std::string::npos);
  }
  SECTION("commands without a password: show, history, games, all show, preview") {
    const std::string n = std::to_string(game);
    CHECK(s.run("carol@example.org", "hy3 show " + n).replies.at(0).subject == "HY 3 #" + n);
    CHECK(s.run("carol@example.org", "hy3 history " + n).replies.at(0).text.find("(no moves yet)") !=
          std::string::npos);
    CHECK(s.run("carol@example.org", "hy3 games alice").replies.at(0).text.find("alice to move") !=
          std::string::npos);
    CHECK(s.run("carol@example.org", "all show bob").replies.at(0).text.find("hy3 #" + n) != std::string::npos);
    Outcome preview = s.run("carol@example.org", "hy3 preview " + n + " c3");
    CHECK(preview.replies.at(0).text.find("nothing was stored") != std::string::npos);
    CHECK(s.plies(game) == 0);
  }
  SECTION("a command on a game of another kind names the right one") {
    Outcome wrong = s.run("alice@example.org", "gaia show " + std::to_string(game));
    CHECK(wrong.error);
    CHECK(wrong.summary.find("start the command with 'hy3'") != std::string::npos);
  }
}

TEST_CASE("a refused command answers with the reason and its own usage from the table", "[processor]") {
  Server s;
  Outcome outcome = s.run("someone@example.org", "hy3 history");
  REQUIRE(outcome.error);
  REQUIRE(outcome.replies.size() == 1);
  CHECK(outcome.replies[0].to == "someone@example.org");
  CHECK(outcome.replies[0].text.find("was not carried out: missing board number.") != std::string::npos);
  CHECK(outcome.replies[0].text.find("Usage:\n    hy3 history board\n") != std::string::npos);
  // One usage at most (spec "The newcomer's path, third round"): an unknown verb gets none,
  // never the list of the game's commands; a mistyped one the usage of the guessed command.
  Outcome unknown = s.run("someone@example.org", "gaia dance 4");
  CHECK(unknown.replies[0].text.find("Usage:") == std::string::npos);
  CHECK(unknown.replies[0].text.find("gaia preview board") == std::string::npos);
  CHECK(unknown.replies[0].text.find("help commands") != std::string::npos);
  Outcome typo = s.run("someone@example.org", "gaia mvoe 4 alice secret e3");
  CHECK(typo.replies[0].text.find("Usage:\n    gaia move board userid password move") != std::string::npos);
  CHECK(typo.replies[0].text.find("gaia show") == std::string::npos);
}

TEST_CASE("help, list and a game's help come from the table and the registry", "[processor]") {
  Server s;
  CHECK(s.run("a@example.org", "help").replies.at(0).subject == "Help");
  CHECK(s.run("a@example.org", "gaia help").replies.at(0).subject == "Gaia help");
  CHECK(s.run("a@example.org", "list hy3").replies.at(0).text.find("hy3 - ") != std::string::npos);
}

TEST_CASE("everyone's games: the first hundred by number, the rest counted", "[processor]") {
  // `<game> games` without a userid reads at most a hundred games whatever the number ever
  // played (issue 33: flat in size); the lines past them are counted by the database.
  Server s;
  s.member("alice", "alice@example.org");
  s.member("bob", "bob@example.org");
  GameRecords records(s.db);
  auto user_id = [&](const std::string& userid) {
    auto query = s.db.prepare("SELECT id FROM users WHERE userid = ?");
    query.bind(1, userid);
    REQUIRE(query.step());
    return query.column_int(0);
  };
  std::vector<GameRecord> made;
  for (int i = 0; i < 103; ++i)
    made.push_back(records.create("hy3", "-size=3", user_id("alice"), user_id("bob"), "test.example"));
  for (int finished : {0, 101}) {  // the first and the second to last end
    auto game = records.replay(made[finished]);
    REQUIRE(game->resign(1).ok);
    records.append(made[finished], "resign", 1, user_id("bob"), *game);
  }
  const std::string active = s.run("alice@example.org", "hy3 games").replies.at(0).text;
  CHECK(active.find("#2 ") != std::string::npos);
  CHECK(active.find("#1 ") == std::string::npos);  // finished
  CHECK(active.find("#101 ") != std::string::npos);
  CHECK(active.find("#103 ") == std::string::npos);  // the 101st in progress: counted only
  CHECK(active.find("... and 1 more") != std::string::npos);
  const std::string finished = s.run("alice@example.org", "hy3 games inactive").replies.at(0).text;
  CHECK(finished.find("#1 ") != std::string::npos);
  CHECK(finished.find("#102 ") != std::string::npos);
  CHECK(finished.find("more") == std::string::npos);
  const std::string all = s.run("alice@example.org", "hy3 games all").replies.at(0).text;
  CHECK(all.find("#100 ") != std::string::npos);
  CHECK(all.find("... and 3 more") != std::string::npos);
}
