// Invitations in storage (schema/030_invitations.sql, GameRecords, Blocks, the challenges
// setting), on SQLite and on PostgreSQL (the postgres_storage ctest entry): an invitation is
// a game row no list, cap or clock sees until it starts; starting or ending it happens once.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "engine/registry.h"
#include "server/storage/accounts.h"
#include "server/storage/blocks.h"
#include "server/storage/game_records.h"
#include "server/handlers/tick_handlers.h"
#include "server/storage/outbox.h"
#include "server/storage/game_invitations.h"
#include "server/storage/game_listings.h"
#include "server/web/web_routes.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

struct Invitees : pbem::test::ServiceFixture {
  GameRecords records{db};
  std::int64_t alice = 0, bob = 0, carol = 0;

  Invitees() {
    member("alice", "alice@example.org", "");
    member("bob", "bob@example.net", "");
    member("carol", "carol@example.com", "");
    alice = Accounts(db).find("alice")->id;
    bob = Accounts(db).find("bob")->id;
    carol = Accounts(db).find("carol")->id;
  }

  GameRecord invite(std::int64_t from, std::int64_t to, std::optional<int> open_seat = std::nullopt) {
    const std::string options = pbem::create_game("hy3", {"-size=3"})->options_text();
    return records.create("hy3", options, from, open_seat ? from : to, "test.example", true, 3, std::nullopt, false,
                          InvitationTerms{.challenger = from, .lapses_at = "2030-01-08T12:00:00Z",
                                          .open_seat = open_seat, .rating_low = std::nullopt,
                                          .rating_high = std::nullopt});
  }
};

}  // namespace

TEST_CASE("an invitation is in no list, cap or clock until it starts", "[invitations]") {
  Invitees f;
  const GameRecord invited = f.invite(f.alice, f.bob);
  CHECK(invited == *f.records.find(invited.id));
  CHECK(invited.invitation == "invited");
  CHECK_FALSE(invited.active);
  CHECK_FALSE(invited.to_move);
  CHECK(GameListings(f.db).count_active(f.alice) == 0);
  CHECK(GameListings(f.db).of_type("hy3", std::nullopt, 100).empty());
  CHECK(GameListings(f.db).of_user(f.alice, 100).empty());
  CHECK(GameListings(f.db).awaiting(f.alice).empty());
  CHECK(GameInvitations(f.db).count_pending_invitations(f.alice) == 1);
  CHECK(GameInvitations(f.db).count_pending_invitations(f.bob) == 0);
  CHECK(GameInvitations(f.db).invitation_pending_between(f.bob, f.alice));
  CHECK_FALSE(GameInvitations(f.db).invitation_pending_between(f.alice, f.carol));
  CHECK(GameInvitations(f.db).invitations_to_lapse("2030-01-08T11:59:59Z").empty());
  CHECK(GameInvitations(f.db).invitations_to_lapse("2030-01-08T12:00:00Z") == std::vector<std::int64_t>{invited.id});

  const GameRecord started = GameInvitations(f.db).start_invitation(invited);
  CHECK(started == *f.records.find(invited.id));
  CHECK(started.active);
  CHECK_FALSE(started.invitation);
  CHECK(started.to_move == f.alice);
  CHECK(GameListings(f.db).count_active(f.alice) == 1);
  CHECK(GameInvitations(f.db).count_pending_invitations(f.alice) == 0);
  CHECK(GameInvitations(f.db).invitations_to_lapse("2031-01-01T00:00:00Z").empty());
  CHECK_FALSE(GameInvitations(f.db).end_invitation(started, "declined"));  // started: no longer pending
  CHECK_THROWS(GameInvitations(f.db).start_invitation(started));
}

TEST_CASE("an invitation ends once, and is then listed nowhere", "[invitations]") {
  Invitees f;
  const GameRecord invited = f.invite(f.alice, f.bob);
  CHECK(GameInvitations(f.db).end_invitation(invited, "lapsed"));
  CHECK_FALSE(GameInvitations(f.db).end_invitation(invited, "declined"));  // a second tick, a late decline
  CHECK(f.records.find(invited.id)->invitation == "lapsed");
  CHECK(GameListings(f.db).of_type("hy3", std::nullopt, 100).empty());
  CHECK(GameInvitations(f.db).count_pending_invitations(f.alice) == 0);
}

