// The intake step reads a stored message once: one MIME parse and one command parse per
// message on the whole path from the inbox to the replies (issue 18 item 1), and the
// record carries what the processor needs, envelope recipients included.
#include <catch2/catch.hpp>

#include "mail/inbound_message.h"
#include "server/addresses/mail_addresses.h"
#include "server/pipeline/reply_move.h"
#include "server/pipeline/intake.h"
#include "server/pipeline/mail_service.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/inbox.h"
#include "server/storage/migrations.h"
#include "server/support/config.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {
std::string mail_with_subject(const std::string& subject, const std::string& body = "hello\n") {
  return pbem::test::plain_mail("Carol <carol@example.org>", subject,
                                std::to_string(std::hash<std::string>{}(subject + body)), body);
}
}  // namespace

TEST_CASE("a message is MIME-parsed once and its command parsed once on the way through", "[intake]") {
  pbem::test::ServiceFixture f;
  Database& db = f.db;
  MailService& service = f.service;
  SECTION("the command in the Subject") {
    const auto id = service.receive(mail_with_subject("help commands"), std::nullopt).inbox_id;
    const auto mime_before = pbem::mail::inbound_parse_count();
    const auto commands_before = command_parse_count();
    service.process(id);
    CHECK(pbem::mail::inbound_parse_count() - mime_before == 1);
    CHECK(command_parse_count() - commands_before == 1);
  }
  SECTION("the command on the body's first line: the Subject and that line, each once") {
    const auto id = service.receive(mail_with_subject("Re: something", "list\n\n> quoted\n"), std::nullopt).inbox_id;
    const auto mime_before = pbem::mail::inbound_parse_count();
    const auto commands_before = command_parse_count();
    service.process(id);
    CHECK(pbem::mail::inbound_parse_count() - mime_before == 1);
    CHECK(command_parse_count() - commands_before == 2);
    CHECK(Inbox(db).load(id)->state == "processed");
  }
  SECTION("a multiple: its Subject once and each of its N lines once, 1 + N in all") {
    const auto id = service.receive(mail_with_subject("multiple", "help\n\nlist hy3\nhy3 games\n\n> hy3 show 1\n"),
                                    std::nullopt)
                        .inbox_id;
    const auto mime_before = pbem::mail::inbound_parse_count();
    const auto commands_before = command_parse_count();
    service.process(id);
    CHECK(pbem::mail::inbound_parse_count() - mime_before == 1);
    CHECK(command_parse_count() - commands_before == 1 + 3);
    CHECK(Inbox(db).load(id)->state == "processed");
  }
}

TEST_CASE("the intake record carries sender, command and recipients, envelope first", "[intake]") {
  pbem::test::ServiceFixture f;
  Database& db = f.db;
  const Config& config = f.config;
  MailService& service = f.service;
  const auto id = service.receive(mail_with_subject("hy3 show 4"), std::string("carol@example.org"),
                                  {"pbem-archive@localhost"})
                      .inbox_id;
  const IntakeRecord record = read_stored_message(db, *Inbox(db).load(id), config);
  REQUIRE(record.message);
  CHECK_FALSE(record.machine);
  CHECK(record.sender == "carol@example.org");
  CHECK(record.command.command->is("show"));
  REQUIRE(record.recipients.size() == 2);
  CHECK(record.recipients[0] == "pbem-archive@localhost");
  CHECK(record.recipients[1] == "pbem@localhost");
}

TEST_CASE("a multiple's lines are read at intake from the text above the quote and signature", "[intake]") {
  pbem::test::ServiceFixture f;
  const std::string body = "hy3 show 1\n  \nhy3 games alice\n\nOn Mon, 1 Jan 2029, Bob <bob@example.net> wrote:\n"
                           "> hy3 show 2\nhy3 show 3\n-- \nhy3 show 4\n";
  const auto id = f.service.receive(mail_with_subject("multiple", body), std::nullopt).inbox_id;
  const IntakeRecord record = read_stored_message(f.db, *Inbox(f.db).load(id), f.config);
  REQUIRE(record.lines);
  REQUIRE(record.lines->commands.size() == 2);
  CHECK(record.lines->commands[0].masked.text() == "hy3 show 1");
  CHECK(record.lines->commands[1].masked.text() == "hy3 games alice");
  CHECK(commands_of(record).size() == 2);
}

