// Issue 44 (spec "Time that protects the player") in storage, on both backends (this file
// is one of the postgres_storage tests): the autovacation day the clock duty takes instead
// of a loss on time, at most one a UTC day; -weekends=off stored with a game and a
// tournament and counted by the clock; `pbem clock extend`'s arithmetic.
#include <catch2/catch.hpp>

#include <chrono>

#include "server/handlers/tick_handlers.h"
#include "server/play/autovacation.h"
#include "server/play/game_clock.h"
#include "server/storage/game_records.h"
#include "server/storage/tournaments.h"
#include "server/storage/vacations.h"
#include "server/support/clock.h"
#include "service_fixture.h"

using namespace pbem::server;
using namespace std::chrono;

namespace {

// alice and bob in game 1, both having moved (bob to move): a deadline is a loss, not an abort.
struct BothMoved : pbem::test::ServiceFixture {
  BothMoved() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    deliver("alice@example.org", "hy3 challenge alice bob -size=4");
    deliver("alice@example.org", "hy3 move 1 alice pw-alice b2");
    deliver("bob@example.net", "hy3 move 1 bob pw-bob c3");
    deliver("alice@example.org", "hy3 move 1 alice pw-alice a1");
  }

  // The deadline passes at `now`: the clock duty, as the tick does it, in one transaction.
  std::optional<ClockDutyDone> deadline_passes_at(const std::string& now) {
    db.prepare("UPDATE games SET deadline_at = ? WHERE id = 1 AND status = 'active'").bind_all(now).run();
    Transaction transaction(db);
    auto done = carry_out_clock_duty(db, config, 1, ClockDuty::LossOnTime, now);
    transaction.commit();
    return done;
  }
  int automatic_vacations() {
    auto query = db.prepare("SELECT count(*) FROM vacations WHERE automatic = 1");
    query.step();
    return static_cast<int>(query.column_int(0));
  }
};

}  // namespace

TEST_CASE("a vacation day instead of a loss on time, once a day, while days are left", "[time_protection]") {
  BothMoved f;
  const std::int64_t bob = Accounts(f.db).find("bob")->id;
  const auto done = f.deadline_passes_at("2097-03-01T12:00:00Z");
  REQUIRE(done);
  CHECK(done->autovacation);
  CHECK(done->log_line == "a vacation day for bob instead of a loss on time");
  REQUIRE(done->replies.size() == 1);  // one mail, to bob alone
  CHECK(done->replies[0].to == "bob@example.net");
  CHECK(done->replies[0].subject == "HY 3 #1: a vacation day for bob instead of a loss on time");
  CHECK_THAT(done->replies[0].text, Catch::Contains("one of your vacation days has started instead of a loss on time"));
  CHECK_THAT(done->replies[0].text, Catch::Contains("until 2097-03-02 12:00 UTC. You have 29 days of vacation left in 2097"));
  const GameRecord game = *GameRecords(f.db).find(1);
  CHECK(game.active);
  CHECK(game.deadline_at == "2097-03-02T12:00:00Z");  // the day's end: nothing was left
  CHECK_FALSE(game.remind_at);                         // the mail was this deadline's notice
  const auto vacation = Vacations(f.db).current(bob, "2097-03-01T13:00:00Z");
  REQUIRE(vacation);
  CHECK(vacation->automatic);
  CHECK(vacation->days == 1);

  SECTION("the next day, another") {
    const auto again = f.deadline_passes_at("2097-03-02T12:00:00Z");
    REQUIRE(again);
    CHECK(again->autovacation);
    CHECK(f.automatic_vacations() == 2);
    CHECK(GameRecords(f.db).find(1)->deadline_at == "2097-03-03T12:00:00Z");
    CHECK_THAT(again->replies.at(0).text, Catch::Contains("You have 28 days of vacation left"));
  }
  SECTION("never a second on the same day: the loss on time stands") {
    // bob ends it at once; the deadline that then passes the same day is a loss.
    Vacations(f.db).end_early(vacation->id, "2097-03-01T13:00:00Z", 1);
    const auto lost = f.deadline_passes_at("2097-03-01T23:59:59Z");
    REQUIRE(lost);
    CHECK_FALSE(lost->autovacation);
    CHECK(lost->log_line == "bob lost on time");
    CHECK(f.automatic_vacations() == 1);
    CHECK(GameRecords(f.db).find(1)->lost_on_time);
  }
}

TEST_CASE("no vacation day with autovacation off or no days left", "[time_protection]") {
  BothMoved f;
  const std::int64_t bob = Accounts(f.db).find("bob")->id;
  SECTION("off") {
    Vacations(f.db).set_autovacation(bob, false);
    CHECK_FALSE(Vacations(f.db).autovacation(bob));
  }
  SECTION("the year's days taken") { Vacations(f.db).start(bob, "2097-01-10T00:00:00Z", "2097-02-09T00:00:00Z", 30); }
  const auto done = f.deadline_passes_at("2097-03-01T12:00:00Z");
  REQUIRE(done);
  CHECK(done->log_line == "bob lost on time");
  CHECK(f.automatic_vacations() == 0);
}

TEST_CASE("-weekends=off is stored with a game and a tournament", "[time_protection]") {
  pbem::test::ServiceFixture f;
  f.member("alice", "alice@example.org");
  f.member("bob", "bob@example.net");
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=4 -days=3 -weekends=off");
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=4 -days=3");
  CHECK(GameRecords(f.db).find(1)->weekends_off);
  CHECK_FALSE(GameRecords(f.db).find(2)->weekends_off);
  f.deliver("alice@example.org", "hy3 tournament new alice pw-alice Spring -weekends=off -clock=5+1");
  const auto t = Tournaments(f.db).find(1);
  REQUIRE(t);
  CHECK(t->weekends_off);
  CHECK(t->time_bank == "5+1");
}

TEST_CASE("a clock that restarts or is extended counts weekends off", "[time_protection]") {
  BothMoved f;
  const std::int64_t bob = Accounts(f.db).find("bob")->id;
  f.db.exec("UPDATE games SET weekends_off = 1, deadline_at = '2097-03-08T12:00:00Z', "
            "remind_at = '2097-03-05T12:00:00Z' WHERE id = 1");
  // 2097-03-08 is a Friday. A vacation day from Thursday noon: the 24 h left then run from
  // Friday noon, 12 h on Friday and 12 on Monday.
  const auto thursday_noon = *parse_iso8601("2097-03-07T12:00:00Z");
  CHECK(restart_clocks_of(f.db, bob, thursday_noon, thursday_noon + hours(24)) == 1);
  GameRecord game = *GameRecords(f.db).find(1);
  CHECK(game.deadline_at == "2097-03-11T12:00:00Z");
  CHECK(game.remind_at == "2097-03-06T12:00:00Z");  // still 72 h of running time before it
  // 12 h more from Monday noon: Tuesday 00:00 stays a weekday.
  const TurnClock extended = extended_clock(f.config.clock, game, hours(12), thursday_noon);
  CHECK(extended.deadline_at == "2097-03-12T00:00:00Z");
  CHECK(extended.remind_at == "2097-03-07T00:00:00Z");
  // The bank figure counts only running time: from Saturday noon, Monday noon is 12 h away.
  CHECK(seconds_left(f.db, game, bob, *parse_iso8601("2097-03-09T12:00:00Z")) == 12 * 3600);
}
