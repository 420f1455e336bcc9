// The acts of play/ply_act.h called directly, with no channel: what a mail command, a reply
// and the computer share. A resignation ends the game for the other player, out of turn
// too, with its events; a finished or aborted game refuses it as data and stores nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <variant>

#include "act_fixture.h"
#include "server/play/ply_act.h"
#include "test_database.h"

using namespace pbem::server;

namespace {

using Acts = pbem::test::ActFixture;

}  // namespace

TEST_CASE("resign_game ends a game for the other player, out of turn too, and refuses a finished one",
          "[ply_act]") {
  Acts f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  // alice resigns while it is bob's turn.
  auto resigned = resign_game(f.work, f.game(1), f.id_of("alice"));
  REQUIRE(resigned.done());
  const Resignation& done = std::get<Resignation>(resigned.outcome);
  CHECK(done.game->over());
  CHECK(done.game->winner() == 1);
  CHECK(done.colour == 0);
  CHECK_FALSE(f.game(1).active);
  CHECK(pbem::test::joined_rows(f.db, "SELECT move FROM moves WHERE game_id = 1 ORDER BY ply") == "c1,resign");
  const auto ended = std::find_if(f.work.events.begin(), f.work.events.end(),
                                  [](const Event& e) { return std::holds_alternative<event::GameEnded>(e); });
  REQUIRE(ended != f.work.events.end());
  CHECK(std::get<event::GameEnded>(*ended).reason == GameEnd::Resigned);
  CHECK(std::get<event::GameEnded>(*ended).winner == f.id_of("bob"));

  // Once over, the result stands: a second resignation is refused and stores nothing.
  const auto again = resign_game(f.work, f.game(1), f.id_of("bob"));
  REQUIRE_FALSE(again.done());
  CHECK(std::holds_alternative<refusal::GameOver>(std::get<PlyRefusal>(again.outcome)));
  CHECK(pbem::test::joined_rows(f.db, "SELECT count(*) FROM moves WHERE game_id = 1") == "2");

  // An aborted game refuses it as aborted.
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("bob@example.net", "hy3 abort 2 bob pw-bob");
  const auto aborted = resign_game(f.work, f.game(2), f.id_of("alice"));
  REQUIRE_FALSE(aborted.done());
  CHECK(std::holds_alternative<refusal::GameAborted>(std::get<PlyRefusal>(aborted.outcome)));
}
