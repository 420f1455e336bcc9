// Pictures drawn ahead (server/pipeline/picture_warmup.*): a batch's moves are drawn into
// the shared picture cache before the write transaction, so the board mail inside finds
// them there; the guess never changes what is stored or sent.
#include <catch2/catch.hpp>

#include "server/addresses/mail_addresses.h"
#include "server/mailing/picture_cache.h"
#include "server/pipeline/picture_warmup.h"
#include "server/storage/accounts.h"
#include "server/storage/inbox.h"
#include "server/storage/outbox.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

struct Players : pbem::test::ServiceFixture {
  Players() {
    // alice's password stays unchecked in this process (her challenges stay the default,
    // ask); bob takes challenges at once (auto), so the challenge starts the game.
    member("alice", "alice@example.org", "");
    member("bob", "bob@example.net");
    deliver("alice@example.org", "hy3 challenge alice bob -size=4");
  }
  // The intake record of a stored message, as the processor would read it.
  IntakeRecord record_of(const std::string& from, const std::string& subject) {
    const auto id = service.receive(pbem::test::plain_mail(from, subject, "warm-" + subject), std::nullopt).inbox_id;
    return read_stored_message(db, *Inbox(db).load(id), config);
  }
  // The intake record of a reply to alice's game address whose first line is `line`.
  IntakeRecord reply_of(const std::string& line) {
    const std::string address = player_game_address(db, config, 1, "alice", 0);
    const std::string raw = "From: alice@example.org\r\nTo: " + address + "\r\nSubject: Re: Hy3 #1: alice to move\r\n" +
                            "Message-ID: <warm-reply-" + line + "@example.org>\r\n\r\n" + line + "\r\n";
    const auto id = service.receive(raw, std::nullopt, {address}).inbox_id;
    return read_stored_message(db, *Inbox(db).load(id), config);
  }
};

}  // namespace

TEST_CASE("the position a move will make is found ahead, and only for a move that can be made", "[pictures]") {
  Players p;
  const IntakeRecord good = p.record_of("alice@example.org", "hy3 move 1 alice pw-alice b2");
  const IntakeRecord illegal = p.record_of("alice@example.org", "hy3 move 1 alice pw-alice z9");
  const IntakeRecord other_kind = p.record_of("alice@example.org", "gaia move 1 alice pw-alice a1");
  const IntakeRecord not_a_move = p.record_of("alice@example.org", "hy3 show 1");
  // Issue 26 item 8: nothing is drawn for a password nobody has checked yet (anyone's mail
  // could cost milliseconds of CPU each) ...
  CHECK(positions_after_moves(p.db, {&good, &illegal, &other_kind, &not_a_move}).empty());
  // ... only once this process has verified it (here by a command that used it).
  p.deliver("alice@example.org", "set alice pw-alice pictures on");
  const IntakeRecord wrong_password = p.record_of("alice@example.org", "hy3 move 1 alice pw-wrong b2");
  CHECK(positions_after_moves(p.db, {&wrong_password}).empty());
  const auto positions = positions_after_moves(p.db, {&good, &illegal, &other_kind, &not_a_move});
  REQUIRE(positions.size() == 1);
  CHECK(positions[0]->record() == std::vector<std::string>{"b2"});
  // Nothing was stored by looking ahead.
  CHECK(Inbox(p.db).pending().size() == 5);

  // Players who both turned pictures off get nothing drawn ahead.
  Accounts accounts(p.db);
  accounts.set_pictures(*accounts.find("alice"), false);
  accounts.set_pictures(*accounts.find("bob"), false);
  CHECK(positions_after_moves(p.db, {&good}).empty());
}

TEST_CASE("a move's board mail takes the picture drawn ahead of the transaction", "[pictures]") {
  Players p;
  p.deliver("alice@example.org", "set alice pw-alice pictures on");  // her password is known good now
  auto& cache = shared_picture_cache();
  p.service.receive(pbem::test::plain_mail("alice@example.org", "hy3 move 1 alice pw-alice c3", "m1"), std::nullopt);
  const std::size_t hits = cache.hits(), misses = cache.misses();
  const std::size_t queued = Outbox(p.db).queued().size();
  CHECK(p.service.process_pending() == 1);
  // Two lookups: the drawing ahead, and the board mail (for both players), which found it.
  // (The cache is the process's: another test may have drawn this position already.)
  CHECK(cache.hits() + cache.misses() == hits + misses + 2);
  CHECK(cache.hits() >= hits + 1);
  const auto mails = Outbox(p.db).queued();
  REQUIRE(mails.size() == queued + 2);
  for (std::size_t i = queued; i < mails.size(); ++i) CHECK(mails[i].data.find("image/png") != std::string::npos);
}

TEST_CASE("a reply's ply is drawn ahead on its game address's authority; its swap, note or resign is not",
          "[pictures]") {
  Players p;
  Accounts(p.db).set_pictures(*Accounts(p.db).find("alice"), true);
  const IntakeRecord ply = p.reply_of("b2");
  REQUIRE(ply.command.act);
  const auto positions = positions_after_moves(p.db, {&ply});
  REQUIRE(positions.size() == 1);
  CHECK(positions[0]->record() == std::vector<std::string>{"b2"});
  const IntakeRecord resign = p.reply_of("resign");
  const IntakeRecord swap = p.reply_of("swap");
  const IntakeRecord note = p.reply_of("note");
  CHECK(positions_after_moves(p.db, {&resign, &swap, &note}).empty());
}
