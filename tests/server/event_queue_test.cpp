// The durable event queue (issue 53: play/events.h, storage/event_queue.h,
// pipeline/event_delivery.h): what an act did is written in its transaction, delivered
// after the commit once to each consumer, never for a rolled-back transaction, and a
// consumer killed (SIGKILL) mid-way resumes without loss or duplicate. On both engines
// (the postgres_storage entry reruns this file on PostgreSQL).
#include <catch2/catch.hpp>

#include <csignal>
#include <map>

#include <sys/wait.h>
#include <unistd.h>

#include "server/pipeline/event_delivery.h"
#include "server/play/events.h"
#include "server/play/unit_of_work.h"
#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

// Alice and bob, a HY 3 game on the smallest board.
struct TwoPlayers : pbem::test::ServiceFixture {
  TwoPlayers() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    db.exec("CREATE TABLE consumed (consumer TEXT NOT NULL, event_id BIGINT NOT NULL, kind TEXT NOT NULL)");
  }
  // The kinds of game 1's events, in order.
  std::string kinds_of_game_1() {
    return pbem::test::joined_rows(db, "SELECT kind FROM game_events WHERE game_id = 1 ORDER BY id");
  }
  // A consumer that writes down every event it is given, in the delivery's transaction.
  static EventConsumer writing(const std::string& name) {
    return {name, [name](Database& db, const Config&, const StoredEvent& event) {
              auto insert = db.prepare("INSERT INTO consumed (consumer, event_id, kind) VALUES (?, ?, ?)");
              insert.bind(1, name).bind(2, event.id).bind(3, event.kind);
              insert.run();
            }};
  }
  EventsDelivered deliver_to(const std::vector<EventConsumer>& consumers, int limit = 1000) {
    return deliver_events(db, config, consumers, nullptr, [] { return false; }, limit);
  }
  // How many times each event reached `consumer`, by id.
  std::map<std::int64_t, int> deliveries(const std::string& consumer) {
    std::map<std::int64_t, int> seen;
    auto query = db.prepare("SELECT event_id FROM consumed WHERE consumer = ?");
    query.bind(1, consumer);
    while (query.step()) ++seen[query.column_int(0)];
    return seen;
  }
  std::int64_t events() {
    auto query = db.prepare("SELECT count(*) FROM game_events");
    query.step();
    return query.column_int(0);
  }
};

}  // namespace

TEST_CASE("a game's acts leave their events in order, as plain data", "[events]") {
  TwoPlayers f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob a1");
  f.deliver("bob@example.net", "hy3 resign 1 bob pw-bob");
  CHECK(f.kinds_of_game_1() == "game_started,ply_stored,ply_stored,ply_stored,game_ended,ratings_changed");
  auto last = f.db.prepare("SELECT kind, data FROM game_events WHERE kind = 'game_ended'");
  REQUIRE(last.step());
  const Event ended = event_from(last.column_text(0), last.column_text(1));
  const auto& game_ended = std::get<event::GameEnded>(ended);
  CHECK(game_ended.game == 1);
  CHECK(game_ended.reason == GameEnd::Resigned);
  CHECK(game_ended.winner == std::optional<std::int64_t>(1));  // alice's user id
  CHECK(game_ended.plies == 3);
  // No words and no addresses: the queue holds ids and plies.
  CHECK(pbem::test::joined_rows(f.db, "SELECT count(*) FROM game_events WHERE data LIKE '%@%' OR data LIKE "
                                      "'%alice%'") == "0");
}

TEST_CASE("a refused command leaves no event: its savepoint takes the rows with it", "[events]") {
  TwoPlayers f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  const auto before = f.events();
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob c1");     // not bob's turn
  f.deliver("alice@example.org", "hy3 move 1 alice wrong c1");  // a wrong password
  CHECK(f.events() == before);
}

TEST_CASE("the events of a rolled-back transaction are never delivered; a committed one's are, once each",
          "[events]") {
  TwoPlayers f;
  const std::vector<EventConsumer> consumers{TwoPlayers::writing("first"), TwoPlayers::writing("second")};
  f.deliver_to(consumers);  // registers both before anything happens
  {
    Transaction rolled_back(f.db);
    Outcome out;
    UnitOfWork work(f.db, f.config, ply_reactions(), competitions(), out);
    work.record(event::InvitationLapsed{42});
    CHECK(work.events.size() == 1);
  }
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  const auto first = f.deliver_to(consumers);
  CHECK(first.events == 4);  // game_started and ply_stored, to each consumer
  CHECK_FALSE(first.more);
  CHECK(f.deliver_to(consumers).events == 0);  // nothing twice
  for (const std::string name : {"first", "second"}) {
    const auto seen = f.deliveries(name);
    CHECK(seen.size() == 2);
    for (const auto& [id, times] : seen) CHECK(times == 1);
  }
  CHECK(pbem::test::joined_rows(f.db, "SELECT count(*) FROM consumed WHERE kind = 'invitation_lapsed'") == "0");
}

TEST_CASE("a consumer new to a server starts after the newest event, and a limit leaves the rest for later",
          "[events]") {
  TwoPlayers f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  CHECK(f.deliver_to({TwoPlayers::writing("late")}).events == 0);  // game_started was before it
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob a1");
  const auto limited = f.deliver_to({TwoPlayers::writing("late")}, 1);
  CHECK(limited.events == 1);
  CHECK(limited.more);
  CHECK(f.deliver_to({TwoPlayers::writing("late")}).events == 1);
  CHECK(f.deliveries("late").size() == 2);
}

