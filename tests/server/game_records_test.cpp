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
#include "server/storage/proposals.h"
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

// The position cache (storage/position_cache.h) behind replay(): a copy of the position is
// served whenever the game's moves_digest names the same plies, and only then.
namespace {

// The position as a fresh engine replays the plies, without the cache.
nlohmann::json replayed_from_scratch(const std::vector<std::string>& plies) {
  auto game = pbem::create_game("hy3", {"-size=3"});
  for (const std::string& ply : plies) REQUIRE(game->play(ply).ok);
  return game->state_json();
}

GameRecord play(TwoPlayers& f, GameRecord record, const std::string& ply) {
  auto game = f.records.replay(record);
  const int colour = game->to_move();
  REQUIRE(game->play(ply).ok);
  return f.records.append(record, ply, colour, colour == 0 ? f.alice : f.bob, *game);
}

}  // namespace

TEST_CASE("replay serves a long game from the position cache, a copy each time", "[game_records]") {
  TwoPlayers f;
  GameRecord record = play(f, play(f, f.hy3(), "a1"), "b1");
  // The stored plies changed behind the storage layer's back: a replay from the moves would
  // now fail, so a position that still comes back is the cached one.
  f.db.prepare("UPDATE moves SET move = 'zz9' WHERE game_id = ? AND ply = 1").bind_all(record.id).run();
  auto cached = f.records.replay(record);
  CHECK(cached->state_json() == replayed_from_scratch({"a1", "b1"}));
  REQUIRE(cached->play("c1").ok);  // the caller's copy: the cached position is unchanged
  CHECK(f.records.replay(record)->ply_count() == 2);

  // Without its digest (a game stored before migration 020) the game is replayed from the
  // moves again, and here that finds the damage instead of playing on.
  f.db.prepare("UPDATE games SET moves_digest = NULL WHERE id = ?").bind_all(record.id).run();
  CHECK_THROWS_WITH(f.records.replay(record), Catch::Contains("does not replay at ply 1"));
}

TEST_CASE("a takeback, a rollback or another writer never gets a stale position", "[game_records]") {
  TwoPlayers f;
  GameRecord record = play(f, play(f, f.hy3(), "a1"), "b1");

  SECTION("a ply taken back and another played in its place") {
    const Proposal undo = Proposals(f.db).propose(record.id, ProposalKind::Undo, f.bob, record.plies);
    f.records.take_back_last(record, undo.id);
    record = play(f, *f.records.find(record.id), "c1");
    CHECK(f.records.replay(record)->state_json() == replayed_from_scratch({"a1", "c1"}));
  }
  SECTION("a ply rolled back and another played in its place") {
    {
      Transaction rolled_back(f.db);
      play(f, record, "c1");
    }
    record = play(f, *f.records.find(record.id), "c2");
    CHECK(f.records.replay(record)->state_json() == replayed_from_scratch({"a1", "b1", "c2"}));
  }
  SECTION("a ply stored by another connection (another process)") {
    Database other(f.location);
    GameRecords elsewhere(other);
    auto game = elsewhere.replay(record);
    REQUIRE(game->play("c3").ok);
    elsewhere.append(record, "c3", 0, f.alice, *game);
    CHECK(f.records.replay(record)->state_json() == replayed_from_scratch({"a1", "b1", "c3"}));
  }
  SECTION("a game stored before migration 020 gets its digest at its next ply") {
    f.db.prepare("UPDATE games SET moves_digest = NULL WHERE id = ?").bind_all(record.id).run();
    record = play(f, record, "c1");
    GameRecord same_plies = play(f, play(f, play(f, f.hy3(), "a1"), "b1"), "c1");
    auto digest = [&](std::int64_t id) {
      auto query = f.db.prepare("SELECT moves_digest FROM games WHERE id = ?");
      query.bind(1, id);
      REQUIRE(query.step());
      return query.column_text(0);
    };
    CHECK(digest(record.id) == digest(same_plies.id));  // the plies, not the game, name it
    CHECK(f.records.replay(record)->state_json() == replayed_from_scratch({"a1", "b1", "c1"}));
  }
}
