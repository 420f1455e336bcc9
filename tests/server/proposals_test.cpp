// Proposals, takebacks and watchers kept in the database (server/storage/proposals.*,
// watchers.*, GameRecords::take_back_last): real games on a migrated database.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "engine/registry.h"
#include "tests/server/rated_games.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/migrations.h"
#include "server/storage/proposals.h"
#include "server/storage/ratings.h"
#include "server/storage/watchers.h"
#include "temp_dir.h"
#include "test_database.h"

using namespace pbem::server;
using pbem::test::TempDir;

namespace {

struct Fixture {
  TempDir dir;
  Database db{pbem::test::test_database(dir.path())};
  GameRecords records{db};
  Proposals proposals{db};
  Watchers watchers{db};
  std::map<std::string, std::int64_t> users;

  Fixture() {
    migrate(db);
    for (const char* name : {"alice", "bob", "carol"}) {
      db.prepare("INSERT INTO users (userid, password_hash, created_at) VALUES (?, 'x', '2030-01-01T00:00:00Z')")
          .bind(1, std::string(name))
          .run();
      users[name] = db.last_insert_id();
    }
  }

  GameRecord challenge(const std::string& type = "hy3") {
    auto game = pbem::create_game(type, {"-size=4"});
    return records.create(type, game->options_text(), users.at("alice"), users.at("bob"), "test.example");
  }

  // Plays `plies` in turn (no swaps), alice first.
  GameRecord play(const GameRecord& record, const std::vector<std::string>& plies) {
    for (const std::string& ply : plies) {
      auto game = records.replay(*records.find(record.id));
      const int colour = game->to_move();
      REQUIRE(game->play(ply).ok);
      records.append(record, ply, colour, users.at(colour == 0 ? "alice" : "bob"), *game);
    }
    return *records.find(record.id);
  }
};

}  // namespace

TEST_CASE("one pending proposal per game, answered once", "[proposals]") {
  Fixture f;
  const GameRecord game = f.play(f.challenge(), {"a1", "b2"});
  CHECK_FALSE(f.proposals.pending(game.id));
  const Proposal undo = f.proposals.propose(game.id, ProposalKind::Undo, f.users["bob"], game.plies);
  CHECK(undo.kind == ProposalKind::Undo);
  CHECK(undo.proposer == "bob");
  CHECK(undo.at_ply == 2);
  CHECK(undo.state == ProposalState::Pending);
  REQUIRE(f.proposals.pending(game.id));
  CHECK(f.proposals.pending(game.id)->id == undo.id);
  // The rule holds in the database too: a second pending proposal is refused.
  CHECK_THROWS_AS(f.proposals.propose(game.id, ProposalKind::Abort, f.users["alice"], 2), DatabaseError);

  f.proposals.answer(undo, ProposalState::Declined, f.users["alice"]);
  CHECK_FALSE(f.proposals.pending(game.id));
  CHECK_THROWS_AS(f.proposals.answer(undo, ProposalState::Accepted, f.users["alice"]), std::logic_error);
  const auto all = f.proposals.of_game(game.id);
  REQUIRE(all.size() == 1);
  CHECK(all[0].state == ProposalState::Declined);
  CHECK(all[0].answered_by == f.users["alice"]);
  CHECK(all[0].answered_at);
}

TEST_CASE("a ply cancels the pending proposal; another game's stays", "[proposals]") {
  Fixture f;
  const GameRecord one = f.play(f.challenge(), {"a1"});
  const GameRecord two = f.play(f.challenge(), {"a1"});
  f.proposals.propose(one.id, ProposalKind::Abort, f.users["alice"], 1);
  f.proposals.propose(two.id, ProposalKind::Undo, f.users["alice"], 1);
  const auto cancelled = f.proposals.cancel_pending(one.id);
  REQUIRE(cancelled);
  CHECK(cancelled->kind == ProposalKind::Abort);
  CHECK_FALSE(f.proposals.pending(one.id));
  CHECK(f.proposals.of_game(one.id).at(0).state == ProposalState::Cancelled);
  CHECK_FALSE(f.proposals.of_game(one.id).at(0).answered_by);
  CHECK_FALSE(f.proposals.cancel_pending(one.id));  // nothing pending: nothing to cancel
  CHECK(f.proposals.pending(two.id));
}

