// `multiple` (issue 28 item 1): the lines of a mail's body, at most 20, each carried out in
// order exactly as if it had come alone, in its own savepoint; one mail to the sender lists
// every line's result, and the limits (throttle, reply budget) hold for the whole mail.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "mail/inbound_message.h"
#include "server/language/parser.h"
#include "server/pipeline/reply_queue.h"
#include "server/storage/game_records.h"
#include "server/storage/passwords.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

struct Sent {
  std::string recipient, subject, kind, message_id, data;
  std::string text;  // the text/plain part, as the recipient reads it
};

// Alice and bob, members with confirmed addresses; mail with a body of several lines.
struct Players : pbem::test::ServiceFixture {
  Players() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
  }

  // Receives a mail whose body is `lines` (CRLF), to be carried out by the caller.
  std::int64_t receive(const std::string& from, const std::vector<std::string>& lines,
                       const std::string& subject = "multiple") {
    std::string body;
    for (const std::string& line : lines) body += line + "\r\n";
    const std::string id = "multiple-" + std::to_string(++delivered);
    return service.receive(pbem::test::plain_mail(from, subject, id, body), std::nullopt).inbox_id;
  }
  std::int64_t send(const std::string& from, const std::vector<std::string>& lines,
                    const std::string& subject = "multiple") {
    const std::int64_t inbox_id = receive(from, lines, subject);
    service.process(inbox_id);
    return inbox_id;
  }

  std::vector<Sent> replies_to(std::int64_t inbox_id) {
    auto rows = db.prepare("SELECT o.recipient, o.subject, o.kind, o.message_id, t.data FROM outbox o "
                           "JOIN outbox_texts t ON t.outbox_id = o.id WHERE o.inbox_id = ? ORDER BY o.id");
    rows.bind(1, inbox_id);
    std::vector<Sent> sent;
    while (rows.step())
      sent.push_back({rows.column_text(0), rows.column_text(1), rows.column_text(2), rows.column_text(3),
                      rows.column_blob(4), pbem::mail::parse_inbound(rows.column_blob(4)).body_text});
    return sent;
  }
  // The one reply of `inbox_id` that went to `recipient` with no game thread: the gathered one.
  Sent gathered(std::int64_t inbox_id, const std::string& recipient = "alice@example.org") {
    std::vector<Sent> found;
    for (Sent& sent : replies_to(inbox_id))
      if (sent.recipient == recipient && sent.kind == "reply" && sent.subject.find('#') == std::string::npos)
        found.push_back(sent);
    REQUIRE(found.size() == 1);
    return found.front();
  }
  std::string inbox(std::int64_t inbox_id, const std::string& column) {
    auto row = db.prepare("SELECT " + column + " FROM inbox WHERE id = ?");
    row.bind(1, inbox_id);
    REQUIRE(row.step());
    return row.column_text(0);
  }
  int plies(std::int64_t game) { return GameRecords(db).find(game)->plies; }
  int games() {
    auto count = db.prepare("SELECT count(*) FROM games");
    REQUIRE(count.step());
    return static_cast<int>(count.column_int(0));
  }
  void challenge(int times, const std::string& options = "-size=4") {
    for (int n = 0; n < times; ++n) deliver("alice@example.org", "hy3 challenge alice bob " + options);
  }
};

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("a multiple moves in two games, and its sender gets one mail listing both lines", "[multiple]") {
  Players f;
  f.challenge(2);
  const auto id = f.send("alice@example.org", {"hy3 move 1 alice pw-alice b2", "", "hy3 move 2 alice pw-alice c3"});
  CHECK(f.plies(1) == 1);
  CHECK(f.plies(2) == 1);
  // Each move's board mail to both players, as if it had come alone (queued as each line
  // is kept); then the one gathered mail.
  const auto sent = f.replies_to(id);
  REQUIRE(sent.size() == 5);
  CHECK(sent[0].subject.find("#1") != std::string::npos);
  CHECK(sent[2].subject.find("#2") != std::string::npos);
  CHECK(sent[4].subject == "Multiple: 2 lines carried out");
  const Sent gathered = f.gathered(id);
  CHECK(gathered.text.find("Line 1: hy3 move 1 alice ***** b2") != std::string::npos);
  CHECK(gathered.text.find("Line 2: hy3 move 2 alice ***** c3") != std::string::npos);
  CHECK(gathered.text.find("pw-alice") == std::string::npos);
  // Every Message-ID its own.
  std::set<std::string> ids;
  for (const Sent& mail : sent) ids.insert(mail.message_id);
  CHECK(ids.size() == sent.size());
  // The inbox row and the log quote each line masked.
  CHECK(f.inbox(id, "command") == "multiple (2 lines: hy3 move 1 alice ***** b2; hy3 move 2 alice ***** c3)");
  CHECK(f.inbox(id, "outcome").find("line 2: hy3 #2 move 1") != std::string::npos);
}

