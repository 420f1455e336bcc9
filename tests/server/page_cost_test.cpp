// What a page or a listing costs must not grow with the server's history (issue 46; the
// guide: "a listing reads its page, never every game"): the web window's front page and a
// player's page, `all show`, `<game> games` and the daily digest make the same statements
// with one finished game behind them as with seven, and six more running where the other
// player is to move. They read stored columns (whose turn, swap, result) and replay
// nothing to list a game (a replay reads at least the game's moves digest).
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

  struct Costs {
    std::size_t front, player, all_show, games, digest;
  };
  Costs costs() {
    const auto count = [&](auto run) { return statements_of(run).size(); };
    return {count([&] { get("/"); }), count([&] { get("/players/alice"); }), count([&] { as("bob", "all show alice"); }),
            count([&] { as("bob", "hy3 games alice"); }), count([&] { digest(); })};
  }
};

}  // namespace

TEST_CASE("a page or a listing makes the same statements however many games lie behind it", "[page_cost]") {
  History f;
  f.game(true);
  const History::Costs before = f.costs();
  for (int more = 0; more < 6; ++more) {
    f.game(true);
    f.as("bob", "hy3 challenge bob alice -size=3");  // running, bob to move: not alice's digest
  }
  const History::Costs after = f.costs();
  CHECK(after.front == before.front);
  CHECK(after.player == before.player);
  CHECK(after.all_show == before.all_show);
  CHECK(after.games == before.games);
  CHECK(after.digest == before.digest);
}
