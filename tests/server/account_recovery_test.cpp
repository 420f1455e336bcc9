// Issue 57, part 1: `forgot userid` and `reset userid code newpassword` (server.md "Accounts
// you cannot lose, and can leave"). The codes' storage at moments the test names (valid an
// hour, once, only a keyed hash kept), then the commands through the MailService: the code
// only to the confirmed addresses, the same answer to anyone, at most 3 a day, the reset
// as `change password` (a new generation, the cache forgotten) with every address told,
// and neither the code nor the new password in any reply but the code mail, nor in the
// inbox's rows. Runs on PostgreSQL too (tests/CMakeLists.txt, postgres_storage).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <regex>
#include <string>
#include <vector>

#include "server/storage/account_codes.h"
#include "server/storage/accounts.h"
#include "server/storage/address_confirmations.h"
#include "server/storage/outbox.h"
#include "server/storage/verified_password_cache.h"
#include "server/support/clock.h"
#include "service_fixture.h"
#include "test_database.h"

using namespace pbem::server;
using namespace std::chrono_literals;

namespace {

// 2027-03-01 12:00:00 UTC.
const auto kT0 = std::chrono::system_clock::time_point(std::chrono::seconds(1803902400));

struct Recovery : pbem::test::ServiceFixture {
  std::size_t seen = 0;  // outbox rows read by new_mail()

  Recovery() {
    member("alice", "alice@example.org");
    deliver("alice@example.org", "change address alice pw-alice alice@example.org alice@work.example");
    deliver("alice@work.example", "confirm alice " + code_for("alice"));
    member("bob", "bob@example.net");
    new_mail();
  }

  // The mails queued since the last call.
  std::vector<QueuedMail> new_mail() {
    const std::vector<QueuedMail> all = Outbox(db).queued();
    std::vector<QueuedMail> fresh(all.begin() + static_cast<std::ptrdiff_t>(seen), all.end());
    seen = all.size();
    return fresh;
  }

  std::int64_t alice_id() { return Accounts(db).find("alice")->id; }
};

std::string subject_of(const QueuedMail& mail) {
  std::smatch found;
  return std::regex_search(mail.data, found, std::regex("\r\nSubject: ([^\r]*)")) ? found[1].str() : "";
}

// The text after the headers, its MIME boundaries (made from the Message-ID) written alike.
std::string body_of(const QueuedMail& mail) {
  const auto at = mail.data.find("\r\n\r\n");
  return std::regex_replace(mail.data.substr(at), std::regex("=_pbem_[0-9a-f]{16}"), "=_pbem_BOUNDARY");
}

// The mail's words as read: quoted-printable's soft line breaks undone, every run of blanks
// and line ends one blank (the text part and the HTML part both).
std::string words_of(const QueuedMail& mail) {
  std::string text = std::regex_replace(mail.data, std::regex("=\r\n"), "");
  text = std::regex_replace(text, std::regex("=3D"), "=");
  return std::regex_replace(text, std::regex("[ \t\r\n]+"), " ");
}

// The mails, by recipient.
std::vector<QueuedMail> by_recipient(std::vector<QueuedMail> mails) {
  std::sort(mails.begin(), mails.end(),
            [](const QueuedMail& a, const QueuedMail& b) { return a.recipient < b.recipient; });
  return mails;
}

// The code a reset-code mail holds.
std::string code_in(const QueuedMail& mail) {
  std::smatch found;
  return std::regex_search(mail.data, found, std::regex("reset alice ([a-z0-9]+) <new password>")) ? found[1].str()
                                                                                                   : "";
}

std::string upper(std::string text) {
  for (char& ch : text) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return text;
}

std::string inbox_rows(Database& db) {
  return pbem::test::joined_rows(db, "SELECT coalesce(command, '') || ' -> ' || coalesce(outcome, '') FROM inbox");
}

}  // namespace

