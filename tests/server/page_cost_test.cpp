// What a page or a listing costs must not grow with the server's history (issue 46; the
// guide: "a listing reads its page, never every game"): the web window's front page and a
// player's page, `all show`, `<game> games`, the daily digest, `<game> invitations` and
// `<game> ladders` make the same statements with one finished game, open invitation and
// ladder behind them as with seven, and six more games running where the other player is
// to move. They read stored columns (whose turn, swap, result) and replay nothing to list
// a game (a replay reads at least the game's moves digest); ratings, rung counts and blocks
// come for the whole page in one statement, not one a line.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "server/handlers/tick_handlers.h"
#include "server/storage/accounts.h"
#include "server/web/web_routes.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

struct History : pbem::test::ServiceFixture {
  History() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.org");
    game(false);  // alice to move: the digest and the lists have a running game to show
  }

  void as(const std::string& userid, const std::string& command) { deliver(userid + "@example.org", command); }

  std::int64_t newest_game() {
    auto query = db.prepare("SELECT max(id) FROM games");
    REQUIRE(query.step());
    return query.column_int(0);
  }

  // A game of HY 3 on the smallest board, resigned by bob at once when `finished`.
  void game(bool finished) {
    as("alice", "hy3 challenge alice bob -size=3");
    if (finished) as("bob", "hy3 resign " + std::to_string(newest_game()) + " bob pw-bob");
  }

  web::WebResponse get(const std::string& target) { return web::respond(db, config, {"GET", target, ""}); }

  // Alice's digest, due again at once: the tick's duty as pbemd's timer runs it.
  void digest() {
    as("alice", "set alice pw-alice digest 12");
    const std::int64_t alice = Accounts(db).find("alice")->id;
    Transaction transaction(db);
    REQUIRE(send_digest(db, config, alice, "2099-01-01T12:00:00Z"));
    transaction.commit();
  }

  // A new player with an open invitation, and a ladder of theirs with bob on it: what the
  // front page, the digest, `invitations` and `ladders` list.
  void newcomer(const std::string& userid) {
    member(userid, userid + "@example.org");
    as(userid, "hy3 challenge " + userid + " any -size=3");
    as(userid, "hy3 ladder new " + userid + " pw-" + userid + " club-" + userid + " -size=3");
    auto query = db.prepare("SELECT max(id) FROM ladders");
    REQUIRE(query.step());
    const std::string ladder = "L#" + std::to_string(query.column_int(0));
    as(userid, "hy3 join " + ladder + " " + userid + " pw-" + userid);
    as("bob", "hy3 join " + ladder + " bob pw-bob");
  }

  struct Costs {
    std::size_t front, player, all_show, games, digest, invitations, ladders;
  };
  Costs costs() {
    const auto count = [&](auto run) { return statements_of(run).size(); };
    return {count([&] { get("/"); }),
            count([&] { get("/players/alice"); }),
            count([&] { as("bob", "all show alice"); }),
            count([&] { as("bob", "hy3 games alice"); }),
            count([&] { digest(); }),
            count([&] { as("bob", "hy3 invitations"); }),
            count([&] { as("bob", "hy3 ladders"); })};
  }
};

}  // namespace

TEST_CASE("a page or a listing makes the same statements however many games lie behind it", "[page_cost]") {
  History f;
  f.game(true);
  f.newcomer("carol");
  const History::Costs before = f.costs();
  for (int more = 0; more < 6; ++more) {
    f.game(true);
    f.as("bob", "hy3 challenge bob alice -size=3");  // running, bob to move: not alice's digest
    f.newcomer("new" + std::to_string(more));
  }
  // The listings did list them all.
  CHECK(Accounts(f.db).find("new5"));
  auto open = f.db.prepare("SELECT count(*) FROM games WHERE status = 'open'");
  REQUIRE(open.step());
  CHECK(open.column_int(0) == 7);
  auto rungs = f.db.prepare("SELECT count(*) FROM ladder_rungs");
  REQUIRE(rungs.step());
  CHECK(rungs.column_int(0) == 14);
  const History::Costs after = f.costs();
  CHECK(after.front == before.front);
  CHECK(after.player == before.player);
  CHECK(after.all_show == before.all_show);
  CHECK(after.games == before.games);
  CHECK(after.digest == before.digest);
  CHECK(after.invitations == before.invitations);
  CHECK(after.ladders == before.ladders);
}
