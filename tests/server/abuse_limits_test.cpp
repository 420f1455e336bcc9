// Issue 26: limits that hold however the messages arrive. The password throttle holds
// exactly inside one batch, and work done ahead of a batch can never end the process.
#include <catch2/catch.hpp>

#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/context/mail_allowance.h"
#include "server/pipeline/mail_service.h"
#include "server/pipeline/reply_queue.h"
#include "server/pipeline/work_ahead.h"
#include "server/storage/outbox.h"
#include "server/storage/passwords.h"
#include "service_fixture.h"

using namespace pbem::server;

TEST_CASE("wrong passwords in one batch cost no more Argon2id checks than the throttle allows", "[throttle]") {
  pbem::test::ServiceFixture f;
  f.member("dora", "dora@example.org");
  const int limit = f.config.limits.failed_passwords_per_hour;
  const int guesses = 3 * limit;
  REQUIRE(guesses <= static_cast<int>(MailService::kBatchSize));
  for (int n = 0; n < guesses; ++n)
    f.service.receive(pbem::test::plain_mail("mallory@example.net", "signoff dora guess-" + std::to_string(n),
                                             "guess-" + std::to_string(n)),
                      std::nullopt);
  const std::size_t queued = Outbox(f.db).queued().size();
  const auto before = password_verifications();
  CHECK(f.service.process_pending() == guesses);
  CHECK(password_verifications() - before == static_cast<unsigned long long>(limit));
  // Every guess was answered: the first `limit` as wrong, the rest as throttled, unchecked.
  int wrong = 0, throttled = 0;
  const auto replies = Outbox(f.db).queued();
  for (std::size_t i = queued; i < replies.size(); ++i) {
    wrong += replies[i].data.find("wrong password for dora") != std::string::npos;
    throttled += replies[i].data.find("too many wrong passwords for dora") != std::string::npos;
  }
  CHECK(wrong == limit);
  CHECK(throttled == guesses - limit);
}

TEST_CASE("a right password among the guesses is still checked and accepted", "[throttle]") {
  pbem::test::ServiceFixture f;
  f.member("dora", "dora@example.org");
  for (int n = 0; n < 3; ++n)
    f.service.receive(pbem::test::plain_mail("mallory@example.net", "signoff dora guess-" + std::to_string(n),
                                             "guess-" + std::to_string(n)),
                      std::nullopt);
  f.service.receive(pbem::test::plain_mail("dora@example.org", "set dora pw-dora pictures off", "right"), std::nullopt);
  CHECK(f.service.process_pending() == 4);
  const auto replies = Outbox(f.db).queued();
  CHECK(replies.back().data.find("only the text board") != std::string::npos);
}

TEST_CASE("a job done ahead that throws is logged and dropped; the others run", "[work_ahead]") {
  std::atomic<int> done{0};
  std::vector<std::function<void()>> jobs;
  for (int n = 0; n < 16; ++n) {
    if (n % 4 == 1) jobs.emplace_back([] { throw std::runtime_error("cannot draw this"); });
    else if (n % 4 == 3) jobs.emplace_back([] { throw 42; });
    else jobs.emplace_back([&done] { ++done; });
  }
  // An exception escaping a std::jthread would be std::terminate: this returning is the test.
  run_ahead(jobs);
  CHECK(done == 8);
  run_ahead({});
}

TEST_CASE("the replies to a message without a credential hold at most 256 KiB together", "[budget]") {
  pbem::test::ServiceFixture f;
  std::vector<Reply> replies(10);
  for (std::size_t i = 0; i < replies.size(); ++i) {
    replies[i].to = "victim" + std::to_string(i) + "@example.org";
    replies[i].subject = "Listing " + std::to_string(i);
    replies[i].text = std::string(30 * 1024, 'x');  // each composed about twice that (text and HTML)
    replies[i].to_sender = true;
  }
  Transaction transaction(f.db);
  const int queued = queue_replies(f.db, f.config, "test", CommandThread{}, replies, "budget-", "salt",
                                   std::nullopt, kUnauthenticatedReplyBytes);
  transaction.commit();
  const auto rows = Outbox(f.db).queued();
  // Whole replies while they fit, then one short note instead of the next, then nothing.
  REQUIRE(queued >= 2);
  REQUIRE(queued < 10);
  REQUIRE(rows.size() == static_cast<std::size_t>(queued));
  std::size_t total = 0;
  for (const QueuedMail& row : rows) total += row.data.size();
  CHECK(total <= kUnauthenticatedReplyBytes);
  CHECK(total + rows.front().data.size() > kUnauthenticatedReplyBytes);  // one more whole reply would not fit
  for (std::size_t i = 0; i + 1 < rows.size(); ++i) CHECK(rows[i].data.find("was too long to send") == std::string::npos);
  CHECK(rows.back().data.find("was too long to send") != std::string::npos);

  // With a credential there is no such budget.
  Transaction again(f.db);
  CHECK(queue_replies(f.db, f.config, "test", CommandThread{}, replies, "free-", "salt", std::nullopt) == 10);
  again.commit();
}