TEST_CASE("a code is valid an hour and once, and only its keyed hash is stored", "[recovery]") {
  Recovery f;
  AccountCodes codes(f.db);
  const std::int64_t alice = f.alice_id();
  const std::string code = codes.issue(alice, CodePurpose::reset, kT0);
  CHECK(code.size() == 10);
  const std::string stored = pbem::test::joined_rows(f.db, "SELECT code_hash FROM account_codes");
  CHECK(stored == codes.code_hash(alice, CodePurpose::reset, code));
  CHECK(stored.find(code) == std::string::npos);
  CHECK(pbem::test::joined_rows(f.db, "SELECT expires_at FROM account_codes") == "2027-03-01T13:00:00Z");
  // Keyed: not the plain BLAKE2b an address confirmation's code has, and the key is the server's own.
  CHECK(stored != AddressConfirmations::code_hash(alice, "reset", code));
  CHECK(pbem::test::joined_rows(f.db, "SELECT name FROM server_secrets WHERE name = 'account_code'") ==
        "account_code");
  // Bound to the account and the purpose.
  CHECK_FALSE(codes.redeem(alice + 1, CodePurpose::reset, code, kT0 + 1min));
  CHECK_FALSE(codes.redeem(alice, CodePurpose::erase, code, kT0 + 1min));
  CHECK_FALSE(codes.redeem(alice, CodePurpose::reset, "wrongcode2", kT0 + 1min));
  // Expired at the hour.
  CHECK_FALSE(codes.redeem(alice, CodePurpose::reset, code, kT0 + 1h));
  // Before it, once, typed in any case; using one uses up the others issued before.
  const std::string second = codes.issue(alice, CodePurpose::reset, kT0 + 30min);
  CHECK(codes.redeem(alice, CodePurpose::reset, upper(code), kT0 + 59min));
  CHECK_FALSE(codes.redeem(alice, CodePurpose::reset, code, kT0 + 59min));
  CHECK_FALSE(codes.redeem(alice, CodePurpose::reset, second, kT0 + 60min));
  CHECK(pbem::test::joined_rows(f.db, "SELECT count(*) FROM account_codes WHERE used_at IS NOT NULL") == "2");
}

TEST_CASE("the day's codes are counted, then forgotten after a day", "[recovery]") {
  Recovery f;
  AccountCodes codes(f.db);
  const std::int64_t alice = f.alice_id();
  for (int n = 0; n < 3; ++n) codes.issue(alice, CodePurpose::reset, kT0 + n * 1h);
  CHECK(codes.issued_since(alice, CodePurpose::reset, kT0 + 2h - 24h) == 3);
  CHECK(codes.issued_since(alice, CodePurpose::reset, kT0 + 24h + 1s - 24h) == 2);
  CHECK(codes.issued_since(alice, CodePurpose::erase, kT0 - 24h) == 0);
  CHECK_FALSE(codes.has_old(kT0 + 24h));
  CHECK(codes.has_old(kT0 + 24h + 1s));
  CHECK(codes.forget_old(kT0 + 25h + 1s, 500) == 2);
  CHECK(codes.issued_since(alice, CodePurpose::reset, kT0 - 24h) == 1);
}