TEST_CASE("taking back the last ply leaves the shorter record and an audit row", "[proposals]") {
  Fixture f;
  const GameRecord game = f.play(f.challenge(), {"a1", "b2", "c3"});
  const Proposal undo = f.proposals.propose(game.id, ProposalKind::Undo, f.users["alice"], 3);
  const StoredMove taken = f.records.take_back_last(game, undo.id);
  CHECK(taken.ply == 3);
  CHECK(taken.move == "c3");
  CHECK(taken.userid == "alice");
  const GameRecord after = *f.records.find(game.id);
  CHECK(after.plies == 2);
  CHECK(after.active);
  REQUIRE(f.records.moves(game.id).size() == 2);
  // The replay is the game as if c3 had never been played: alice to move, c3 free.
  auto replayed = f.records.replay(after);
  CHECK(replayed->ply_count() == 2);
  CHECK(replayed->to_move() == 0);
  CHECK(replayed->play("c3").ok);
  const auto audit = f.records.takebacks(game.id);
  REQUIRE(audit.size() == 1);
  CHECK(audit[0].move.ply == 3);
  CHECK(audit[0].move.move == "c3");
  CHECK(audit[0].move.userid == "alice");
  CHECK_FALSE(audit[0].taken_back_at.empty());
  // The same ply number can be played again.
  const GameRecord again = f.play(after, {"d4"});
  CHECK(again.plies == 3);
  CHECK(f.records.moves(game.id).back().move == "d4");
}

TEST_CASE("an aborted game with moves is not rated, also by a rebuild", "[proposals][ratings]") {
  Fixture f;
  Ratings ratings(f.db);
  const GameRecord game = f.play(f.challenge(), {"a1", "b2"});
  f.records.abort(game, f.users["bob"]);
  const GameRecord ended = *f.records.find(game.id);
  CHECK_FALSE(ended.active);
  CHECK(ended.aborted_by == "bob");
  CHECK(ended.plies == 2);
  CHECK(pbem::test::rate_stored_game(f.db, game.id).empty());
  const RatingsRebuild rebuilt = ratings.rebuild(false, rated_result);
  CHECK(rebuilt.games == 0);
  CHECK(rebuilt.differences.empty());
}

TEST_CASE("a rematch is marked once", "[proposals]") {
  Fixture f;
  const GameRecord old = f.challenge();
  CHECK_FALSE(f.records.rematch_of(old.id));
  const GameRecord fresh = f.challenge();
  f.records.mark_rematch(fresh.id, old.id);
  CHECK(f.records.rematch_of(old.id) == fresh.id);
  const GameRecord third = f.challenge();
  CHECK_THROWS_AS(f.records.mark_rematch(third.id, old.id), DatabaseError);
}

TEST_CASE("watchers of a game and of every new game of a kind", "[watchers]") {
  Fixture f;
  const GameRecord one = f.challenge();
  const GameRecord two = f.challenge();
  CHECK(f.watchers.count(one.id) == 0);
  CHECK(f.watchers.watch(one.id, f.users["carol"]));
  CHECK_FALSE(f.watchers.watch(one.id, f.users["carol"]));  // twice: nothing changes
  CHECK(f.watchers.watch(one.id, f.users["alice"]));
  CHECK(f.watchers.count(one.id) == 2);
  CHECK(f.watchers.of_game(one.id) == std::vector<std::int64_t>{f.users["carol"], f.users["alice"]});
  CHECK(f.watchers.of_game(two.id).empty());
  CHECK(f.watchers.stop(one.id, f.users["carol"]));
  CHECK_FALSE(f.watchers.stop(one.id, f.users["carol"]));
  CHECK(f.watchers.of_game(one.id) == std::vector<std::int64_t>{f.users["alice"]});

  CHECK(f.watchers.watch_kind("hy3", f.users["carol"]));
  CHECK_FALSE(f.watchers.watch_kind("hy3", f.users["carol"]));
  CHECK(f.watchers.of_kind("hy3") == std::vector<std::int64_t>{f.users["carol"]});
  CHECK(f.watchers.of_kind("gates").empty());
  CHECK(f.watchers.stop_kind("hy3", f.users["carol"]));
  CHECK_FALSE(f.watchers.stop_kind("hy3", f.users["carol"]));
  CHECK(f.watchers.of_kind("hy3").empty());
}