TEST_CASE("a failing line changes nothing and the lines after it still run", "[multiple]") {
  Players f;
  f.challenge(3);
  const auto id = f.send("alice@example.org", {"hy3 move 1 alice pw-alice b2", "hy3 move 2 alice pw-alice z9",
                                               "hy3 move 3 alice wrong-pw b2", "hy3 move 3 alice pw-alice c3"});
  CHECK(f.plies(1) == 1);
  CHECK(f.plies(2) == 0);
  CHECK(f.plies(3) == 1);
  const Sent gathered = f.gathered(id);
  CHECK(gathered.subject == "Error: multiple: lines 2, 3 of 4 not carried out");
  CHECK(gathered.text.find("Line 2: Error: ") != std::string::npos);
  CHECK(gathered.text.find("Line 3: Error: wrong password for alice") != std::string::npos);
  CHECK(gathered.text.find("Line 4: hy3 move 3 alice ***** c3") != std::string::npos);
  // The wrong password of line 3 was recorded for the throttle, after its rollback.
  auto failures = f.db.prepare("SELECT count(*) FROM password_failures");
  REQUIRE(failures.step());
  CHECK(failures.column_int(0) == 1);
  const std::string outcome = f.inbox(id, "outcome");
  CHECK(outcome.find("line 3: error: wrong password for alice") != std::string::npos);
}

TEST_CASE("each line sees what the lines before it did", "[multiple]") {
  Players f;
  const auto id = f.send("alice@example.org",
                         {"hy3 challenge alice bob -size=4", "hy3 move 1 alice pw-alice b2", "hy3 history 1"});
  REQUIRE(f.games() == 1);
  CHECK(f.plies(1) == 1);
  bool history_shows_the_move = false;
  for (const Sent& sent : f.replies_to(id))
    history_shows_the_move = history_shows_the_move || (sent.subject.find("history") != std::string::npos &&
                                                        sent.text.find("b2") != std::string::npos);
  CHECK(history_shows_the_move);
}

TEST_CASE("lines after the 20th get one error, the first 20 are carried out", "[multiple]") {
  Players f;
  std::vector<std::string> lines(25, "list");
  const auto commands_before = command_parse_count();
  const auto id = f.send("alice@example.org", lines);
  CHECK(command_parse_count() - commands_before == 1 + 20);
  const Sent gathered = f.gathered(id);
  CHECK(gathered.subject == "Error: multiple: lines 21-25 of 25 not carried out");
  CHECK(count_of(gathered.text, "Lines 21-25: Error") == 1);
  CHECK(count_of(gathered.text, "\nLine ") == 20);
  CHECK(f.inbox(id, "command").starts_with("multiple (25 lines: list; list; "));
}

TEST_CASE("refused lines: a multiple in a multiple, chat and message, and a multiple with no lines", "[multiple]") {
  Players f;
  f.challenge(1);
  const auto id = f.send("alice@example.org",
                         {"multiple", "hy3 chat 1 alice pw-alice", "message alice pw-alice bob", "hy3 move 1 alice pw-alice b2"});
  CHECK(f.plies(1) == 1);
  const Sent gathered = f.gathered(id);
  CHECK(gathered.subject == "Error: multiple: lines 1, 2, 3 of 4 not carried out");
  CHECK(gathered.text.find("cannot be multiple itself") != std::string::npos);
  CHECK(gathered.text.find("send chat in a mail of its own") != std::string::npos);
  CHECK(gathered.text.find("send message in a mail of its own") != std::string::npos);
  // Nothing was relayed.
  for (const Sent& sent : f.replies_to(id)) CHECK(sent.kind != "relay");

  const auto empty = f.send("alice@example.org", {"", "> hy3 move 1 alice pw-alice c3"});
  const auto replies = f.replies_to(empty);
  REQUIRE(replies.size() == 1);
  CHECK(replies[0].subject.starts_with("Error: the mail's body holds no command"));
  CHECK(f.plies(1) == 1);
}

