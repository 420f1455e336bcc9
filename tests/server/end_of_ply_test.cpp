// The end of a ply (server/play/end_of_ply.*, issue 27): every way a ply or a result is
// stored has the same effects, in the same order: the game as stored, the ratings of a
// game that ended rated (once), the pending proposal cancelled, and then (issue 28) the
// conditional answer of the player the ply leaves to move, or the trees deleted.
#include <catch2/catch.hpp>

#include <memory>
#include <optional>

#include "tests/server/rated_games.h"
#include "server/handlers/tick_handlers.h"
#include "server/context/command_context.h"
#include "server/play/end_of_ply.h"
#include "server/storage/conditional_moves.h"
#include "server/storage/proposals.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

// Alice (red, first) and bob in HY 3 #1; alice has played c1 and proposed to take it back.
struct PendingUndo : pbem::test::ServiceFixture {
  PendingUndo() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    deliver("alice@example.org", "hy3 challenge alice bob -size=3");
    deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
    deliver("alice@example.org", "hy3 undo 1 alice pw-alice");
  }
  // A command's context inside an open transaction, as a handler has it.
  struct Scope {
    explicit Scope(PendingUndo& f) : transaction(f.db), ctx(f.db, f.config, std::nullopt, request, out) {}
    Transaction transaction;
    Request request;
    Outcome out;
    CommandContext ctx;
  };
};

}  // namespace

TEST_CASE("a ply: stored with the next player's clock, and the pending proposal cancelled", "[end_of_ply]") {
  PendingUndo f;
  PendingUndo::Scope scope(f);
  const GameRecord record = *scope.ctx.records.find(1);
  auto game = scope.ctx.records.replay(record);
  const int colour = game->to_move();
  REQUIRE(game->play("a1").ok);
  const PlyEnd end = store_ply(scope.ctx, record, *game, "a1", colour, record.players[1]);
  CHECK(end.record.plies == 2);
  CHECK(end.record.active);
  CHECK(end.record.deadline_at);
  CHECK(end.rating_changes.empty());
  CHECK(end.cancelled == " That cancels alice's proposal to take back move 1 (c1).");
  CHECK_FALSE(Proposals(f.db).pending(1));
}

TEST_CASE("a resignation ends a rated game: rated once, clock stopped, proposal cancelled", "[end_of_ply]") {
  PendingUndo f;
  PendingUndo::Scope scope(f);
  const GameRecord record = *scope.ctx.records.find(1);
  auto game = scope.ctx.records.replay(record);
  REQUIRE(game->resign(1).ok);
  const PlyEnd end = store_ply(scope.ctx, record, *game, "resign", 1, record.players[1]);
  CHECK_FALSE(end.record.active);
  CHECK(end.record.winner_colour == 0);
  CHECK_FALSE(end.record.deadline_at);
  CHECK(end.rating_changes.size() == 2);
  CHECK_FALSE(end.cancelled.empty());
  CHECK(pbem::test::rate_stored_game(scope.ctx.db, 1).empty());  // already applied, in this transaction
}

TEST_CASE("a loss on time has the same effects as a resignation", "[end_of_ply]") {
  PendingUndo f;
  PendingUndo::Scope scope(f);
  const PlyEnd end = store_loss_on_time(scope.ctx, *scope.ctx.records.find(1), 0);
  CHECK_FALSE(end.record.active);
  CHECK(end.record.lost_on_time);
  CHECK(end.record.plies == 1);  // the record of moves is unchanged
  CHECK(end.rating_changes.size() == 2);
  CHECK_FALSE(end.cancelled.empty());
  CHECK_FALSE(Proposals(f.db).pending(1));
}

TEST_CASE("an accepted undo takes the ply back and gives the mover a whole period", "[end_of_ply]") {
  PendingUndo f;
  PendingUndo::Scope scope(f);
  const Proposal proposal = *Proposals(f.db).pending(1);
  Proposals(f.db).answer(proposal, ProposalState::Accepted, scope.ctx.records.find(1)->players[1]);
  const PlyEnd end = store_takeback(scope.ctx, *scope.ctx.records.find(1), proposal.id);
  CHECK(end.record.plies == 0);
  CHECK(end.record.active);
  CHECK(end.record.deadline_at);
  CHECK(end.rating_changes.empty());
  CHECK(end.cancelled.empty());  // it was answered, not cancelled
}

TEST_CASE("an abort ends the game without a result or a rating", "[end_of_ply]") {
  PendingUndo f;
  PendingUndo::Scope scope(f);
  const GameRecord record = *scope.ctx.records.find(1);
  const PlyEnd end = store_abort(scope.ctx, record, record.players[0]);
  CHECK_FALSE(end.record.active);
  CHECK(end.record.aborted_by == "alice");
  CHECK_FALSE(end.record.winner_colour);
  CHECK(end.rating_changes.empty());
  CHECK_FALSE(end.cancelled.empty());  // a pending proposal has nothing left to ask for
}

namespace {
// Alice's conditional answer to bob's next ply: if a1, then c2.
void alice_answers_a1_with_c2(PendingUndo& f) {
  const GameRecord record = *GameRecords(f.db).find(1);
  ConditionalMoves(f.db).store(1, record.players[0], {1, {{"a1", "c2"}}});
}
std::size_t stored_lines(PendingUndo& f) {
  auto query = f.db.prepare("SELECT count(*) FROM conditional_moves");
  query.step();
  return static_cast<std::size_t>(query.column_int(0));
}
}  // namespace

