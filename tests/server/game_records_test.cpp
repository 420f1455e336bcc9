// Game records (server/storage/game_records.*): each write returns the game as it now
// stands, so no caller reads back what it wrote; this checks that the returned record is
// what find() then reads, on SQLite and on PostgreSQL.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string>

#include "engine/registry.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

struct TwoPlayers : pbem::test::ServiceFixture {
  GameRecords records{db};
  std::int64_t alice = 0, bob = 0;

  TwoPlayers() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    alice = Accounts(db).find("alice")->id;
    bob = Accounts(db).find("bob")->id;
  }

  GameRecord hy3() {
    return records.create("hy3", pbem::create_game("hy3", {"-size=3"})->options_text(), alice, bob, "test.example",
                          false, 3);
  }
};

const TurnClock kClock{"2030-01-15T12:00:00Z", "2030-01-14T12:00:00Z", std::nullopt};

}  // namespace

TEST_CASE("create returns the new game as find reads it", "[game_records]") {
  TwoPlayers f;
  const GameRecord made = f.hy3();
  const auto found = f.records.find(made.id);  // the id is the insert's
  REQUIRE(found);
  CHECK(made == *found);
  CHECK(made.userids == std::array<std::string, 2>{"alice", "bob"});
  CHECK(made.thread_id == "pbem-game-" + std::to_string(made.id) + ".hy3@test.example");
  CHECK_FALSE(made.rated);
  CHECK(made.days_per_move == 3);
}

TEST_CASE("the clock, a ply and a loss on time return what find then reads", "[game_records]") {
  TwoPlayers f;
  GameRecord record = f.hy3();
  f.records.set_turn_clock(record, kClock);
  CHECK(record.deadline_at == kClock.deadline_at);
  CHECK(record == *f.records.find(record.id));

  auto game = f.records.replay(record);
  REQUIRE(game->play("a1").ok);
  record = f.records.append(record, "a1", 0, f.alice, *game, kClock);
  CHECK(record.plies == 1);
  CHECK(record == *f.records.find(record.id));

  record = f.records.lose_on_time(record, 1);
  CHECK(record.lost_on_time);
  CHECK(record == *f.records.find(record.id));
  CHECK(f.records.lose_on_time(record, 0) == *f.records.find(record.id));  // over already: nothing written
}

TEST_CASE("a winning ply and an abort return what find then reads", "[game_records]") {
  TwoPlayers f;
  GameRecord won = f.hy3();
  auto game = f.records.replay(won);
  REQUIRE(game->resign(1).ok);
  won = f.records.append(won, "resign", 1, f.bob, *game, kClock);  // the clock is ignored: the game is over
  CHECK(won.winner_colour == 0);
  CHECK_FALSE(won.deadline_at);
  CHECK(won == *f.records.find(won.id));

  GameRecord aborted = f.hy3();
  f.records.set_turn_clock(aborted, kClock);
  aborted = f.records.abort(aborted, f.bob);
  CHECK(aborted.aborted_by == "bob");
  CHECK(aborted == *f.records.find(aborted.id));
}