TEST_CASE("a command's owed mail is queued whole or not at all, before the answers give way", "[budget]") {
  pbem::test::ServiceFixture f;
  const auto mail = [](const std::string& to, MailKind kind, std::size_t bytes) {
    Reply reply;
    reply.to = to;
    reply.subject = "About game 1";
    reply.text = std::string(bytes, 'x');
    reply.kind = kind;
    return reply;
  };
  Transaction transaction(f.db);
  ReplyQueue queue(f.db, f.config, "test", CommandThread{}, "owed-", "salt", std::nullopt, kUnauthenticatedReplyBytes);
  // Two board mails of about 100 KiB each fit; the answer beside them is left to add().
  const std::vector<Reply> first{mail("alice@example.org", MailKind::Game, 50 * 1024),
                                 mail("bob@example.org", MailKind::Game, 50 * 1024),
                                 mail("bob@example.org", MailKind::Reply, 50 * 1024)};
  CHECK(queue.add_owed(first, true));
  CHECK(queue.sent() == 2);
  // The next command's two would pass 256 KiB together: neither is queued, although one fits.
  CHECK_FALSE(queue.add_owed({mail("carol@example.org", MailKind::Game, 20 * 1024),
                              mail("dave@example.org", MailKind::Game, 40 * 1024)},
                             true));
  CHECK(queue.sent() == 2);
  // Without the budget (a command with its password) they go.
  CHECK(queue.add_owed({mail("carol@example.org", MailKind::Game, 20 * 1024),
                        mail("dave@example.org", MailKind::Game, 40 * 1024)},
                       false));
  CHECK(queue.sent() == 4);
  transaction.commit();
  const auto rows = Outbox(f.db).queued();
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].recipient == "alice@example.org");
  CHECK(rows[2].recipient == "carol@example.org");
}

TEST_CASE("one inbound mail: three mails per mailbox, the sender's own too, one account, one game-address notice",
          "[allowance]") {
  MailAllowance allowance(AllowanceOfMail{.sender = "Mallory+x@M.example"});
  Outcome challenge;  // a From-only command: board mails to both players and the sender
  for (const char* to : {"alice@a.example", "bob@b.example", "mallory@m.example"}) {
    Reply reply;
    reply.to = to;
    reply.kind = MailKind::Game;
    challenge.replies.push_back(reply);
  }
  for (int n = 0; n < 3; ++n) {
    REQUIRE_NOTHROW(allowance.admit(challenge));
    allowance.spend(challenge);
  }
  CHECK_THROWS_AS(allowance.admit(challenge), CommandError);
  // The same mail with a valid password is not held to it.
  Outcome with_password = challenge;
  with_password.credential_accepted = true;
  CHECK_NOTHROW(allowance.admit(with_password));
  // Mail to the sender's own mailbox, however spelled, counts as well (issue 51).
  Outcome answer;
  Reply own;
  own.to = "mallory@m.example";
  answer.replies.assign(1, own);
  CHECK_THROWS_AS(allowance.admit(answer), CommandError);
  CHECK_FALSE(allowance.account_created());
  CHECK_FALSE(allowance.address_notice_sent());
  Outcome signup;
  signup.created_account = true;
  signup.sent_address_notice = true;
  allowance.spend(signup);
  CHECK(allowance.account_created());
  CHECK(allowance.address_notice_sent());
}

TEST_CASE("a multiple's answers past the third mail go into its gathered answer; three invitations at most",
          "[allowance]") {
  MailAllowance allowance(AllowanceOfMail{.sender = "victim@v.example", .answers_gathered = true});
  Outcome show;  // a board answered to the sender: a mail of its own while there is room
  Reply board;
  board.to = "victim@v.example";
  board.to_sender = true;
  board.about_game(1, "thread");
  show.replies.push_back(board);
  for (int n = 0; n < 2; ++n) {  // the gathered answer is the first of three
    Outcome line = show;
    allowance.admit(line);
    CHECK_FALSE(goes_into_gathered_answer(line.replies.front()));
    allowance.spend(line);
  }
  Outcome third = show;
  REQUIRE_NOTHROW(allowance.admit(third));
  CHECK(goes_into_gathered_answer(third.replies.front()));
  allowance.spend(third);
  // Owed mail cannot be gathered: its command is refused.
  Outcome owed = show;
  owed.replies.front().kind = MailKind::Game;
  CHECK_THROWS_AS(allowance.admit(owed), CommandError);

  MailAllowance invitations(AllowanceOfMail{.sender = "alice@a.example"});
  Outcome invitation;
  invitation.invitations_posted = 1;
  for (int n = 0; n < MailAllowance::kInvitations; ++n) {
    REQUIRE_NOTHROW(invitations.admit(invitation));
    invitations.spend(invitation);
  }
  CHECK_THROWS_AS(invitations.admit(invitation), CommandError);
  invitation.credential_accepted = true;
  CHECK_NOTHROW(invitations.admit(invitation));
}

TEST_CASE("a From of more than one mailbox proves nothing", "[allowance]") {
  MailAllowance allowance(AllowanceOfMail{.sender = "alice@a.example", .from_not_one_mailbox = true});
  Outcome from_only;
  CHECK_THROWS_AS(allowance.admit(from_only), CommandError);
  from_only.credential_accepted = true;
  CHECK_NOTHROW(allowance.admit(from_only));
}