TEST_CASE("a consumer that fails is tried again at the same event, its work rolled back", "[events]") {
  TwoPlayers f;
  int calls = 0;
  const EventConsumer failing{"flaky", [&](Database& db, const Config& config, const StoredEvent& event) {
                                TwoPlayers::writing("flaky").consume(db, config, event);
                                if (++calls == 1) throw std::runtime_error("not now");
                              }};
  f.deliver_to({failing});
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  CHECK(f.deliver_to({failing}).events == 0);
  CHECK(f.deliveries("flaky").empty());
  CHECK(f.deliver_to({failing}).events == 1);
  CHECK(f.deliveries("flaky").size() == 1);
}

TEST_CASE("a consumer killed mid-way resumes without loss or duplicate", "[events]") {
  TwoPlayers f;
  f.deliver_to({TwoPlayers::writing("killed")});
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob a1");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice b2");
  const auto waiting = EventQueue(f.db).waiting("killed");
  REQUIRE(waiting >= 4);

  // A process of its own, on a connection of its own, killed by SIGKILL inside the
  // transaction of its third event, after that event's work was written.
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    Database own(f.location);
    int seen = 0;
    const EventConsumer dies{"killed", [&](Database& db, const Config& config, const StoredEvent& event) {
                               TwoPlayers::writing("killed").consume(db, config, event);
                               if (++seen == 3) raise(SIGKILL);
                             }};
    deliver_events(own, f.config, {dies}, nullptr, [] { return false; }, 1000);
    _exit(0);  // not reached
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);
  CHECK(f.deliveries("killed").size() == 2);  // the third's work went with its transaction

  CHECK(f.deliver_to({TwoPlayers::writing("killed")}).events == waiting - 2);
  const auto seen = f.deliveries("killed");
  CHECK(static_cast<std::int64_t>(seen.size()) == waiting);
  for (const auto& [id, times] : seen) CHECK(times == 1);
}

TEST_CASE("retention forgets only what every consumer has passed, and ids are never given twice", "[events]") {
  TwoPlayers f;
  f.deliver_to({TwoPlayers::writing("fast"), TwoPlayers::writing("slow")});
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  f.deliver_to({TwoPlayers::writing("fast")});  // slow has passed nothing yet
  EventQueue queue(f.db);
  const auto later = std::chrono::system_clock::now() + std::chrono::hours(1);
  CHECK(queue.has_older_than(later));
  CHECK(queue.forget_passed(later, {"fast", "slow"}, 100) == 0);
  CHECK(queue.forget_passed(later, {"fast", "slow", "unregistered"}, 100) == 0);
  f.deliver_to({TwoPlayers::writing("slow")});
  CHECK(queue.forget_passed(std::chrono::system_clock::now() - std::chrono::hours(1), {"fast", "slow"}, 100) == 0);
  CHECK(queue.forget_passed(later, {"fast", "slow"}, 1) == 1);  // in bounded batches
  CHECK(queue.forget_passed(later, {"fast", "slow"}, 100) == 1);
  CHECK(f.events() == 0);
  // The newest rows went too: the next event still gets an id after every cursor.
  const auto cursor = queue.cursor("fast").value();
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob a1");
  CHECK(queue.after_cursor("fast", 10).size() == 1);
  CHECK(queue.after_cursor("fast", 10).front().id > cursor);
}

TEST_CASE("every kind of event reads back as it was written", "[events]") {
  const std::vector<Event> all{
      event::GameStarted{1, "gates", {3, 4}, false},
      event::PlyStored{1, 2, "c:d3", 1, 4},
      event::PlyTakenBack{1, 1},
      event::GameEnded{1, std::nullopt, GameEnd::NeverMoved, 4, 1},
      event::RatingsChanged{1, {{3, 1500, 1662.5}, {4, 1500, 1337.5}}},
      event::ProposalMade{1, "undo", 3},
      event::ProposalAnswered{1, "abort", 4, true},
      event::ProposalCancelled{1, "undo"},
      event::InvitationSent{2, 3, std::nullopt},
      event::InvitationAnswered{2, 4, false},
      event::InvitationWithdrawn{2, 3},
      event::InvitationLapsed{2},
      event::RoundStarted{5, 2},
      event::TournamentEnded{5},
      event::SeasonEnded{6, 3},
      event::RungsMoved{7, 8, 1}};
  REQUIRE(all.size() == kind_names().size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    CHECK(kind_name(all[i]) == kind_names()[i]);
    const Event back = event_from(kind_name(all[i]), event_data(all[i]));
    CHECK(back.index() == all[i].index());
    CHECK(event_data(back) == event_data(all[i]));
  }
  CHECK(game_of(all[0]) == std::optional<std::int64_t>(1));
  CHECK_FALSE(game_of(event::SeasonEnded{6, 3}));
  CHECK_THROWS_AS(event_from("no_such_kind", "{}"), std::invalid_argument);
  CHECK_THROWS_AS(event_from("ply_stored", "{\"game\": 1}"), std::invalid_argument);
}
