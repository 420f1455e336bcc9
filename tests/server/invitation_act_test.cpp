// The acts of play/invitation_act.h called directly, with no channel: what a challenge, an
// `accept` or `decline` by command or digest reply, a signoff and the tick share. Each
// refusal is data and changes nothing (the games as they were, no event); a challenge
// waits as an invitation or starts at once, is accepted, declined or withdrawn, an open
// invitation is taken by the first, a block reads as `challenges none`, and one lapses.
#include <catch2/catch.hpp>

#include <variant>

#include "act_fixture.h"
#include "server/play/invitation_act.h"
#include "server/replies/invitation_replies.h"
#include "server/storage/blocks.h"
#include "test_database.h"

using namespace pbem::server;
using pbem::test::joined_rows;

namespace {

struct Invitations : pbem::test::ActFixture {
  Invitations() {
    member("carol", "carol@example.com");
    Accounts(db).set_challenges(account("bob"), "ask");
  }
  Account account(const std::string& userid) { return *Accounts(db).find(userid); }
  // What a refusal must leave as it was: every game's status, seats and lapse time.
  std::string state() {
    return joined_rows(db, "SELECT id || ':' || status || ':' || player0 || ':' || player1 || ':' || "
                           "COALESCE(lapses_at, '') FROM games ORDER BY id");
  }
  Challenge asked(const Account& first, const Account& second, const Account& challenger) {
    return {.type = "hy3", .options = "-size=3", .first = first, .second = second, .challenger = challenger,
            .rated = true, .days_per_move = 7, .bank = std::nullopt, .weekends_off = false};
  }
};

template <typename Kind, typename Result>
Kind refused_as(const Result& result) {
  return pbem::test::refusal_of_kind<InvitationRefusal, Kind>(result);
}

}  // namespace

TEST_CASE("a challenge waits as an invitation, is accepted once, and starts the game", "[invitation_act]") {
  Invitations f;
  const Account alice = f.account("alice"), bob = f.account("bob");
  auto made = challenge_player(f.work, f.asked(alice, bob, alice));
  REQUIRE(std::holds_alternative<GameRecord>(made));
  const GameRecord invitation = std::get<GameRecord>(made);
  CHECK(invitation.invitation == "invited");
  REQUIRE(f.work.events.size() == 1);
  CHECK(std::holds_alternative<event::InvitationSent>(f.work.events.back()));

  // One invitation between two players at a time: a limit, counted apart.
  std::string before = f.state();
  const auto pending = refused_as<invitation_refusal::InvitationBetweenPending>(
      challenge_player(f.work, f.asked(alice, bob, alice)));
  CHECK(pending.first == "alice");
  CHECK(is_limit(pending));
  // Its challenger cannot accept it.
  const auto own = refused_as<invitation_refusal::OwnInvitation>(respond_to_invitation(f.work, alice, invitation, true));
  CHECK(refusal_text(own) == "you sent the invitation to game 1 yourself: only bob can accept it (you can withdraw "
                             "it with decline)");
  CHECK_FALSE(is_limit(own));
  CHECK(f.state() == before);
  CHECK(f.work.events.size() == 1);

  auto answered = respond_to_invitation(f.work, bob, invitation, true);
  REQUIRE(std::holds_alternative<InvitationAccepted>(answered));
  const auto& accepted = std::get<InvitationAccepted>(answered);
  CHECK(accepted.other.userid == "alice");
  CHECK_FALSE(accepted.started.invitation);
  CHECK(std::holds_alternative<event::GameStarted>(f.work.events.back()));
  // A started game is no invitation: the command is about a proposal.
  CHECK(std::holds_alternative<NotAnInvitation>(respond_to_invitation(f.work, bob, f.game(1), true)));
}

TEST_CASE("an invitation declined or withdrawn ends once, and then refuses every answer", "[invitation_act]") {
  Invitations f;
  const Account alice = f.account("alice"), bob = f.account("bob");
  const GameRecord first = std::get<GameRecord>(challenge_player(f.work, f.asked(alice, bob, alice)));
  auto declined = respond_to_invitation(f.work, bob, first, false);
  REQUIRE(std::holds_alternative<InvitationEnded>(declined));
  CHECK(std::get<InvitationEnded>(declined).other->userid == "alice");
  CHECK_FALSE(std::get<InvitationEnded>(declined).withdrawn);
  const std::string before = f.state();
  const auto ended = refused_as<invitation_refusal::NotPending>(respond_to_invitation(f.work, bob, f.game(1), true));
  CHECK(ended.how == "declined");
  CHECK(refusal_text(ended) == "game 1 never started: the invitation was declined");
  CHECK(f.state() == before);

  const GameRecord second = std::get<GameRecord>(challenge_player(f.work, f.asked(bob, alice, alice)));
  auto withdrawn = respond_to_invitation(f.work, alice, second, false);
  REQUIRE(std::holds_alternative<InvitationEnded>(withdrawn));
  CHECK(std::get<InvitationEnded>(withdrawn).withdrawn);
  CHECK(std::holds_alternative<event::InvitationWithdrawn>(f.work.events.back()));
}

