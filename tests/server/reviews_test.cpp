// The computer's reviews (issue 55) in storage and the pipeline, on both backends
// (tests/CMakeLists.txt runs this file on PostgreSQL too): the queue's order and counts, the
// per-day window, `reviews auto` by the reason a game ended, and the runner: one mail per
// confirmed address, marked done in the same transaction, the same review every time.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "server/pipeline/automatic_reviews.h"
#include "server/pipeline/review_runner.h"
#include "server/play/events.h"
#include "server/storage/accounts.h"
#include "server/storage/outbox.h"
#include "server/storage/reviews.h"
#include "service_fixture.h"

using namespace pbem::server;
using std::chrono::hours;

namespace {

struct ReviewFixture : pbem::test::TwoPlayers {
  ReviewFixture() {
    config.review.playouts = 50;
    const char* cells[] = {"c1", "a1", "c2", "a2", "c3", "a3", "c4", "b4", "c5"};
    deliver("alice@example.org", "hy3 challenge alice bob -size=3");
    for (int ply = 0; ply < 9; ++ply)
      deliver(ply % 2 == 0 ? "alice@example.org" : "bob@example.net",
              std::string("hy3 move 1 ") + (ply % 2 == 0 ? "alice pw-alice " : "bob pw-bob ") + cells[ply]);
  }
  std::int64_t id_of(const std::string& userid) { return Accounts(db).find(userid)->id; }
  std::vector<QueuedMail> reviews_queued() {
    std::vector<QueuedMail> found;
    for (const QueuedMail& mail : Outbox(db).queued())
      if (mail.data.find("Subject: HY 3 #1: review\r\n") != std::string::npos) found.push_back(mail);
    return found;
  }
  StoredEvent ended(GameEnd reason) {
    const Event event = event::GameEnded{1, id_of("alice"), reason, std::nullopt, 9};
    return StoredEvent{1, std::string(kind_name(event)), 1, event_data(event), ""};
  }
};

}  // namespace

TEST_CASE("reviews wait oldest first, each in its place, and the day counts what a user asked", "[reviews]") {
  ReviewFixture f;
  Reviews reviews(f.db);
  const auto now = std::chrono::system_clock::now();
  const std::int64_t alice = f.id_of("alice"), bob = f.id_of("bob");
  const std::int64_t first = reviews.ask(1, alice, false, now - hours(30));
  const std::int64_t second = reviews.ask(1, bob, true, now);
  CHECK(reviews.waiting() == 2);
  CHECK(reviews.place_of(first) == 1);
  CHECK(reviews.place_of(second) == 2);
  CHECK(reviews.next()->id == first);
  CHECK(reviews.waits_for(1, alice));
  CHECK_FALSE(reviews.waits_for(2, alice));
  // alice's ask is older than a day; bob's is `reviews auto` and not counted.
  CHECK(reviews.asked_since(alice, now - hours(24)) == 0);
  CHECK(reviews.asked_since(alice, now - hours(48)) == 1);
  CHECK(reviews.asked_since(bob, now - hours(24)) == 0);
  reviews.mark_done(first, now);
  CHECK(reviews.waiting() == 1);
  CHECK(reviews.place_of(second) == 1);
  CHECK(reviews.next()->id == second);
  CHECK(reviews.done() == 1);
  CHECK_FALSE(reviews.waits_for(1, alice));
  reviews.forget_done_before(now + hours(1));
  CHECK(reviews.done() == 0);
  CHECK(reviews.waiting() == 1);  // a waiting one is never forgotten
}

TEST_CASE("reviews auto queues for a result on the board, by resignation or on time, never an abort",
          "[reviews]") {
  ReviewFixture f;
  Reviews reviews(f.db);
  reviews.set_automatic(f.id_of("alice"), true);
  CHECK(reviews.automatic_for(f.id_of("alice")));
  CHECK_FALSE(reviews.automatic_for(f.id_of("bob")));
  for (GameEnd reason : {GameEnd::Aborted, GameEnd::NeverMoved, GameEnd::Voided, GameEnd::Adjudicated}) {
    queue_automatic_reviews(f.db, f.config, f.ended(reason));
    CHECK(reviews.waiting() == 0);
  }
  for (GameEnd reason : {GameEnd::Board, GameEnd::Resigned, GameEnd::Time}) {
    queue_automatic_reviews(f.db, f.config, f.ended(reason));
    CHECK(reviews.waiting() == 1);  // for alice only, and once while it waits
    CHECK(reviews.next()->user_id == f.id_of("alice"));
    CHECK(reviews.next()->automatic);
    reviews.mark_done(reviews.next()->id, std::chrono::system_clock::now());
  }
  // A full queue takes no automatic review.
  f.config.review.queue = 1;
  reviews.ask(1, f.id_of("bob"), false, std::chrono::system_clock::now());
  queue_automatic_reviews(f.db, f.config, f.ended(GameEnd::Board));
  CHECK(reviews.waiting() == 1);
}

TEST_CASE("the runner mails a review once, marks it done, and makes the same review every time", "[reviews]") {
  ReviewFixture f;
  Reviews reviews(f.db);
  reviews.ask(1, f.id_of("alice"), false, std::chrono::system_clock::now());
  reviews.ask(1, f.id_of("bob"), false, std::chrono::system_clock::now());
  ReviewRunner runner(f.db, f.config);
  CHECK(runner.make_pending([] { return true; }) == 2);
  CHECK(runner.make_pending([] { return true; }) == 0);
  CHECK(reviews.waiting() == 0);
  CHECK(reviews.done() == 2);
  const auto mails = f.reviews_queued();
  REQUIRE(mails.size() == 2);
  CHECK(mails[0].recipient == "alice@example.org");
  CHECK(mails[1].recipient == "bob@example.net");
  // The same game, the same review: the files, byte for byte (each mail has its own
  // MIME boundaries and Message-ID).
  const auto file = [](const std::string& data, const std::string& name) {
    const auto at = data.find("filename=" + name);
    REQUIRE(at != std::string::npos);
    return data.substr(at, data.find("\r\n--", at) - at);
  };
  for (const char* name : {"hy3-1-review.json", "hy3-1-review.sgf"})
    CHECK(file(mails[0].data, name) == file(mails[1].data, name));
  // A stopped runner leaves its review waiting.
  reviews.ask(1, f.id_of("alice"), false, std::chrono::system_clock::now());
  ReviewRunner stopped(f.db, f.config, nullptr, [] { return true; });
  CHECK_FALSE(stopped.make_one());
  CHECK(reviews.waiting() == 1);
  CHECK(f.reviews_queued().size() == 2);
}
