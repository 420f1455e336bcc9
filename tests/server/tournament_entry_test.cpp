// The join of a tournament as the act of competition/tournament_play.h, called with no
// channel: each refusal is data and enters nobody (closed entry, a second join, an
// unconfirmed or signed-off player, a full field, the caps on games against the computer);
// the join that fills -players says so, for the caller to start the tournament.
#include <catch2/catch.hpp>

#include <variant>

#include "act_fixture.h"
#include "server/competition/tournament_play.h"
#include "server/replies/tournament_replies.h"
#include "server/storage/tournaments.h"
#include "test_database.h"

using namespace pbem::server;
using pbem::test::joined_rows;

namespace {

struct Entry : pbem::test::ActFixture {
  Entry() {
    member("carol", "carol@example.com");
    deliver("alice@example.org", "hy3 tournament new alice pw-alice spring -players=3");  // T#1
  }
  Account account(const std::string& userid) { return *Accounts(db).find(userid); }
  TournamentRecord tournament() { return *Tournaments(db).find(1); }
  std::string entrants() { return joined_rows(db, "SELECT user_id FROM tournament_entrants ORDER BY user_id"); }
};

template <typename Kind>
Kind refused_as(const std::variant<TournamentJoined, TournamentJoinRefusal>& result) {
  return pbem::test::refusal_of_kind<TournamentJoinRefusal, Kind>(result);
}

}  // namespace

TEST_CASE("a tournament is joined once, and the join that fills it says so", "[tournament_entry]") {
  Entry f;
  const auto first = enter_tournament(f.work, f.tournament(), f.account("alice"));
  REQUIRE(std::holds_alternative<TournamentJoined>(first));
  CHECK(std::get<TournamentJoined>(first).entered == 1);
  CHECK_FALSE(std::get<TournamentJoined>(first).full);

  const std::string before = f.entrants();
  const auto again = refused_as<TournamentRefusal>(enter_tournament(f.work, f.tournament(), f.account("alice")));
  CHECK(std::holds_alternative<tournament_refusal::AlreadyJoined>(again));
  CHECK(f.entrants() == before);

  REQUIRE(std::holds_alternative<TournamentJoined>(enter_tournament(f.work, f.tournament(), f.account("bob"))));
  const auto last = enter_tournament(f.work, f.tournament(), f.account("carol"));
  REQUIRE(std::holds_alternative<TournamentJoined>(last));
  CHECK(std::get<TournamentJoined>(last).entered == 3);
  CHECK(std::get<TournamentJoined>(last).full);
}

TEST_CASE("a closed, full or unconfirmed entry is refused as data and enters nobody", "[tournament_entry]") {
  Entry f;
  Account signed_off = f.account("carol");
  signed_off.active = false;
  CHECK(refused_as<EntrantRefusal>(enter_tournament(f.work, f.tournament(), signed_off)) == EntrantRefusal::SignedOff);
  Account unconfirmed = f.account("carol");
  unconfirmed.confirmed.clear();
  CHECK(refused_as<EntrantRefusal>(enter_tournament(f.work, f.tournament(), unconfirmed)) ==
        EntrantRefusal::Unconfirmed);
  TournamentRecord closed = f.tournament();
  closed.status = "running";
  const auto why = refused_as<TournamentRefusal>(enter_tournament(f.work, closed, f.account("carol")));
  CHECK(std::holds_alternative<tournament_refusal::EntryClosed>(why));
  TournamentRecord small = f.tournament();
  small.players = 0;
  CHECK(std::get<tournament_refusal::Full>(
            refused_as<TournamentRefusal>(enter_tournament(f.work, small, f.account("carol"))))
            .cap == 0);
  CHECK(f.entrants() == "-");
}

TEST_CASE("a tournament with the computer holds a human's places against it from the join", "[tournament_entry]") {
  Entry f;
  f.config.bot.games_per_user = 0;
  const Account computer = *f.work.accounts.ensure_computer(f.config.bot.userid);
  REQUIRE(std::holds_alternative<TournamentJoined>(enter_tournament(f.work, f.tournament(), computer)));
  const auto cap = refused_as<GameLimitRefusal>(enter_tournament(f.work, f.tournament(), f.account("bob")));
  REQUIRE(std::holds_alternative<limit_refusal::ComputerGames>(cap));
  CHECK(std::get<limit_refusal::ComputerGames>(cap).player == "bob");
  CHECK(std::get<limit_refusal::ComputerGames>(cap).more == 1);
}
