// The intake step reads a stored message once: one MIME parse and one command parse per
// message on the whole path from the inbox to the replies (issue 18 item 1), and the
// record carries what the processor needs, envelope recipients included.
#include <catch2/catch.hpp>

#include "mail/inbound_message.h"
#include "server/pipeline/intake.h"
#include "server/pipeline/mail_service.h"
#include "server/storage/database.h"
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
}

TEST_CASE("the intake record carries sender, command and recipients, envelope first", "[intake]") {
  pbem::test::ServiceFixture f;
  Database& db = f.db;
  const Config& config = f.config;
  MailService& service = f.service;
  const auto id = service.receive(mail_with_subject("hy3 show 4"), std::string("carol@example.org"),
                                  {"pbem+4-abc@localhost"})
                      .inbox_id;
  const IntakeRecord record = read_stored_message(*Inbox(db).load(id), config);
  REQUIRE(record.message);
  CHECK_FALSE(record.machine);
  CHECK(record.sender == "carol@example.org");
  CHECK(record.command.command->is("show"));
  REQUIRE(record.recipients.size() == 2);
  CHECK(record.recipients[0] == "pbem+4-abc@localhost");
  CHECK(record.recipients[1] == "pbem@localhost");
}

TEST_CASE("unreadable bytes and machine mail are recorded as such, with no command", "[intake]") {
  InboxRow row;
  row.id = 1;
  row.raw = "this is not a mail";
  const Config config = default_config(".");
  IntakeRecord garbage = read_stored_message(row, config);
  CHECK_FALSE(garbage.message);
  CHECK_FALSE(garbage.unreadable.empty());
  row.raw = mail_with_subject("help");
  row.envelope_from = "";
  IntakeRecord bounce = read_stored_message(row, config);
  CHECK(bounce.machine == "empty envelope sender");
  CHECK_FALSE(bounce.command.command);
}
