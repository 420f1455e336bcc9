// The acts of play/proposal_act.h called directly, with no channel: what a mail command, a
// reply and the computer share. Each refusal is data and changes nothing (the proposals and
// the game as they were); an undo and an abort by agreement are proposed and accepted, a
// proposal declined and withdrawn, a game aborted alone before the first move, and a
// competition's game refuses its abort.
#include <catch2/catch.hpp>

#include <algorithm>
#include <variant>

#include "act_fixture.h"
#include "server/mailing/proposal_refusal_text.h"
#include "server/play/proposal_act.h"
#include "test_database.h"

using namespace pbem::server;
using pbem::test::joined_rows;

namespace {

struct Acts : pbem::test::ActFixture {
  // What a refusal must leave as it was: every proposal, every game and every move.
  std::string state() {
    return joined_rows(db, "SELECT kind || ':' || state || ':' || at_ply FROM proposals ORDER BY id") + " | " +
           joined_rows(db, "SELECT g.status || ':' || g.plies || ':' || COALESCE(u.userid, '') FROM games g "
                               "LEFT JOIN users u ON u.id = g.aborted_by ORDER BY g.id") +
           " | " + joined_rows(db, "SELECT game_id || ':' || move FROM moves ORDER BY game_id, ply");
  }
  std::size_t events_of_kind(std::size_t index) {
    return static_cast<std::size_t>(
        std::count_if(work.events.begin(), work.events.end(), [&](const Event& e) { return e.index() == index; }));
  }
};

// The refusal of `result`, which must be of kind `Kind` (a copy: results are temporaries).
template <typename Kind, typename Done, typename Refused>
Kind refused_as(const ActResult<Done, Refused>& result) {
  REQUIRE_FALSE(result.done());
  const Refused& why = std::get<Refused>(result.outcome);
  REQUIRE(std::holds_alternative<Kind>(why));
  return std::get<Kind>(why);
}

}  // namespace

TEST_CASE("an undo is proposed by the last mover alone and accepted by the opponent", "[proposal_act]") {
  Acts f;
  const std::int64_t alice = f.id_of("alice"), bob = f.id_of("bob");
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");

  std::string before = f.state();
  refused_as<refusal::NoMoveToTakeBack>(propose_undo(f.work, f.game(1), alice));
  CHECK(refusal_text(ProposalRefusal(refusal::NoMoveToTakeBack{}), f.work, f.game(1)) ==
        "game 1 has no move to take back");
  refused_as<refusal::NoProposalToAccept>(accept_proposal(f.work, f.game(1), bob));
  refused_as<refusal::NoProposalToDecline>(decline_proposal(f.work, f.game(1), bob));
  CHECK(f.state() == before);

  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  before = f.state();
  const auto not_last = refused_as<refusal::NotYourLastMove>(propose_undo(f.work, f.game(1), bob));
  CHECK(not_last.number == 1);
  CHECK(not_last.mover == "alice");
  CHECK(refusal_text(ProposalRefusal(not_last), f.work, f.game(1)) ==
        "the last move of game 1, move 1, is alice's, not yours: you can only propose to take back your own last "
        "move, before your opponent has moved since");
  CHECK(f.state() == before);

  auto proposed = propose_undo(f.work, f.game(1), alice);
  REQUIRE(proposed.done());
  const Proposal proposal = std::get<Proposal>(proposed.outcome);
  CHECK(proposal.kind == ProposalKind::Undo);
  CHECK(proposal.at_ply == 1);
  CHECK(proposal.proposer == "alice");
  CHECK(f.events_of_kind(Event(event::ProposalMade{}).index()) == 1);

  // One at a time; the proposer cannot accept their own.
  before = f.state();
  CHECK(refused_as<refusal::ProposalPending>(propose_undo(f.work, f.game(1), alice)).pending.id == proposal.id);
  CHECK(refused_as<refusal::ProposalPending>(propose_abort(f.work, f.game(1), bob)).pending.id == proposal.id);
  CHECK(refused_as<refusal::OwnProposal>(accept_proposal(f.work, f.game(1), alice)).proposal.id == proposal.id);
  CHECK(refusal_text(ProposalRefusal(refusal::OwnProposal{proposal}), f.work, f.game(1)) ==
        "you proposed to take back move 1 (c1) yourself: only bob can accept it (you can withdraw it with decline)");
  CHECK(f.state() == before);

  auto accepted = accept_proposal(f.work, f.game(1), bob);
  REQUIRE(accepted.done());
  const ProposalAccepted& done = std::get<ProposalAccepted>(accepted.outcome);
  CHECK(done.proposal.id == proposal.id);
  CHECK(done.end.record.plies == 0);
  REQUIRE(done.taken_back);
  CHECK(done.taken_back->move == "c1");
  CHECK(f.state() == "undo:accepted:1 | active:0: | -");
  CHECK(f.events_of_kind(Event(event::PlyTakenBack{}).index()) == 1);
}