TEST_CASE("the body's first line may be the multiple, the lines below it", "[multiple]") {
  Players f;
  f.challenge(1);
  const auto id = f.send("alice@example.org", {"multiple", "hy3 move 1 alice pw-alice b2"}, "Re: your move");
  CHECK(f.plies(1) == 1);
  CHECK(f.gathered(id).subject == "Multiple: 1 line carried out");
}

TEST_CASE("wrong passwords in the lines are counted by the throttle, across the batch", "[multiple][throttle]") {
  Players f;
  const int limit = f.config.limits.failed_passwords_per_hour;
  std::vector<std::string> guesses;
  for (int n = 0; n < 12; ++n) guesses.push_back("signoff alice guess-" + std::to_string(n));
  // Two mails of twelve guesses each, in one batch, then the right password.
  const auto first = f.receive("mallory@example.net", guesses);
  const auto second = f.receive("mallory@example.net", guesses);
  const auto right = f.receive("alice@example.org", {"set alice pw-alice pictures off"});
  const auto before = password_verifications();
  CHECK(f.service.process_pending() == 3);
  CHECK(password_verifications() - before == static_cast<unsigned long long>(limit));
  const std::string outcomes = f.inbox(first, "outcome") + f.inbox(second, "outcome") + f.inbox(right, "outcome");
  CHECK(count_of(outcomes, "error: wrong password for alice") == static_cast<std::size_t>(limit));
  CHECK(count_of(outcomes, "too many wrong passwords for alice") == static_cast<std::size_t>(24 - limit + 1));
  CHECK(f.inbox(first, "command").find("guess") == std::string::npos);
}

TEST_CASE("a right password in a line is checked ahead and accepted", "[multiple][throttle]") {
  Players f;
  f.challenge(1);
  f.receive("alice@example.org", {"hy3 move 1 alice pw-alice b2"});
  const auto before = password_verifications();
  f.service.process_pending();
  CHECK(password_verifications() - before <= 1);
  CHECK(f.plies(1) == 1);
}

TEST_CASE("the replies of lines without a credential share one 256 KiB budget", "[multiple][budget]") {
  Players f;
  // Alone, each of these is answered with about 40 KiB; twenty of them would be 800 KiB.
  const std::vector<std::string> lines(20, "help commands tutorial clock hy3 gates gaia");
  const auto id = f.send("mallory@example.net", lines);
  std::size_t bytes = 0;
  for (const Sent& sent : f.replies_to(id)) bytes += sent.data.size();
  CHECK(bytes <= kUnauthenticatedReplyBytes);
  // The answer comes in short: each line's result in one line.
  REQUIRE(f.replies_to(id).size() == 1);
  CHECK(f.replies_to(id)[0].subject == "Multiple: 20 lines carried out");
  CHECK(f.replies_to(id)[0].text.find("each line's result in short") != std::string::npos);
  CHECK(count_of(f.replies_to(id)[0].text, "\nLine ") == 20);
}

TEST_CASE("the replies of lines with a valid password are not held to the budget", "[multiple][budget]") {
  Players f;
  const int games = static_cast<int>(CommandLines::kMaxLines);
  f.challenge(games, "-size=7");
  std::vector<std::string> lines;
  for (int game = 1; game <= games; ++game) lines.push_back("hy3 move " + std::to_string(game) + " alice pw-alice d4");
  const auto id = f.send("alice@example.org", lines);
  std::size_t bytes = 0;
  for (const Sent& sent : f.replies_to(id)) bytes += sent.data.size();
  CHECK(bytes > kUnauthenticatedReplyBytes);  // board mails with their pictures
  CHECK(f.replies_to(id).size() == static_cast<std::size_t>(1 + 2 * games));
  for (int game = 1; game <= games; ++game) CHECK(f.plies(game) == 1);
}
