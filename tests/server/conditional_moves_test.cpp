// Conditional moves (issue 28; docs/commands.md "Conditional moves") through the mail
// service, as `pbem ingest` carries mail out: a line stored and played out ply by ply, a
// deviation deleting the tree, refusals that store nothing, an answer that ends the game
// (rated once), trees deleted by a takeback, and privacy (the opponent and the log never
// see a line).
#include <catch2/catch.hpp>

#include <random>

#include "engine/registry.h"
#include "server/storage/conditional_moves.h"
#include "server/storage/game_records.h"
#include "server/storage/outbox.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

// Alice (first) and bob in HY 3 #1 on a board of side 4; alice has played b2, bob is to move.
struct AliceWaits : pbem::test::ServiceFixture {
  explicit AliceWaits(const std::string& options = "-size=4") {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    deliver("alice@example.org", "hy3 challenge alice bob " + options);
    deliver("alice@example.org", "hy3 move 1 alice pw-alice b2");
  }
  int plies() { return GameRecords(db).find(1)->plies; }
  std::vector<std::string> moves() {
    std::vector<std::string> out;
    for (const StoredMove& m : GameRecords(db).moves(1)) out.push_back(m.move);
    return out;
  }
  std::size_t lines_of(const std::string& userid) {
    return ConditionalMoves(db).of(1, Accounts(db).find(userid)->id).lines.size();
  }
  // Every text queued so far to `address`, and the inbox rows' commands and outcomes.
  std::string mail_to(const std::string& address) {
    std::string all;
    auto query = db.prepare("SELECT t.data FROM outbox o JOIN outbox_texts t ON t.outbox_id = o.id WHERE o.recipient = ?");
    query.bind(1, address);
    while (query.step()) all += query.column_blob(0);
    return all;
  }
  std::string inbox_log() {
    std::string all;
    auto query = db.prepare("SELECT coalesce(command, '') || ' ' || coalesce(outcome, '') FROM inbox");
    while (query.step()) all += query.column_text(0) + "\n";
    return all;
  }
};

}  // namespace

TEST_CASE("a line is played out move by move as the opponent walks into it", "[conditional]") {
  AliceWaits f;
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice c1 c2 d1 d2");
  CHECK(f.lines_of("alice") == 1);
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob c1");
  CHECK(f.moves() == std::vector<std::string>{"b2", "c1", "c2"});  // answered at once
  CHECK(f.lines_of("alice") == 1);                                // d1 d2 is left
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob d1");
  CHECK(f.moves() == std::vector<std::string>{"b2", "c1", "c2", "d1", "d2"});
  CHECK(f.lines_of("alice") == 0);
  // Both players read every ply played; alice reads that it was her conditional move.
  const std::string bob = f.mail_to("bob@example.net");
  CHECK(bob.find("d2") != std::string::npos);
  CHECK(f.mail_to("alice@example.org").find("conditional move") != std::string::npos);
}

TEST_CASE("a ply no line starts with deletes the tree", "[conditional]") {
  AliceWaits f;
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice c1 c2");
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice a1 a2");
  CHECK(f.lines_of("alice") == 2);
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob d1");
  CHECK(f.plies() == 2);  // nothing answered
  CHECK(f.lines_of("alice") == 0);
}

TEST_CASE("a line that is not legal, or sent on your own turn, is refused and stores nothing", "[conditional]") {
  AliceWaits f;
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice c1 b2");  // b2 is taken
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice c1");     // no answer
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice c1 resign");
  f.deliver("bob@example.net", "hy3 conditional 1 bob pw-bob c1 c2");  // bob is to move
  CHECK(f.lines_of("alice") == 0);
  CHECK(f.lines_of("bob") == 0);
  const std::string alice = f.mail_to("alice@example.org");
  CHECK(alice.find("ply 2 of the line (yours) is not legal") != std::string::npos);
  CHECK(alice.find("even number of plies") != std::string::npos);
  CHECK(f.mail_to("bob@example.net").find("it is your move in game 1") != std::string::npos);
}

TEST_CASE("the tree is private: the opponent, the inbox log and the listing's replies", "[conditional]") {
  AliceWaits f;
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice c3 a4");
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice");  // the listing
  CHECK(f.mail_to("alice@example.org").find("if bob plays c3, play a4") != std::string::npos);
  CHECK(f.mail_to("bob@example.net").find("onditional") == std::string::npos);  // bob learns nothing of it
  const std::string log = f.inbox_log();
  CHECK(log.find("hy3 conditional 1 alice ***** (2 words)") != std::string::npos);
  CHECK(log.find("c3") == std::string::npos);
  CHECK(log.find("a4") == std::string::npos);
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice clear");
  CHECK(f.lines_of("alice") == 0);
}