TEST_CASE("a ply meets the conditional answer of the player it leaves to move, in the same end", "[end_of_ply]") {
  PendingUndo f;
  alice_answers_a1_with_c2(f);
  PendingUndo::Scope scope(f);
  const GameRecord record = *scope.ctx.records.find(1);
  auto game = scope.ctx.records.replay(record);
  REQUIRE(game->play("a1").ok);
  const PlyEnd end = store_ply(scope.ctx, record, *game, "a1", 1, record.players[1]);
  REQUIRE(end.answers.size() == 1);
  CHECK(end.answers[0].owner == "alice");
  CHECK(end.answers[0].to_ply == "a1");
  CHECK(end.answers[0].answer == "c2");
  CHECK(end.answers[0].lines_left == 0);
  CHECK(end.record.plies == 3);  // bob's ply and alice's answer
  REQUIRE(end.position);
  CHECK(end.position->record() == std::vector<std::string>{"c1", "a1", "c2"});
  CHECK(end.record.deadline_at);  // bob's clock, for the move after the answer
  CHECK(end.cancelled == " That cancels alice's proposal to take back move 1 (c1).");  // said once
  CHECK(stored_lines(f) == 0);
}

TEST_CASE("a result, a takeback and an abort delete every conditional move of the game", "[end_of_ply]") {
  PendingUndo f;
  alice_answers_a1_with_c2(f);
  PendingUndo::Scope scope(f);
  const GameRecord record = *scope.ctx.records.find(1);
  REQUIRE(stored_lines(f) == 1);
  SECTION("a loss on time") { store_loss_on_time(scope.ctx, record, 0); }
  SECTION("a resignation") {
    auto game = scope.ctx.records.replay(record);
    REQUIRE(game->resign(1).ok);
    store_ply(scope.ctx, record, *game, "resign", 1, record.players[1]);
  }
  SECTION("a takeback") {
    const Proposal proposal = *Proposals(f.db).pending(1);
    Proposals(f.db).answer(proposal, ProposalState::Accepted, record.players[1]);
    store_takeback(scope.ctx, record, proposal.id);
  }
  SECTION("an abort") { store_abort(scope.ctx, record, record.players[0]); }
  CHECK(stored_lines(f) == 0);
}

// Issue 40 item 2 (spec "Nobody loses a game they never played"), on both backends (this
// file is one of the postgres_storage tests): the clock's end of a game whose player to
// move has no ply of their own in it is an abort, stored and read back as one.
namespace {
std::int64_t rating_change_rows(pbem::test::ServiceFixture& f) {
  auto query = f.db.prepare("SELECT count(*) FROM rating_changes");
  query.step();
  return query.column_int(0);
}
std::optional<ClockDutyDone> deadline_passes(pbem::test::ServiceFixture& f) {
  Transaction transaction(f.db);
  // The deadline's own outcome: no vacation day instead (autovacation, issue 44).
  f.db.exec("UPDATE users SET autovacation = 0");
  auto done = carry_out_clock_duty(f.db, f.config, 1, ClockDuty::LossOnTime, "2999-01-01T00:00:00Z");
  transaction.commit();
  return done;
}
}  // namespace

TEST_CASE("the deadline of a player who never moved aborts the game: no winner, unrated, both told",
          "[end_of_ply]") {
  PendingUndo f;  // bob, to move, has no ply in game 1
  const auto done = deadline_passes(f);
  REQUIRE(done);
  CHECK(done->never_moved);
  CHECK(done->log_line == "aborted, bob never moved");
  REQUIRE(done->replies.size() == 2);
  for (const Reply& mail : done->replies) {
    CHECK(mail.subject == "HY 3 #1: aborted, bob never moved");
    CHECK_THAT(mail.text, Catch::Contains("it was aborted because bob never moved. It is not rated."));
  }
  const GameRecord stored = *GameRecords(f.db).find(1);
  CHECK_FALSE(stored.active);
  CHECK(stored.never_moved);
  CHECK_FALSE(stored.lost_on_time);
  CHECK(stored.aborted_by == "bob");
  CHECK_FALSE(stored.winner_colour);
  CHECK_FALSE(stored.deadline_at);
  CHECK(rating_change_rows(f) == 0);
  CHECK_FALSE(Proposals(f.db).pending(1));  // alice's undo has nothing left to ask for
  CHECK_FALSE(deadline_passes(f));          // done once
}

TEST_CASE("the deadline of a player who has moved is a loss on time; a ply taken back no longer counts",
          "[end_of_ply]") {
  SECTION("bob has moved: alice, to move, loses on time") {
    PendingUndo f;
    f.deliver("bob@example.net", "hy3 move 1 bob pw-bob a1");
    const auto done = deadline_passes(f);
    REQUIRE(done);
    CHECK_FALSE(done->never_moved);
    CHECK(done->log_line == "alice lost on time");
    const GameRecord stored = *GameRecords(f.db).find(1);
    CHECK(stored.lost_on_time);
    CHECK_FALSE(stored.never_moved);
    CHECK_FALSE(stored.aborted_by);
    CHECK(stored.winner_colour == 1);
    CHECK(rating_change_rows(f) == 2);
  }
  SECTION("alice's only ply taken back: her deadline aborts the game") {
    PendingUndo f;
    f.deliver("bob@example.net", "hy3 accept 1 bob pw-bob");
    REQUIRE(GameRecords(f.db).find(1)->plies == 0);
    const auto done = deadline_passes(f);
    REQUIRE(done);
    CHECK(done->log_line == "aborted, alice never moved");
    CHECK(GameRecords(f.db).find(1)->aborted_by == "alice");
    CHECK(rating_change_rows(f) == 0);
  }
}
