// Issue 57, part 3: `delete userid password [code]` (server.md "Accounts you cannot lose,
// and can leave"). The code only to the confirmed addresses and at most 3 a day; a wrong
// code erases nothing; with the right one the account's running game ends as its
// resignation, its invitation is withdrawn, and every address, setting, note, block and
// mail of it goes; the userid is `deleted` in records and cannot be signed up again; a
// redelivered copy of the mail changes nothing. Then no byte of the database file or its
// WAL (SQLite, after the checkpoint the erasure makes), or no row (PostgreSQL), holds an
// address of the account. Runs on PostgreSQL too (tests/CMakeLists.txt, postgres_storage).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "server/records/record_source.h"
#include "server/competition/registry.h"
#include "server/storage/account_erasure.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/outbox.h"
#include "server/storage/reviews.h"
#include "service_fixture.h"
#include "test_database.h"

using namespace pbem::server;

namespace {

const std::vector<std::string> kAliceAddresses = {"alice@example.org", "alice@work.example"};

struct Erasure : pbem::test::ServiceFixture {
  Erasure() {
    member("alice", "alice@example.org");
    deliver("alice@example.org", "change address alice pw-alice alice@example.org alice@work.example");
    deliver("alice@work.example", "confirm alice " + code_for("alice"));
    member("bob", "bob@example.net");
    member("carol", "carol@example.com", "");  // carol answers challenges herself
    member("dave", "dave@example.com");
    deliver("alice@example.org", "hy3 challenge alice bob -size=3");            // game 1, running
    deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
    deliver("alice@example.org", "hy3 note 1 alice pw-alice", "my plan on c\r\n");
    deliver("alice@example.org", "hy3 challenge alice carol");                  // game 2, an invitation
    deliver("alice@example.org", "block alice pw-alice dave");
    deliver("alice@example.org", "set alice pw-alice digest 7");
  }