TEST_CASE("an open invitation gives its open seat to its taker, newest first in the listing", "[invitations]") {
  Invitees f;
  const GameRecord first = f.invite(f.alice, 0, 1);
  const GameRecord second = f.invite(f.bob, 0, 0);
  CHECK(first.invitation == "open");
  const auto listed = GameInvitations(f.db).open_invitations("hy3", 100);
  REQUIRE(listed.size() == 2);
  CHECK(listed[0].id == second.id);
  CHECK(listed[1] == first);
  CHECK(GameInvitations(f.db).open_invitations(1).size() == 1);
  const GameRecord taken = GameInvitations(f.db).start_invitation(second, f.carol);
  CHECK(taken.players == std::array<std::int64_t, 2>{f.carol, f.bob});
  CHECK(taken.open_seat == 0);
  CHECK(taken.to_move == f.carol);
  CHECK(GameInvitations(f.db).open_invitations("hy3", 100).size() == 1);
}

TEST_CASE("blocks and the challenges setting", "[invitations]") {
  Invitees f;
  Blocks blocks(f.db);
  CHECK(Accounts(f.db).find("alice")->challenges == "ask");
  Accounts(f.db).set_challenges(*Accounts(f.db).find("alice"), "none");
  CHECK(Accounts(f.db).find("alice")->challenges == "none");
  CHECK(blocks.block(f.bob, f.alice));
  CHECK_FALSE(blocks.block(f.bob, f.alice));
  CHECK(blocks.blocks(f.bob, f.alice));
  CHECK_FALSE(blocks.blocks(f.alice, f.bob));
  CHECK(blocks.block(f.bob, f.carol));
  CHECK(blocks.blocked_by(f.bob) == std::vector<std::string>{"alice", "carol"});
  CHECK(blocks.unblock(f.bob, f.alice));
  CHECK_FALSE(blocks.unblock(f.bob, f.alice));
  CHECK(blocks.blocked_by(f.bob) == std::vector<std::string>{"carol"});
}

TEST_CASE("the web front page lists the open invitations", "[invitations]") {
  Invitees f;
  f.deliver("alice@example.org", "hy3 challenge alice any -size=3 -rating=1400-1600");
  const std::string body = web::respond(f.db, f.config, {"GET", "/", ""}).body;
  CHECK(body.find("Open invitations") != std::string::npos);
  CHECK(body.find("HY 3 #1  alice (1500)  -size=3, 14 days per move, for ratings 1400-1600") != std::string::npos);
  f.deliver("bob@example.net", "hy3 accept 1 bob pw-bob");
  CHECK(web::respond(f.db, f.config, {"GET", "/", ""}).body.find("HY 3 #1  alice") == std::string::npos);
}

TEST_CASE("an invitation has no board to show, history to tell or game to watch until it starts", "[invitations]") {
  Invitees f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");  // bob answers challenges himself
  const auto last_reply = [&] { return Outbox(f.db).queued().back().data; };
  const std::string waiting = "game 1 has not started";
  for (const char* command : {"hy3 show 1", "hy3 history 1", "hy3 preview 1 a1", "hy3 subscribe 1 carol pw-carol"}) {
    INFO(command);
    f.deliver("carol@example.com", command);
    CHECK(last_reply().find(waiting) != std::string::npos);
  }
  CHECK(web::respond(f.db, f.config, {"GET", "/games/1", ""}).status == 404);
  CHECK(web::respond(f.db, f.config, {"GET", "/games/1.png", ""}).status == 404);
  // Started, it is a game like any other.
  f.deliver("bob@example.net", "hy3 accept 1 bob pw-bob");
  f.deliver("carol@example.com", "hy3 show 1");
  CHECK(last_reply().find("has not started") == std::string::npos);
  CHECK(web::respond(f.db, f.config, {"GET", "/games/1", ""}).status == 200);
}

TEST_CASE("the digest offers open invitations only to a player who may start another game", "[invitations]") {
  Invitees f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("bob@example.net", "hy3 accept 1 bob pw-bob");  // alice to move: her digest comes
  f.deliver("carol@example.com", "hy3 challenge carol any -size=3");
  f.deliver("alice@example.org", "set alice pw-alice digest 12");
  const auto digest = [&] {
    Transaction transaction(f.db);
    const auto done = send_digest(f.db, f.config, f.alice, "2099-01-01T12:00:00Z");
    REQUIRE(done);
    REQUIRE(done->replies.size() == 1);
    return done->replies[0].text;
  };
  CHECK(digest().find("Open invitations you can take") != std::string::npos);
  f.config.limits.active_games_per_user = 1;  // alice plays as many as she may
  CHECK(digest().find("Open invitations you can take") == std::string::npos);
}