TEST_CASE("forgot mails the code to the confirmed addresses only, and tells anyone the same", "[recovery]") {
  Recovery f;
  // An address that is not confirmed gets nothing.
  f.deliver("alice@example.org", "change address alice pw-alice alice@example.org alice@work.example alice@new.example");
  f.new_mail();
  // A stranger asks: each confirmed address gets the code, the stranger one answer.
  f.deliver("mallory@example.net", "forgot alice");
  std::vector<QueuedMail> mails = f.new_mail();
  REQUIRE(mails.size() == 3);
  CHECK(mails[0].recipient == "alice@example.org");
  CHECK(mails[1].recipient == "alice@work.example");
  CHECK(subject_of(mails[0]) == "Password reset code for alice at PBeM Server");
  const std::string code = code_in(mails[0]);
  CHECK(code.size() == 10);
  CHECK(code_in(mails[1]) == code);
  CHECK(words_of(mails[0]).find("in a mail from mallory@example.net") != std::string::npos);
  CHECK(std::regex_search(words_of(mails[0]), std::regex("works once, until 20[0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9:]+ UTC")));
  const QueuedMail to_stranger = mails[2];
  CHECK(to_stranger.recipient == "mallory@example.net");
  CHECK(subject_of(to_stranger) == "Password reset");
  CHECK(to_stranger.data.find(code) == std::string::npos);
  CHECK(pbem::test::joined_rows(f.db, "SELECT kind FROM outbox WHERE recipient LIKE 'alice@%' ORDER BY id DESC LIMIT 2") ==
        "confirmation,confirmation");
  // For a userid nobody has, and for an account without a confirmed address, the same
  // answer, word for word, and nothing else.
  f.deliver("mallory@example.net", "forgot nobody");
  const std::vector<QueuedMail> unknown = f.new_mail();
  f.deliver("carol@example.com", "signup carol pw-carol");
  f.new_mail();
  f.deliver("mallory@example.net", "forgot carol");
  const std::vector<QueuedMail> unconfirmed = f.new_mail();
  REQUIRE(unknown.size() == 1);
  REQUIRE(unconfirmed.size() == 1);
  CHECK(unknown[0].recipient == "mallory@example.net");
  CHECK(unconfirmed[0].recipient == "mallory@example.net");
  CHECK(subject_of(unknown[0]) == subject_of(to_stranger));
  CHECK(body_of(unknown[0]) == body_of(to_stranger));
  CHECK(body_of(unconfirmed[0]) == body_of(to_stranger));
  // The log says what happened; the answers did not.
  const std::string rows = inbox_rows(f.db);
  CHECK(rows.find("forgot alice -> forgot alice: a reset code mailed to 2 addresses") != std::string::npos);
  CHECK(rows.find("forgot nobody -> forgot nobody: no code mailed (no such account)") != std::string::npos);
  CHECK(rows.find("forgot carol -> forgot carol: no code mailed (no confirmed address)") != std::string::npos);
}

TEST_CASE("the owner asking from a confirmed address gets the code mail and nothing else", "[recovery]") {
  Recovery f;
  f.deliver("Alice+games@example.org", "forgot alice");  // one mailbox with alice@example.org
  const std::vector<QueuedMail> mails = f.new_mail();
  REQUIRE(mails.size() == 2);
  CHECK(mails[0].recipient == "alice@example.org");
  CHECK(mails[1].recipient == "alice@work.example");
  CHECK(subject_of(mails[0]) == "Password reset code for alice at PBeM Server");
  CHECK(subject_of(mails[1]) == "Password reset code for alice at PBeM Server");
  CHECK(mails[0].data.find("In-Reply-To:") != std::string::npos);  // the answer to the sender's mail
}

TEST_CASE("at most 3 codes a day for an account, the answer unchanged", "[recovery]") {
  Recovery f;
  std::vector<std::string> answers;
  for (int n = 0; n < 4; ++n) {
    f.deliver("mallory@example.net", "forgot alice");
    const std::vector<QueuedMail> mails = f.new_mail();
    CHECK(mails.size() == (n < 3 ? 3u : 1u));
    CHECK(mails.back().recipient == "mallory@example.net");
    answers.push_back(body_of(mails.back()));
  }
  CHECK(answers[3] == answers[0]);
  CHECK(inbox_rows(f.db).find("no code mailed (3 codes in the last 24 hours already)") != std::string::npos);
  // Every one of the day's codes works (the owner may read any of them), once.
  CHECK(pbem::test::joined_rows(f.db, "SELECT count(*) FROM account_codes") == "3");
}

TEST_CASE("one mail asks for one round of codes", "[recovery]") {
  Recovery f;
  f.service.process(f.service
                        .receive(pbem::test::plain_mail("mallory@example.net", "multiple", "two-forgots",
                                                        "forgot alice\r\nforgot alice\r\n"),
                                 std::nullopt)
                        .inbox_id);
  const std::vector<QueuedMail> mails = f.new_mail();
  REQUIRE(mails.size() == 3);  // a code to each address, and the one gathered answer
  CHECK(mails[2].recipient == "mallory@example.net");
  CHECK(inbox_rows(f.db).find("no code mailed (this mail had a code mailed already)") != std::string::npos);
}

