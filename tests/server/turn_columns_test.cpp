// Whose turn it is, stored (schema/024_turn_columns.sql, issue 40 item 6): every way a ply
// or a result is stored (server/play/end_of_ply.*: a move, a swap, a resignation, a loss
// on time, an accepted undo, an abort) leaves games.to_move and games.swapped as a replay of
// the stored moves from scratch gives them, over random games of every kind, on SQLite and
// PostgreSQL. Listings read these columns instead of replaying (turn_columns.h).
#include <catch2/catch.hpp>

#include <optional>
#include <random>
#include <string>

#include "server/context/command_context.h"
#include "server/play/end_of_ply.h"
#include "server/storage/proposals.h"
#include "service_fixture.h"
#include "turn_columns.h"

using namespace pbem::server;

namespace {

struct Players : pbem::test::ServiceFixture {
  Players() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
  }
  // A command's context inside an open transaction, as a handler has it.
  struct Scope {
    explicit Scope(Players& f) : transaction(f.db), ctx(f.db, f.config, std::nullopt, request, out) {}
    Transaction transaction;
    Request request;
    Outcome out;
    CommandContext ctx;
  };
};

enum class Step { ply, resign, undo, loss_on_time, abort };

// One random step of every kind the game allows now, stored through the end of a ply.
// Returns the game as its store_* returned it.
GameRecord random_step(Players& f, const GameRecord& record, std::mt19937& random) {
  Players::Scope scope(f);
  auto game = scope.ctx.records.replay(record);
  std::vector<Step> steps(12, Step::ply);  // mostly plies, so games get long and swaps happen
  steps.insert(steps.end(), {Step::resign, Step::loss_on_time, Step::abort});
  if (record.plies > 0) steps.insert(steps.end(), 3, Step::undo);
  Step step = steps[std::uniform_int_distribution<std::size_t>(0, steps.size() - 1)(random)];
  if (record.swapped && record.plies == 2 && random() % 2) step = Step::undo;  // a swap taken back
  const int mover = game->to_move();
  const std::int64_t mover_id = record.players[static_cast<std::size_t>(mover ^ (game->swapped() ? 1 : 0))];
  PlyEnd end;
  switch (step) {
    case Step::ply: {
      const auto plies = game->legal_plies();
      // A swap, whenever it is allowed, half the time: the case the columns must follow.
      std::string ply = plies[std::uniform_int_distribution<std::size_t>(0, plies.size() - 1)(random)];
      if (game->swap_allowed() && random() % 2) ply = "swap";
      REQUIRE(game->play(ply).ok);
      end = store_ply(scope.ctx, record, *game, ply, mover, mover_id);
      break;
    }
    case Step::resign: {
      const int colour = static_cast<int>(random() % 2);  // by mail either player may resign
      REQUIRE(game->resign(colour).ok);
      end = store_ply(scope.ctx, record, *game, "resign", colour,
                      record.players[static_cast<std::size_t>(colour ^ (game->swapped() ? 1 : 0))]);
      break;
    }
    case Step::undo: {
      Proposals proposals(f.db);
      const Proposal undo = proposals.propose(record.id, ProposalKind::Undo, mover_id, record.plies);
      proposals.answer(undo, ProposalState::Accepted, record.players[0] == mover_id ? record.players[1] : record.players[0]);
      end = store_takeback(scope.ctx, record, undo.id);
      break;
    }
    case Step::loss_on_time: end = store_loss_on_time(scope.ctx, record, pbem::other(mover)); break;
    case Step::abort: end = store_abort(scope.ctx, record, mover_id); break;
  }
  scope.transaction.commit();
  return end.record;
}

}  // namespace

TEST_CASE("every stored ply and result keeps whose turn it is as a replay says", "[turn_columns]") {
  Players f;
  std::mt19937 random(20240611);
  int swaps = 0, takebacks_of_swaps = 0, ended = 0;
  for (const char* challenge : {"hy3 challenge alice bob -size=3 -swap", "gaia challenge bob alice -size=3",
                                "gates challenge alice bob"}) {
    for (int round = 0; round < 6; ++round) {
      f.deliver("alice@example.org", challenge);
      GameRecords records(f.db);
      GameRecord record = *records.find(pbem::test::newest_game(f.db));
      pbem::test::check_turn_columns(f.db, record.id);
      for (int step = 0; step < 40 && record.active; ++step) {
        const GameRecord before = record;
        record = random_step(f, record, random);
        CHECK(record == *records.find(record.id));  // what the write returned is what is stored
        pbem::test::check_turn_columns(f.db, record.id);
        if (record.swapped && !before.swapped) ++swaps;
        if (before.swapped && !record.swapped) ++takebacks_of_swaps;
      }
      if (!record.active) ++ended;
    }
  }
  // The random games did reach the cases that matter.
  CHECK(swaps > 0);
  CHECK(takebacks_of_swaps > 0);
  CHECK(ended > 0);
}
