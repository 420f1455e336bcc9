// The text of SMTP: command lines, paths and parameters, reply lines, dot-stuffing.
#include <catch2/catch.hpp>

#include "mail/smtp_data.h"
#include "mail/smtp_syntax.h"

using namespace pbem::mail;

namespace {

SmtpLine crlf_line(std::string text) { return SmtpLine{std::move(text), false, true}; }
SmtpLine lf_line(std::string text) { return SmtpLine{std::move(text), false, false}; }

}  // namespace

TEST_CASE("command lines split into verb and argument, verbs in any case", "[smtp][syntax]") {
  auto command = parse_command_line("mail FROM:<alice@example.org> SIZE=100");
  CHECK(command.verb == SmtpVerb::Mail);
  CHECK(command.argument == "FROM:<alice@example.org> SIZE=100");

  CHECK(parse_command_line("EhLo  client.example  ").verb == SmtpVerb::Ehlo);
  CHECK(parse_command_line("EhLo  client.example  ").argument == "client.example");
  CHECK(parse_command_line("STARTTLS").verb == SmtpVerb::Starttls);
  CHECK(parse_command_line("QUIT").argument.empty());
  CHECK(parse_command_line("").verb == SmtpVerb::Unknown);
  CHECK(parse_command_line("MAILFROM:<a@b>").verb == SmtpVerb::Unknown);
  CHECK(parse_command_line("EXPN staff").verb == SmtpVerb::Unknown);
}

TEST_CASE("MAIL and RCPT paths: strict forms and what real clients send", "[smtp][syntax]") {
  SECTION("angle brackets and parameters") {
    const auto path = parse_path_argument("FROM:<alice@example.org> SIZE=1234 BODY=8BITMIME", "FROM");
    REQUIRE(path);
    CHECK(path->address == "alice@example.org");
    REQUIRE(path->parameters.size() == 2);
    CHECK(path->parameters[0].keyword == "SIZE");
    CHECK(path->parameters[0].value == "1234");
    CHECK(path->parameters[1].keyword == "BODY");
    CHECK(path->parameters[1].value == "8BITMIME");
  }
  SECTION("the null reverse path") {
    const auto path = parse_path_argument("FROM:<>", "FROM");
    REQUIRE(path);
    CHECK(path->address.empty());
  }
  SECTION("prefix in any case, a blank after the colon, no brackets") {
    CHECK(parse_path_argument("to: <pbem@localhost>", "TO")->address == "pbem@localhost");
    CHECK(parse_path_argument("To:pbem@localhost", "TO")->address == "pbem@localhost");
  }
  SECTION("a source route is dropped") {
    CHECK(parse_path_argument("TO:<@relay.example,@b.example:pbem@localhost>", "TO")->address ==
          "pbem@localhost");
  }
  SECTION("a quoted local part may hold blanks and brackets") {
    const auto path = parse_path_argument(R"(FROM:<"odd > name"@example.org>)", "FROM");
    REQUIRE(path);
    CHECK(path->address == R"("odd > name"@example.org)");
  }
  SECTION("a parameter keyword without a value, keyword upper-cased") {
    const auto path = parse_path_argument("FROM:<a@b> smtputf8", "FROM");
    REQUIRE(path);
    CHECK(path->parameters.at(0).keyword == "SMTPUTF8");
    CHECK_FALSE(path->parameters.at(0).value);
  }
  SECTION("syntax errors") {
    CHECK_FALSE(parse_path_argument("FROM <a@b>", "FROM"));        // no colon
    CHECK_FALSE(parse_path_argument("TO:<a@b>", "FROM"));          // wrong prefix
    CHECK_FALSE(parse_path_argument("FROM:<a@b", "FROM"));         // unclosed
    CHECK_FALSE(parse_path_argument("FROM:<a@b>junk", "FROM"));    // junk after path
    CHECK_FALSE(parse_path_argument("FROM:", "FROM"));             // no path at all
    CHECK_FALSE(parse_path_argument("FROM:<a b@c>", "FROM"));      // blank in address
    CHECK_FALSE(parse_path_argument("FROM:<a@b> SIZE=", "FROM"));  // empty value
    CHECK_FALSE(parse_path_argument("FROM:<a@b> =5", "FROM"));     // no keyword
    CHECK_FALSE(parse_path_argument("FROM:<@relay>", "FROM"));     // route without mailbox
    CHECK_FALSE(parse_path_argument(std::string("FROM:<a\x01@b>"), "FROM"));
  }
}

