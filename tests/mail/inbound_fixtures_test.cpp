// Every fixture in tests/fixtures, parsed as the server will parse it.
#include <catch2/catch.hpp>

#include "mail/inbound_message.h"
#include "mail_test_support.h"

using pbem::mail::InboundMessage;
using pbem::mail::parse_inbound;
using pbem::mail::test::read_fixture;

namespace {
InboundMessage parse_fixture(const std::string& name) { return parse_inbound(read_fixture(name)); }
}  // namespace

TEST_CASE("fixture mutt_plain.eml: plain ASCII with a signature", "[mail][fixtures]") {
  const auto m = parse_fixture("mutt_plain.eml");
  CHECK(m.subject == "gates move 17 alice secret c:d3");
  CHECK(m.raw_subject == "gates move 17 alice secret c:d3");
  CHECK(m.from_address == "alice@example.org");
  CHECK(m.from_name == "Alice Example");
  CHECK(m.reply_address == "alice@example.org");
  CHECK(m.message_id == "20240315091500.GA12345@example.org");
  CHECK(m.body_text == "Here is my move. The corner looks safe now.\n\n-- \nAlice Example  <https://example.org/~alice>\n");
  CHECK(m.body_new_text == "Here is my move. The corner looks safe now.");
  CHECK(m.in_reply_to.empty());
  CHECK(m.references.empty());
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture thunderbird_flowed.eml: format=flowed joins the soft-wrapped paragraph", "[mail][fixtures]") {
  const auto m = parse_fixture("thunderbird_flowed.eml");
  CHECK(m.subject == "hy3 chat 4 bob pw");
  CHECK(m.from_address == "bob@example.net");
  CHECK(m.from_name == "Bob Builder");
  CHECK(m.message_id == "3f9c2b1e-7a41-4c2e-9d7b-2a6f1c8e9b01@example.net");
  CHECK(m.body_new_text ==
        "Good game so far! I did not expect you to play the centre so early, that was a clever move "
        "and I will have to think hard about my answer over a café au lait.\n\nTalk soon,\nBob");
  CHECK(m.body_text.find('\r') == std::string::npos);
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture gmail_alternative.eml: text/plain of multipart/alternative", "[mail][fixtures]") {
  const auto m = parse_fixture("gmail_alternative.eml");
  CHECK(m.subject == "signup alice secret");
  CHECK(m.from_address == "alice.example@gmail.com");
  CHECK(m.message_id == "CAKx9f3ZQ1wXhT0a+7d5Lr2u9yFJm3C8bnQ@mail.gmail.com");
  CHECK(m.body_text == "Hi, please sign me up. I heard about this server from Bob.\n");
  CHECK(m.body_new_text == "Hi, please sign me up. I heard about this server from Bob.");
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture outlook_qp_cp1252.eml: windows-1252 quoted-printable, RE:, Outlook quote block",
          "[mail][fixtures]") {
  const auto m = parse_fixture("outlook_qp_cp1252.eml");
  CHECK(m.subject == "gates move 17 juergen geheim e:f5");
  CHECK(m.raw_subject == "RE: gates move 17 juergen geheim e:f5");
  CHECK(m.from_address == "Juergen.Mueller@example.de");
  CHECK(m.from_name == "Müller, Jürgen");
  CHECK(m.in_reply_to == "gates-17-8@localhost");
  CHECK(m.references == std::vector<std::string>{"gates-17-1@localhost", "gates-17-8@localhost"});
  CHECK(m.body_new_text ==
        "Hi Bob,\n\nhere is my move – let’s see what you make of it. This game has cost me at least 5 € "
        "in coffee already.\n\nJürgen");
  CHECK(m.body_text.find("Subject: Gates #17: juergen to move") != std::string::npos);
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture apple_mail_qp.eml: Apple Mail quoted-printable soft breaks", "[mail][fixtures]") {
  const auto m = parse_fixture("apple_mail_qp.eml");
  CHECK(m.subject == "gaia move 3 carol hunter2 d4");
  CHECK(m.from_address == "carol@icloud.com");
  CHECK(m.message_id == "9E8D7C6B-5A49-4382-9170-F1E2D3C4B5A6@icloud.com");
  CHECK(m.body_new_text ==
        "Taking the centre. If you want a rematch after this one, just challenge me again, I am happy to "
        "play another round of Gaia on the bigger board.\n\nCarol");
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture encoded_subject_q.eml: Q-encoded UTF-8 subject and name", "[mail][fixtures]") {
  const auto m = parse_fixture("encoded_subject_q.eml");
  CHECK(m.subject == "signup zoe pässwort");
  CHECK(m.from_address == "zoe@example.fr");
  CHECK(m.from_name == "Zoë Martin");
  CHECK(m.body_new_text == "Bonjour, je voudrais jouer à Gates.");
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture encoded_subject_b_folded.eml: B-encoded subject split over folded lines",
          "[mail][fixtures]") {
  const auto m = parse_fixture("encoded_subject_b_folded.eml");
  CHECK(m.subject == "hy3 chat 4 bob pw — grüße aus Köln");
  CHECK(m.raw_subject == "hy3 chat 4 bob pw — grüße aus Köln");
  CHECK(m.from_address == "dora@example.com");
  CHECK(m.body_new_text == "Bis bald!");
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture reply_quoting_board.eml: Re: Re: reply quoting the board", "[mail][fixtures]") {
  const auto m = parse_fixture("reply_quoting_board.eml");
  CHECK(m.subject == "gates move 17 bob pw2 e:f4");
  CHECK(m.raw_subject == "Re: Re: gates move 17 bob pw2 e:f4");
  CHECK(m.from_address == "bob.builder@gmail.com");
  CHECK(m.in_reply_to == "gates-17-10@localhost");
  CHECK(m.references ==
        std::vector<std::string>{"gates-17-1@localhost", "gates-17-9@localhost", "gates-17-10@localhost"});
  CHECK(m.body_text.find(">    2   . . c . .") != std::string::npos);
  CHECK(m.body_new_text == "Nice one. Let's see how you get out of this.");
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture base64_body.eml: base64 UTF-8 body", "[mail][fixtures]") {
  const auto m = parse_fixture("base64_body.eml");
  CHECK(m.subject == "hy3 chat 4 dora geheim");
  CHECK(m.from_address == "dora@example.com");
  CHECK(m.body_new_text ==
        "Grüße aus Köln!\n\nGutes Spiel bisher. Ich überlege mir den nächsten Zug noch.\n\nViele Grüße\nDora");
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture html_only.eml: HTML-only body converted to text", "[mail][fixtures]") {
  const auto m = parse_fixture("html_only.eml");
  CHECK(m.subject == "gates chat 21 erin s3cret");
  CHECK(m.raw_subject == "Re: gates chat 21 erin s3cret");
  CHECK(m.from_address == "erin_walsh@yahoo.com");
  CHECK(m.in_reply_to == "gates-21-4@localhost");
  CHECK(m.body_text.find("> Gates #21: erin to move") != std::string::npos);
  CHECK(m.body_text.find('<') == m.body_text.find("<pbem@localhost>"));  // no tags left
  CHECK(m.body_new_text == "Hello Frank,\n\nthat & the last move were great – well played!\n\nErin");
  CHECK_FALSE(m.machine_reason);
}