TEST_CASE("reset sets the password as change password does and tells every address", "[recovery]") {
  Recovery f;
  f.deliver("mallory@example.net", "forgot alice");
  const std::string code = code_in(f.new_mail().front());
  REQUIRE_FALSE(code.empty());
  const int generation = Accounts(f.db).find("alice")->password_generation;
  // The old password was verified and cached.
  f.deliver("alice@example.org", "set alice pw-alice pictures on");
  f.new_mail();
  const std::size_t cached = VerifiedPasswordCache::process_wide().size();
  f.deliver("alice@elsewhere.example", "reset alice " + code + " N3w-pass-alice");
  std::vector<QueuedMail> mails = by_recipient(f.new_mail());
  REQUIRE(mails.size() == 3);
  CHECK(mails[0].recipient == "alice@elsewhere.example");
  CHECK(subject_of(mails[0]) == "Password reset for alice");
  CHECK(words_of(mails[0]).find("Every confirmed address of alice is told of the reset.") != std::string::npos);
  CHECK(mails[1].recipient == "alice@example.org");
  CHECK(mails[2].recipient == "alice@work.example");
  for (int n : {1, 2}) {
    const QueuedMail& notice = mails[static_cast<std::size_t>(n)];
    CHECK(subject_of(notice) == "Security notice: password of alice changed");
    CHECK(words_of(notice).find("with a code mailed to your confirmed addresses, by a mail from "
                                "alice@elsewhere.example") != std::string::npos);
  }
  CHECK(Accounts(f.db).find("alice")->password_generation == generation + 1);  // game addresses retire
  CHECK(VerifiedPasswordCache::process_wide().size() < cached);
  for (const QueuedMail& mail : mails) {
    CHECK(mail.data.find(code) == std::string::npos);
    CHECK(mail.data.find("N3w-pass-alice") == std::string::npos);
  }
  // The old password no longer works, the new one does.
  f.deliver("alice@example.org", "set alice pw-alice pictures off");
  CHECK(f.new_mail().back().data.find("wrong password for alice") != std::string::npos);
  f.deliver("alice@example.org", "set alice N3w-pass-alice pictures off");
  CHECK(f.new_mail().back().data.find("only the text board") != std::string::npos);
  // The code worked once.
  f.deliver("alice@example.org", "reset alice " + code + " An0ther-pass");
  mails = f.new_mail();
  REQUIRE(mails.size() == 1);
  CHECK(mails[0].data.find("that code does not reset the password") != std::string::npos);
  CHECK(mails[0].data.find(code) == std::string::npos);
  CHECK(mails[0].data.find("An0ther-pass") == std::string::npos);
  // Neither the code nor a password is in the inbox's rows.
  const std::string rows = inbox_rows(f.db);
  CHECK(rows.find("reset alice ***** ***** -> reset the password of alice") != std::string::npos);
  for (const std::string& secret : {code, std::string("N3w-pass-alice"), std::string("An0ther-pass")})
    CHECK(rows.find(secret) == std::string::npos);
}

TEST_CASE("a wrong code and an unknown userid are refused alike", "[recovery]") {
  Recovery f;
  const int generation = Accounts(f.db).find("alice")->password_generation;
  f.deliver("mallory@example.net", "reset alice abcdefghjk N3w-pass-x");
  f.deliver("mallory@example.net", "reset nobody abcdefghjk N3w-pass-x");
  const std::vector<QueuedMail> mails = f.new_mail();
  REQUIRE(mails.size() == 2);
  for (const QueuedMail& mail : mails) {
    CHECK(mail.data.find("that code does not reset the password of the account named") != std::string::npos);
    CHECK(mail.data.find("abcdefghjk") == std::string::npos);
    CHECK(mail.data.find("N3w-pass-x") == std::string::npos);
  }
  CHECK(Accounts(f.db).find("alice")->password_generation == generation);
}