  // The mails queued to `address`, oldest first.
  std::vector<QueuedMail> mail_to(const std::string& address) {
    std::vector<QueuedMail> found;
    for (const QueuedMail& mail : Outbox(db).queued())
      if (mail.recipient == address) found.push_back(mail);
    return found;
  }
  // Whether the newest mail to `address` says `words` (blanks and line ends as one blank).
  bool last_mail_says(const std::string& address, const std::string& words) {
    const auto mails = mail_to(address);
    return !mails.empty() && words_of(mails.back().data).find(words) != std::string::npos;
  }
  // A mail's words as read: quoted-printable's soft line breaks undone, every run of
  // blanks and line ends one blank.
  static std::string words_of(std::string text) {
    text = std::regex_replace(text, std::regex("=\r\n"), "");
    text = std::regex_replace(text, std::regex("=3D"), "=");
    return std::regex_replace(text, std::regex("[ \t\r\n]+"), " ");
  }
  // The code the newest delete-code mail to `address` holds.
  std::string delete_code(const std::string& address) {
    std::string code;
    const std::regex line("delete alice <password> ([a-z0-9]+)");
    for (const QueuedMail& mail : mail_to(address)) {
      const std::string words = words_of(mail.data);
      if (std::smatch found; std::regex_search(words, found, line)) code = found[1];
    }
    return code;
  }
  std::string rows(const std::string& sql) { return pbem::test::joined_rows(db, sql); }
};

std::string lower(std::string text) {
  for (char& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return text;
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every row of every table as text, lower-cased (PostgreSQL: a row cast to text).
std::string every_row(Database& db) {
  std::string all;
  auto tables = db.prepare("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()");
  std::vector<std::string> names;
  while (tables.step()) names.push_back(tables.column_text(0));
  for (const std::string& name : names)
    all += pbem::test::joined_rows(db, "SELECT coalesce(string_agg(t::text, ' '), '') FROM " + name + " t");
  // The mails' bytes, which a row as text shows in hex.
  all += pbem::test::joined_rows(db, "SELECT coalesce(string_agg(convert_from(data, 'UTF8'), ' '), '') FROM outbox_texts");
  all += pbem::test::joined_rows(db, "SELECT coalesce(string_agg(convert_from(raw, 'UTF8'), ' '), '') FROM inbox");
  return lower(all);
}

}  // namespace

TEST_CASE("delete mails a code to the confirmed addresses, and a wrong code erases nothing", "[erasure]") {
  Erasure f;
  f.deliver("bob@example.net", "delete alice pw-alice");  // the password is all it takes to ask
  const std::string code = f.delete_code("alice@example.org");
  CHECK(code.size() == 10);
  CHECK(f.delete_code("alice@work.example") == code);
  CHECK(f.delete_code("bob@example.net").empty());
  CHECK(f.last_mail_says("bob@example.net", "mailed to each of its confirmed"));
  // Wrong code, wrong password: refused, and nothing is gone.
  f.deliver("bob@example.net", "delete alice pw-alice wrongcode2");
  CHECK(f.last_mail_says("bob@example.net", "that code does not delete alice"));
  f.deliver("bob@example.net", "delete alice wrong-pass " + code);
  CHECK(Accounts(f.db).find("alice"));
  CHECK(f.rows("SELECT count(*) FROM addresses WHERE address LIKE 'alice@%'") == "2");
  // Three rounds a day.
  f.deliver("alice@example.org", "delete alice pw-alice");
  f.deliver("alice@example.org", "delete alice pw-alice");
  f.deliver("alice@example.org", "delete alice pw-alice");
  CHECK(f.last_mail_says("alice@example.org", "3 codes to delete it in the last 24 hours"));
}

TEST_CASE("delete with its code erases the account and leaves no address of it", "[erasure]") {
  Erasure f;
  f.deliver("alice@example.org", "delete alice pw-alice");
  const std::string code = f.delete_code("alice@example.org");
  const std::int64_t alice = Accounts(f.db).find("alice")->id;
  const std::string invitation_before = f.rows("SELECT status FROM games WHERE id = 2");
  // A review asked for, and `reviews auto`: both go with the account.
  Reviews(f.db).ask(1, alice, false, std::chrono::system_clock::now());
  Reviews(f.db).set_automatic(alice, true);
  const std::string mail = pbem::test::plain_mail("alice@example.org", "delete alice pw-alice " + code, "the-erasure");
  f.service.process(f.service.receive(mail, std::nullopt).inbox_id);

  // bob's game ended as alice's resignation, carol's invitation was withdrawn.
  const GameRecord game = *GameRecords(f.db).find(1);
  CHECK_FALSE(game.active);
  CHECK(f.last_mail_says("bob@example.net", "deleted their account and resigned"));
  CHECK(f.last_mail_says("carol@example.com", "alice deleted their account"));
  CHECK(f.rows("SELECT status FROM games WHERE id = 2") != invitation_before);
  // Of alice's mail one is left, the answer: the earlier ones went, and the game's did not come.
  const auto to_alice = f.mail_to("alice@example.org");
  REQUIRE(to_alice.size() == 1);
  CHECK(f.last_mail_says("alice@example.org", "The account alice is deleted."));
  CHECK(f.mail_to("alice@work.example").empty());
  // The tombstone: `deleted` in the record, the userid taken for ever.
  CHECK_FALSE(Accounts(f.db).find("alice"));
  CHECK(f.rows("SELECT userid FROM users WHERE id = " + std::to_string(alice)) == "deleted:" + std::to_string(alice));
  CHECK(game.userids[0] == "deleted");
  CHECK(record_source(f.db, competitions(), game, f.config.server.address, std::nullopt).players[0].userid ==
        "deleted");
  CHECK(AccountErasure(f.db).userid_erased("alice"));
  CHECK_FALSE(Reviews(f.db).automatic_for(alice));
  f.deliver("erin@example.net", "signup alice new-password-1");
  CHECK(f.last_mail_says("erin@example.net", "taken"));
  CHECK_FALSE(Accounts(f.db).find("alice"));
  for (const char* table : {"addresses", "address_confirmations", "notes", "blocks", "digest_addresses", "account_codes",
                            "reviews"})
    CHECK(f.rows(std::string("SELECT count(*) FROM ") + table + " WHERE " +
                 (std::string(table) == "blocks" ? "blocker" : "user_id") + " = " + std::to_string(alice)) == "0");

  // A redelivered copy of the erasing mail is known and changes nothing.
  const std::size_t queued = Outbox(f.db).queued().size();
  f.service.process(f.service.receive(mail, std::nullopt).inbox_id);
  CHECK(Outbox(f.db).queued().size() == queued);

  // Every mail delivered (the signup refusal and the answer with it): then no byte of the
  // database holds an address of alice's.
  for (const QueuedMail& queued_mail : Outbox(f.db).queued()) Outbox(f.db).mark_sent(queued_mail.id);
  f.deliver("bob@example.net", "help");  // one more batch: its checkpoint comes after the rows went
  if (f.db.dialect() == Dialect::sqlite) {
    f.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const std::string file = lower(file_bytes(f.location));
    const std::string wal = lower(file_bytes(f.location.string() + "-wal"));
    CHECK(file.find("bob@example.net") != std::string::npos);  // the scan sees addresses
    for (const std::string& address : kAliceAddresses) {
      CHECK(file.find(address) == std::string::npos);
      CHECK(wal.find(address) == std::string::npos);
    }
  } else {
    const std::string all = every_row(f.db);
    CHECK(all.find("bob@example.net") != std::string::npos);
    for (const std::string& address : kAliceAddresses) CHECK(all.find(address) == std::string::npos);
  }
}

TEST_CASE("an erasure sent from another player's address leaves that player's mail", "[erasure]") {
  Erasure f;
  f.deliver("bob@example.net", "delete alice pw-alice");
  const std::string code = f.delete_code("alice@example.org");
  const std::string bobs_rows = f.rows("SELECT count(*) FROM inbox WHERE sender = 'bob@example.net'");
  f.deliver("bob@example.net", "delete alice pw-alice " + code);
  CHECK_FALSE(Accounts(f.db).find("alice"));
  CHECK(f.last_mail_says("bob@example.net", "The account alice is deleted."));
  // Bob's own rows stay: his commands (this one too) and the mail queued to him.
  CHECK(f.rows("SELECT count(*) FROM inbox WHERE sender = 'bob@example.net'") == std::to_string(std::stoi(bobs_rows) + 1));
  CHECK(f.mail_to("bob@example.net").size() > 2);
  CHECK(f.rows("SELECT count(*) FROM outbox WHERE mailbox LIKE 'alice@%'") == "0");
}