TEST_CASE("unreadable bytes and machine mail are recorded as such, with no command", "[intake]") {
  pbem::test::ServiceFixture f;
  InboxRow row;
  row.id = 1;
  row.raw = "this is not a mail";
  IntakeRecord garbage = read_stored_message(f.db, row, f.config);
  CHECK_FALSE(garbage.message);
  CHECK_FALSE(garbage.unreadable.empty());
  row.raw = mail_with_subject("help");
  row.envelope_from = "";
  IntakeRecord bounce = read_stored_message(f.db, row, f.config);
  CHECK(bounce.machine == "empty envelope sender");
  CHECK_FALSE(bounce.command.command);
}

namespace {
// Alice and bob in hy3 game 1; alice to move.
struct GameByReply : pbem::test::ServiceFixture {
  GameByReply() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    deliver("alice@example.org", "hy3 challenge alice bob -size=4");
  }
  // A reply to alice's game address, with `body` as the new text.
  std::int64_t reply(const std::string& body, const std::string& id) {
    const std::string address = player_game_address(db, config, 1, "alice", 0);
    const std::string raw = "From: alice@example.org\r\nTo: " + address + "\r\nSubject: Re: Hy3 #1: alice to move\r\n" +
                            "Message-ID: <" + id + "@example.org>\r\n\r\n" + body;
    return service.receive(raw, std::nullopt, {address}).inbox_id;
  }
};
}  // namespace

TEST_CASE("a reply to a game address is resolved at intake: game, player and move, parsed once", "[intake]") {
  GameByReply f;
  const auto id = f.reply("\r\n\r\nb2\r\n\r\n> Hy3 #1: alice to move\r\n", "by-reply");
  const IntakeRecord record = read_stored_message(f.db, *Inbox(f.db).load(id), f.config);
  REQUIRE(record.address_owner);
  CHECK(record.address_owner->userid == "alice");
  CHECK(record.address_owner->game == 1);
  REQUIRE(record.command.act);
  REQUIRE(std::holds_alternative<AskedPly>(record.command.act->asked));
  CHECK(std::get<AskedPly>(record.command.act->asked).ply == "b2");

  // On the whole way from the inbox to the replies: one MIME parse, one command parse.
  const auto mime_before = pbem::mail::inbound_parse_count();
  const auto commands_before = command_parse_count();
  f.service.process(id);
  CHECK(pbem::mail::inbound_parse_count() - mime_before == 1);
  CHECK(command_parse_count() - commands_before == 1);
  CHECK(GameRecords(f.db).find(1)->plies == 1);
}

TEST_CASE("a game address that expires later in the same batch is refused when its turn comes", "[intake]") {
  GameByReply f;
  // Both wait in the inbox and are carried out in one batch: the password change first.
  f.service.receive(pbem::test::plain_mail("alice@example.org", "change password alice pw-alice pw-alice-2", "pw"),
                    std::nullopt);
  const auto id = f.reply("b2\r\n", "after-change");
  // At intake the address was still good ...
  REQUIRE(read_stored_message(f.db, *Inbox(f.db).load(id), f.config).address_owner);
  f.service.process_pending();
  // ... but by the time the reply is carried out the password has changed.
  CHECK(GameRecords(f.db).find(1)->plies == 0);
  auto outcome = f.db.prepare("SELECT outcome FROM inbox WHERE id = ?");
  outcome.bind(1, id);
  REQUIRE(outcome.step());
  CHECK(outcome.column_text(0).find("has expired") != std::string::npos);
}

TEST_CASE("the body's first line is its first line that is not blank and not quoted", "[intake]") {
  CHECK(first_line_of("") == "");
  CHECK(first_line_of("  d4  \nmore") == "d4");
  CHECK(first_line_of("\n  \n> quoted\n\tlist\n") == "list");
  CHECK(first_line_of("\n\n") == "");
}