TEST_CASE("a takeback deletes every tree of the game", "[conditional]") {
  AliceWaits f;
  f.deliver("alice@example.org", "hy3 conditional 1 alice pw-alice c1 c2");
  f.deliver("alice@example.org", "hy3 undo 1 alice pw-alice");
  f.deliver("bob@example.net", "hy3 accept 1 bob pw-bob");
  CHECK(f.plies() == 0);
  CHECK(f.lines_of("alice") == 0);
}

TEST_CASE("an answer that ends the game: the game is rated once and the trees go", "[conditional]") {
  // A whole random game on a small board, then played again with its last ply as the
  // winner's conditional answer to the ply before it.
  auto engine_game = pbem::create_game("hy3", {"-size=3"});
  std::mt19937 random(7);
  std::vector<std::string> plies;
  while (!engine_game->over()) {
    auto legal = engine_game->legal_plies();
    std::erase(legal, "swap");
    const std::string ply = legal[random() % legal.size()];
    REQUIRE(engine_game->play(ply).ok);
    plies.push_back(ply);
  }
  REQUIRE(plies.size() >= 3);
  pbem::test::ServiceFixture f;
  f.member("alice", "alice@example.org");
  f.member("bob", "bob@example.net");
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  const std::string users[2] = {"alice", "bob"};
  const std::string addresses[2] = {"alice@example.org", "bob@example.net"};
  for (std::size_t i = 0; i + 2 < plies.size(); ++i)
    f.deliver(addresses[i % 2], "hy3 move 1 " + users[i % 2] + " pw-" + users[i % 2] + " " + plies[i]);
  const std::size_t winner = (plies.size() - 1) % 2, loser = 1 - winner;
  f.deliver(addresses[winner], "hy3 conditional 1 " + users[winner] + " pw-" + users[winner] + " " +
                                   plies[plies.size() - 2] + " " + plies.back());
  f.deliver(addresses[loser], "hy3 move 1 " + users[loser] + " pw-" + users[loser] + " " + plies[plies.size() - 2]);
  const GameRecord record = *GameRecords(f.db).find(1);
  CHECK_FALSE(record.active);
  CHECK(record.plies == static_cast<int>(plies.size()));
  auto changes = f.db.prepare("SELECT count(*) FROM rating_changes WHERE game_id = 1");
  REQUIRE(changes.step());
  CHECK(changes.column_int(0) == 2);  // one change per player, once
  // One mail says the game is over to each player.
  const auto endings = [&](const std::string& address) {
    auto query = f.db.prepare("SELECT count(*) FROM outbox WHERE recipient = ? AND subject LIKE '%wins%'");
    query.bind(1, address);
    query.step();
    return query.column_int(0);
  };
  CHECK(endings(addresses[0]) == 1);
  CHECK(endings(addresses[1]) == 1);
  auto left = f.db.prepare("SELECT count(*) FROM conditional_moves");
  REQUIRE(left.step());
  CHECK(left.column_int(0) == 0);
}

TEST_CASE("plies compare in one spelling: a Gaia edge pair written with either label is one ply", "[conditional]") {
  // An edge cell, its partner, and two inner cells, found from the rules engine.
  auto gaia = pbem::create_game("gaia", {});
  std::string edge, partner;
  std::vector<std::string> inner;
  for (const std::string& ply : gaia->legal_plies()) {
    const std::string described = gaia->describe_ply(ply);
    if (const auto dash = described.find('-'); dash != std::string::npos && edge.empty()) {
      edge = ply;
      partner = described.substr(dash + 1);
    } else if (described.find('-') == std::string::npos && ply != "swap" && inner.size() < 2) {
      inner.push_back(ply);
    }
  }
  REQUIRE_FALSE(edge.empty());
  REQUIRE(inner.size() == 2);
  CHECK(gaia->ply_identity(edge) == gaia->ply_identity(partner));

  pbem::test::ServiceFixture f;
  f.member("alice", "alice@example.org");
  f.member("bob", "bob@example.net");
  f.deliver("alice@example.org", "gaia challenge alice bob -noswap");
  f.deliver("alice@example.org", "gaia move 1 alice pw-alice " + inner[0]);
  f.deliver("alice@example.org", "gaia conditional 1 alice pw-alice " + partner + " " + inner[1]);
  f.deliver("bob@example.net", "gaia move 1 bob pw-bob " + edge);  // the pair's other label
  std::vector<std::string> moves;
  for (const StoredMove& m : GameRecords(f.db).moves(1)) moves.push_back(m.move);
  REQUIRE(moves.size() == 3);
  CHECK(moves[2] == inner[1]);
}