TEST_CASE("well-formed addresses cannot carry a second command", "[smtp][syntax]") {
  CHECK(is_wellformed_address("alice@example.org"));
  CHECK(is_wellformed_address(""));
  CHECK(is_wellformed_address(R"("a b"@example.org)"));
  CHECK_FALSE(is_wellformed_address("alice@example.org>\r\nRCPT TO:<victim@example.org"));
  CHECK_FALSE(is_wellformed_address("a\n@b"));
  CHECK_FALSE(is_wellformed_address("a b@c"));
  CHECK_FALSE(is_wellformed_address("<a@b>"));
  CHECK_FALSE(is_wellformed_address(R"("unclosed@b)"));
}

TEST_CASE("reply lines: code, continuation, text", "[smtp][syntax]") {
  auto line = parse_reply_line("250-SIZE 1000");
  REQUIRE(line);
  CHECK(line->code == 250);
  CHECK_FALSE(line->last);
  CHECK(line->text == "SIZE 1000");

  line = parse_reply_line("550 5.1.1 no such user");
  REQUIRE(line);
  CHECK(line->code == 550);
  CHECK(line->last);
  CHECK(line->text == "5.1.1 no such user");

  CHECK(parse_reply_line("354")->last);
  CHECK_FALSE(parse_reply_line("25"));
  CHECK_FALSE(parse_reply_line("2500 x"));
  CHECK_FALSE(parse_reply_line("abc hello"));
  CHECK_FALSE(parse_reply_line("650 out of range"));
  CHECK_FALSE(parse_reply_line("HTTP/1.1 400 Bad Request"));

  SmtpReply reply{250, {"first", "second"}};
  CHECK(reply.to_string() == "250 first / second");
}

TEST_CASE("dot-stuffing for sending", "[smtp][data]") {
  CHECK(dot_stuff("Subject: x\r\n\r\nbody\r\n") == "Subject: x\r\n\r\nbody\r\n.\r\n");
  CHECK(dot_stuff(".leading\r\n..two\r\nmid.dle\r\n.\r\n") ==
        "..leading\r\n...two\r\nmid.dle\r\n..\r\n.\r\n");
  // Bare LF becomes CRLF; a missing final line end is added.
  CHECK(dot_stuff("a\nb\n.c") == "a\r\nb\r\n..c\r\n.\r\n");
  CHECK(dot_stuff("") == ".\r\n");
}

TEST_CASE("receiving DATA: un-stuffing, the end, bare LF, size", "[smtp][data]") {
  SECTION("un-stuffs and stops at CRLF . CRLF") {
    SmtpDataReceiver receiver(1000);
    CHECK_FALSE(receiver.add_line(crlf_line("Subject: x")));
    CHECK_FALSE(receiver.add_line(crlf_line("")));
    CHECK_FALSE(receiver.add_line(crlf_line("..x")));
    CHECK_FALSE(receiver.add_line(crlf_line(".y")));
    CHECK(receiver.add_line(crlf_line(".")));
    CHECK_FALSE(receiver.oversize());
    CHECK(receiver.take_data() == "Subject: x\r\n\r\n.x\r\ny\r\n");
  }
  SECTION("bare LF lines are normalised to CRLF") {
    SmtpDataReceiver receiver(1000);
    receiver.add_line(lf_line("one"));
    receiver.add_line(crlf_line("two"));
    CHECK(receiver.add_line(crlf_line(".")));
    CHECK(receiver.take_data() == "one\r\ntwo\r\n");
  }
  SECTION("a dot line next to a bare LF is text, not the end (no SMTP smuggling)") {
    SmtpDataReceiver receiver(1000);
    receiver.add_line(lf_line("innocent"));
    CHECK_FALSE(receiver.add_line(crlf_line(".")));  // "\n.\r\n"
    CHECK_FALSE(receiver.add_line(lf_line(".")));    // ".\n"
    receiver.add_line(crlf_line("MAIL FROM:<forged@example.org>"));
    CHECK(receiver.add_line(crlf_line(".")));
    CHECK(receiver.take_data() == "innocent\r\n.\r\n.\r\nMAIL FROM:<forged@example.org>\r\n");
  }
  SECTION("over the limit: keeps reading, keeps nothing") {
    SmtpDataReceiver receiver(10);
    receiver.add_line(crlf_line("12345678"));  // 10 bytes with CRLF: exactly the limit
    CHECK_FALSE(receiver.oversize());
    receiver.add_line(crlf_line("x"));
    CHECK(receiver.oversize());
    CHECK_FALSE(receiver.add_line(crlf_line("more")));
    CHECK(receiver.add_line(crlf_line(".")));
    CHECK(receiver.take_data().empty());
    CHECK(receiver.size() == 10 + 3 + 6);
  }
  SECTION("a line too long for the reader makes the message oversize") {
    SmtpDataReceiver receiver(100);
    CHECK_FALSE(receiver.add_line(SmtpLine{"", true, true}));
    CHECK(receiver.oversize());
    CHECK(receiver.add_line(crlf_line(".")));
  }
}