TEST_CASE("a proposal declined by the opponent, withdrawn by its proposer", "[proposal_act]") {
  Acts f;
  const std::int64_t alice = f.id_of("alice"), bob = f.id_of("bob");
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");

  REQUIRE(propose_undo(f.work, f.game(1), alice).done());
  auto declined = decline_proposal(f.work, f.game(1), bob);
  REQUIRE(declined.done());
  CHECK_FALSE(std::get<ProposalDeclined>(declined.outcome).withdrawn);

  REQUIRE(propose_undo(f.work, f.game(1), alice).done());
  auto withdrawn = decline_proposal(f.work, f.game(1), alice);
  REQUIRE(withdrawn.done());
  CHECK(std::get<ProposalDeclined>(withdrawn.outcome).withdrawn);
  // The move stays.
  CHECK(f.state() == "undo:declined:1,undo:withdrawn:1 | active:1: | 1:c1");
}

TEST_CASE("abort ends a game alone before the player's first move, else proposes it", "[proposal_act]") {
  Acts f;
  const std::int64_t alice = f.id_of("alice"), bob = f.id_of("bob");

  // Before the first move: either player ends it alone.
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  auto alone = abort_game(f.work, f.game(1), bob);
  REQUIRE(alone.done());
  const AbortDone& ended = std::get<AbortDone>(alone.outcome);
  CHECK_FALSE(ended.proposed());
  REQUIRE(ended.end);
  CHECK(ended.end->record.aborted_by == "bob");
  CHECK(f.state() == "- | finished:0:bob | -");
  // Aborted: abort says how and when, a proposal how.
  const std::string before = f.state();
  refused_as<refusal::GameAborted>(abort_game(f.work, f.game(1), alice));
  CHECK(refusal_text(AbortRefusal(refusal::GameAborted{}), f.work, f.game(1)) ==
        "game 1 was aborted by bob before the first move");
  refused_as<refusal::GameAborted>(propose_undo(f.work, f.game(1), alice));
  CHECK(refusal_text(ProposalRefusal(refusal::GameAborted{}), f.work, f.game(1)) == "game 1 was aborted by bob");
  refused_as<refusal::NoProposalGameOver>(accept_proposal(f.work, f.game(1), alice));
  refused_as<refusal::NoProposalGameOver>(decline_proposal(f.work, f.game(1), alice));
  CHECK(f.state() == before);

  // After their own first move: a proposal, which the opponent accepts.
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 2 alice pw-alice c1");
  auto proposed = abort_game(f.work, f.game(2), alice);
  REQUIRE(proposed.done());
  const AbortDone& asked = std::get<AbortDone>(proposed.outcome);
  REQUIRE(asked.proposed());
  CHECK(asked.proposal->kind == ProposalKind::Abort);
  CHECK_FALSE(asked.end);
  CHECK(refused_as<refusal::ProposalPending>(abort_game(f.work, f.game(2), alice)).pending.id == asked.proposal->id);
  auto accepted = accept_proposal(f.work, f.game(2), bob);
  REQUIRE(accepted.done());
  const ProposalAccepted& agreed = std::get<ProposalAccepted>(accepted.outcome);
  CHECK(agreed.end.record.aborted_by == "alice");
  CHECK_FALSE(agreed.taken_back);
  CHECK(f.game(2).aborted_by == "alice");
  CHECK_FALSE(f.game(2).active);
  CHECK(refusal_text(ProposalRefusal(refusal::GameAborted{}), f.work, f.game(2)) ==
        "game 2 was aborted by agreement (alice proposed it)");

  // A game over by resignation: its result stands.
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 3 alice pw-alice c1");
  f.deliver("bob@example.net", "hy3 resign 3 bob pw-bob");
  const std::string over = f.state();
  refused_as<refusal::GameOver>(abort_game(f.work, f.game(3), alice));
  refused_as<refusal::GameOver>(propose_undo(f.work, f.game(3), alice));
  refused_as<refusal::GameOver>(propose_abort(f.work, f.game(3), alice));
  CHECK(refusal_text(AbortRefusal(refusal::GameOver{}), f.work, f.game(3)) == "game 3 is over");
  CHECK(f.state() == over);
}

TEST_CASE("a competition's game refuses its abort", "[proposal_act]") {
  Acts f;
  f.deliver("alice@example.org", "hy3 ladder new alice pw-alice club -size=3");
  f.deliver("alice@example.org", "hy3 join L#1 alice pw-alice");
  f.deliver("bob@example.net", "hy3 join L#1 bob pw-bob");
  f.deliver("bob@example.net", "hy3 climb L#1 bob pw-bob alice");
  const GameRecord ladder_game = f.game(1);
  REQUIRE(ladder_game.active);
  const std::string before = f.state();
  const auto why = refused_as<refusal::AbortInCompetition>(abort_game(f.work, ladder_game, f.id_of("bob")));
  CHECK(why.kind == "ladder");
  CHECK(why.id == 1);
  CHECK(why.name == "club");
  CHECK(refusal_text(AbortRefusal(why), f.work, ladder_game).find("cannot be aborted") != std::string::npos);
  CHECK(f.state() == before);
}