TEST_CASE("a block reads as challenges none to the blocked, plainly to the blocker", "[invitation_act]") {
  Invitations f;
  const Account alice = f.account("alice"), bob = f.account("bob"), carol = f.account("carol");
  Blocks(f.db).block(carol.id, alice.id);
  const std::string before = f.state();
  const auto blocked = refused_as<invitation_refusal::ChallengesRefused>(
      challenge_player(f.work, f.asked(alice, carol, alice)));
  CHECK(refusal_text(blocked) == "carol does not take challenges");
  CHECK(refusal_text(*start_refusal(f.work, carol, alice, GameStart::Unrated)) ==
        "you have blocked alice: unblock them first to play them");
  Accounts(f.db).set_challenges(bob, "none");
  CHECK(refusal_text(refused_as<invitation_refusal::ChallengesRefused>(
            challenge_player(f.work, f.asked(alice, f.account("bob"), alice)))) == "bob does not take challenges");
  CHECK(f.state() == before);
  CHECK(f.work.events.empty());
  // Carol takes challenges `auto`: bob's challenge starts the game at once.
  const GameRecord started = std::get<GameRecord>(challenge_player(f.work, f.asked(bob, carol, bob)));
  CHECK_FALSE(started.invitation);
  CHECK(std::holds_alternative<event::GameStarted>(f.work.events.back()));
}

TEST_CASE("an open invitation goes to its first taker, never to its challenger", "[invitation_act]") {
  Invitations f;
  const Account alice = f.account("alice"), bob = f.account("bob"), carol = f.account("carol");
  const GameRecord open =
      std::get<GameRecord>(offer_open_invitation(f.work, f.asked(alice, alice, alice), 1, std::nullopt));
  CHECK(open.invitation == "open");
  const std::string before = f.state();
  CHECK(refused_as<invitation_refusal::OwnOpenInvitation>(take_open_seat(f.work, alice, open)).game == open.id);
  CHECK(f.state() == before);

  auto taken = take_open_seat(f.work, bob, open);
  REQUIRE(std::holds_alternative<InvitationTaken>(taken));
  CHECK(std::get<InvitationTaken>(taken).challenger.userid == "alice");
  CHECK(std::get<InvitationTaken>(taken).started.players[1] == bob.id);
  const auto late = refused_as<invitation_refusal::OpenInvitationTaken>(take_open_seat(f.work, carol, f.game(1)));
  CHECK(late.took == "bob");
  // Its taker plays in it now: their `accept` is about a proposal.
  CHECK(std::holds_alternative<NotForTaking>(take_open_seat(f.work, bob, f.game(1))));
}

TEST_CASE("an invitation lapses once on the clock, and a leaving player's end", "[invitation_act]") {
  Invitations f;
  const Account alice = f.account("alice"), bob = f.account("bob");
  const GameRecord invitation = std::get<GameRecord>(challenge_player(f.work, f.asked(alice, bob, alice)));
  CHECK_FALSE(lapse_pending_invitation(f.work, invitation.id, "2000-01-01T00:00:00Z"));  // not due yet
  const auto lapsed = lapse_pending_invitation(f.work, invitation.id, "9999-01-01T00:00:00Z");
  REQUIRE(lapsed);
  CHECK(lapsed->challenger.userid == "alice");
  CHECK(lapsed->invitee == "bob");
  CHECK(std::holds_alternative<event::InvitationLapsed>(f.work.events.back()));
  CHECK_FALSE(lapse_pending_invitation(f.work, invitation.id, "9999-01-01T00:00:00Z"));

  std::get<GameRecord>(challenge_player(f.work, f.asked(bob, alice, alice)));
  std::get<GameRecord>(offer_open_invitation(f.work, f.asked(alice, alice, alice), 0, std::nullopt));
  const InvitationsLeft left = leave_invitations(f.work, alice);
  CHECK(left.ended == 2);
  REQUIRE(left.told.size() == 1);  // nobody else is in the open one
  CHECK(left.told[0].other.userid == "bob");
  CHECK(left.told[0].sent);
  CHECK(leave_invitations(f.work, alice).ended == 0);
}

TEST_CASE("who may take an open invitation: not its challenger, the computer, the blocked, or out of range",
          "[invitation_act]") {
  Invitations f;
  const Account alice = f.account("alice"), bob = f.account("bob");
  GameRecord open =
      std::get<GameRecord>(offer_open_invitation(f.work, f.asked(alice, alice, alice), 1, std::pair{1400, 1600}));
  int rating_reads = 0;
  const auto rated = [&](int rating) {
    return [&rating_reads, rating] {
      ++rating_reads;
      return rating;
    };
  };
  const auto no = [] { return false; };
  CHECK(may_take_open_invitation(open, bob, no, rated(1500)));
  CHECK_FALSE(may_take_open_invitation(open, bob, no, rated(1601)));
  CHECK_FALSE(may_take_open_invitation(open, bob, [] { return true; }, rated(1500)));
  CHECK_FALSE(may_take_open_invitation(open, alice, no, rated(1500)));
  Account computer = bob;
  computer.computer = true;
  CHECK_FALSE(may_take_open_invitation(open, computer, no, rated(1500)));
  // Without a range no rating is read.
  open.rating_low.reset();
  open.rating_high.reset();
  rating_reads = 0;
  CHECK(may_take_open_invitation(open, bob, no, rated(9999)));
  CHECK(rating_reads == 0);
}