TEST_CASE("fixture auto_reply.eml: out-of-office is machine mail", "[mail][fixtures]") {
  const auto m = parse_fixture("auto_reply.eml");
  CHECK(m.subject == "Automatic reply: Gates #17: bob to move");
  CHECK(m.from_address == "frank@example.com");
  CHECK(m.body_new_text == "Out of office until 25 March. I have no access to my email.");
  CHECK(m.machine_reason == "Auto-Submitted: auto-replied");
}

TEST_CASE("fixture bounce.eml: delivery status notification is machine mail", "[mail][fixtures]") {
  const auto m = parse_fixture("bounce.eml");
  CHECK(m.subject == "Undelivered Mail Returned to Sender");
  CHECK(m.from_address == "MAILER-DAEMON@mail.example.org");
  CHECK(m.from_name == "Mail Delivery System");
  REQUIRE(m.machine_reason);
  CHECK(*m.machine_reason == "Auto-Submitted: auto-replied");
  // The human-readable notification, not the returned message inside the report.
  CHECK(m.body_new_text.rfind("This is the mail system at host mail.example.org.", 0) == 0);
  CHECK(m.body_text.find("gates move 17 bob secret") == std::string::npos);
}

TEST_CASE("fixture mailing_list.eml: list traffic is machine mail", "[mail][fixtures]") {
  const auto m = parse_fixture("mailing_list.eml");
  CHECK(m.subject == "[pbem-players] gates show 17");
  CHECK(m.from_address == "grace@example.edu");
  CHECK(m.body_new_text.rfind("Has anyone looked at game 17? It is getting interesting.", 0) == 0);
  CHECK(m.machine_reason == "Precedence: list");
}
