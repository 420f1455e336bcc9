// parse_inbound() on hand-made messages that isolate one feature each.
#include <catch2/catch.hpp>

#include <thread>
#include <vector>

#include "mail/inbound_message.h"
#include "mail_test_support.h"

using pbem::mail::InboundMessage;
using pbem::mail::MailParseError;
using pbem::mail::parse_inbound;
using namespace pbem::mail::test;

namespace {

// A minimal message as a mail client would write it, with `extra_headers` (each ending
// in \n) and a plain body, converted to CRLF.
std::string message_with(const std::string& extra_headers, const std::string& body = "Hello.\n") {
  return to_crlf("From: Alice Example <alice@example.org>\n"
                 "To: pbem@localhost\n"
                 "Date: Fri, 15 Mar 2024 10:15:00 +0100\n"
                 "Message-ID: <t1@example.org>\n" +
                 extra_headers + "\n" + body);
}

std::string subject_of(const std::string& subject_header) {
  return parse_inbound(message_with("Subject: " + subject_header + "\n")).subject;
}

std::string raw_subject_of(const std::string& subject_header) {
  return parse_inbound(message_with("Subject: " + subject_header + "\n")).raw_subject;
}

std::string body_of(const std::string& headers, const std::string& body) {
  return parse_inbound(message_with("Subject: x\nMIME-Version: 1.0\n" + headers, body)).body_text;
}

std::optional<std::string> reason_of(const std::string& raw) { return parse_inbound(raw).machine_reason; }

const char* const kAllFixtures[] = {
    "mutt_plain.eml",        "thunderbird_flowed.eml",   "gmail_alternative.eml", "outlook_qp_cp1252.eml",
    "apple_mail_qp.eml",     "encoded_subject_q.eml",    "encoded_subject_b_folded.eml",
    "reply_quoting_board.eml", "base64_body.eml",        "html_only.eml",         "auto_reply.eml",
    "bounce.eml",            "mailing_list.eml"};

void check_same(const InboundMessage& a, const InboundMessage& b) {
  CHECK(a.message_id == b.message_id);
  CHECK(a.from_address == b.from_address);
  CHECK(a.from_name == b.from_name);
  CHECK(a.reply_address == b.reply_address);
  CHECK(a.subject == b.subject);
  CHECK(a.raw_subject == b.raw_subject);
  CHECK(a.body_text == b.body_text);
  CHECK(a.body_new_text == b.body_new_text);
  CHECK(a.in_reply_to == b.in_reply_to);
  CHECK(a.references == b.references);
  CHECK(a.machine_reason == b.machine_reason);
}

}  // namespace

TEST_CASE("reply prefixes are stripped from real Subject headers", "[mail][inbound]") {
  CHECK(subject_of("AW: WG: Re[2]: gates move 17 alice secret c:d3") == "gates move 17 alice secret c:d3");
  CHECK(raw_subject_of("AW: WG: Re[2]: gates move 17 alice secret c:d3") ==
        "AW: WG: Re[2]: gates move 17 alice secret c:d3");
  CHECK(subject_of("=?UTF-8?Q?Re=3A_Fwd=3A_gates_show_17?=") == "gates show 17");
  CHECK(subject_of("Re:   gates    show\t17  ") == "gates show 17");
}

TEST_CASE("RFC 2047 encoded words are decoded", "[mail][inbound]") {
  CHECK(subject_of("=?utf-8?q?hy3_chat_4_bob_pw_caf=C3=A9?=") == "hy3 chat 4 bob pw café");
  CHECK(subject_of("=?ISO-8859-1?Q?Gr=FC=DFe?= aus =?iso-8859-1?q?K=F6ln?=") == "Grüße aus Köln");
  CHECK(subject_of("=?UTF-8?B?Z2F0ZXMgc2hvdyAxNw==?=") == "gates show 17");
  // Whitespace between adjacent encoded words is not part of the text (RFC 2047 6.2).
  CHECK(subject_of("=?UTF-8?Q?gates_?= =?UTF-8?Q?show_17?=") == "gates show 17");
  // Padded B-words in a row (GMime 3.2.13 alone loses the second one).
  CHECK(subject_of("=?UTF-8?B?SGVsbG8=?= =?UTF-8?B?IHdvcmxk?=") == "Hello world");
  // A UTF-8 character split across two words, as some clients do.
  CHECK(subject_of("=?UTF-8?B?R3LD?= =?UTF-8?B?vMOfZQ==?=") == "Grüße");
  CHECK(subject_of("=?UTF-8?Q?Gr=C3?= =?UTF-8?Q?=BC=C3=9Fe?=") == "Grüße");
  // Malformed encoded words are kept as text rather than dropped.
  CHECK(subject_of("=?UTF-8?X?abc?= gates") == "=?UTF-8?X?abc?= gates");
}

TEST_CASE("raw 8-bit subjects are read as UTF-8, else windows-1252", "[mail][inbound]") {
  CHECK(subject_of("signup zo\xC3\xAB secret") == "signup zoë secret");
  CHECK(subject_of("signup zo\xEB secret") == "signup zoë secret");
}

TEST_CASE("folded headers are unfolded", "[mail][inbound]") {
  CHECK(subject_of("gates move 17\n alice secret c:d3") == "gates move 17 alice secret c:d3");
  CHECK(raw_subject_of("Re: gates move 17\n\talice secret c:d3") == "Re: gates move 17 alice secret c:d3");
  CHECK(subject_of("=?UTF-8?B?aHkzIGNoYXQgNCBib2IgcHcg4oCUIA==?=\n =?UTF-8?B?Z3LDvMOfZQ==?=") ==
        "hy3 chat 4 bob pw — grüße");
  const auto m = parse_inbound(message_with("Subject: x\nReferences: <a@example.org>\n <b@example.org>\n\t<c@example.org>\n"));
  CHECK(m.references == std::vector<std::string>{"a@example.org", "b@example.org", "c@example.org"});
}

TEST_CASE("CRLF and LF input give the same result for every fixture", "[mail][inbound]") {
  for (const char* name : kAllFixtures) {
    INFO(name);
    const std::string raw = read_fixture(name);
    const std::string lf = to_lf(raw);
    const std::string crlf = to_crlf(lf);
    check_same(parse_inbound(lf), parse_inbound(crlf));
  }
}

TEST_CASE("input that is not a mail message throws MailParseError", "[mail][inbound]") {
  CHECK_THROWS_AS(parse_inbound(""), MailParseError);
  CHECK_THROWS_AS(parse_inbound(" \r\n\r\n"), MailParseError);
  CHECK_THROWS_AS(parse_inbound("hello world, this is no mail\n"), MailParseError);
  CHECK_THROWS_AS(parse_inbound("\r\n\r\nonly a body\r\n"), MailParseError);
  CHECK_THROWS_AS(parse_inbound("<html><body>x</body></html>"), MailParseError);
  CHECK_THROWS_AS(parse_inbound(std::string("\x00\x01\x02\xff binary", 11)), MailParseError);
  CHECK_THROWS_WITH(parse_inbound("hello world\n"), Catch::Contains("first line is not a header field"));
  CHECK_THROWS_WITH(parse_inbound(""), Catch::Contains("empty"));
  // MailParseError is a std::runtime_error, so generic handlers catch it too.
  CHECK_THROWS_AS(parse_inbound("garbage"), std::runtime_error);
}

TEST_CASE("odd but real messages are tolerated", "[mail][inbound]") {
  // Headers only, no body at all.
  const auto headers_only = parse_inbound("From: a@example.org\r\nSubject: gates show 17\r\n");
  CHECK(headers_only.subject == "gates show 17");
  CHECK(headers_only.body_text.empty());
  // An mbox "From " line first, as Postfix pipe(8) with flag F writes it.
  const auto mbox = parse_inbound("From alice@example.org  Fri Mar 15 10:15:00 2024\n" + to_lf(message_with("Subject: gates show 17\n")));
  CHECK(mbox.subject == "gates show 17");
  CHECK(mbox.from_address == "alice@example.org");
  // No Message-ID, no Subject.
  const auto bare = parse_inbound("From: bob@Example.NET\n\nhi\n");
  CHECK(bare.message_id.empty());
  CHECK(bare.subject.empty());
  CHECK(bare.from_address == "bob@example.net");
  CHECK(bare.body_new_text == "hi");
}

TEST_CASE("sender addresses: From, display name, Reply-To", "[mail][inbound]") {
  const auto quoted = parse_inbound("From: \"Doe, Jane (JD)\" <Jane.Doe@Mail.Example.COM>\nSubject: x\n\nb\n");
  CHECK(quoted.from_address == "Jane.Doe@mail.example.com");
  CHECK(quoted.from_name == "Doe, Jane (JD)");
  const auto bare = parse_inbound("From: jane@example.com (Jane Doe)\nSubject: x\n\nb\n");
  CHECK(bare.from_address == "jane@example.com");

  const auto with_reply_to = parse_inbound(message_with("Subject: x\nReply-To: Alice Home <alice@Home.example>\n"));
  CHECK(with_reply_to.from_address == "alice@example.org");
  CHECK(with_reply_to.reply_address == "alice@home.example");

  const auto bad_reply_to = parse_inbound(message_with("Subject: x\nReply-To: nonsense\n"));
  CHECK(bad_reply_to.reply_address == "alice@example.org");

  const auto no_from = parse_inbound("Subject: gates show 17\n\nb\n");
  CHECK(no_from.from_address.empty());
  CHECK(no_from.reply_address.empty());

  const auto encoded_name = parse_inbound("From: =?UTF-8?B?SsO8cmdlbg==?= =?UTF-8?B?IE3DvGxsZXI=?= <j@example.de>\n\nb\n");
  CHECK(encoded_name.from_name == "Jürgen Müller");
}

TEST_CASE("message ids lose their brackets; In-Reply-To takes the first id", "[mail][inbound]") {
  const auto m = parse_inbound(message_with(
      "Subject: x\nIn-Reply-To: <gates-17-8@localhost> (PBeM Server's message of Fri, 15 Mar)\n"
      "References: <gates-17-1@localhost>\n (a comment) <gates-17-8@localhost>\n"));
  CHECK(m.message_id == "t1@example.org");
  CHECK(m.in_reply_to == "gates-17-8@localhost");
  CHECK(m.references == std::vector<std::string>{"gates-17-1@localhost", "gates-17-8@localhost"});
}

TEST_CASE("machine mail is recognised by each rule", "[mail][inbound][machine]") {
  CHECK(reason_of(message_with("Subject: x\nAuto-Submitted: auto-generated\n")) == "Auto-Submitted: auto-generated");
  CHECK(reason_of(message_with("Subject: x\nAuto-Submitted: auto-replied; owner-email=\"a@b\"\n")) ==
        "Auto-Submitted: auto-replied; owner-email=\"a@b\"");
  CHECK_FALSE(reason_of(message_with("Subject: x\nAuto-Submitted: no\n")));
  CHECK_FALSE(reason_of(message_with("Subject: x\nAuto-Submitted: No (a person wrote this)\n")));
  CHECK(reason_of(message_with("Subject: x\nAuto-Submitted: (empty keyword)\n")) ==
        "Auto-Submitted: (empty keyword)");
  CHECK(reason_of(message_with("Subject: x\nPrecedence: bulk\n")) == "Precedence: bulk");
  CHECK(reason_of(message_with("Subject: x\nPrecedence: JUNK\n")) == "Precedence: junk");
  CHECK_FALSE(reason_of(message_with("Subject: x\nPrecedence: first-class\n")));
  CHECK(reason_of(message_with("Subject: x\nList-Id: <players.example.org>\n")) == "List-Id present");
  CHECK(reason_of(message_with("Subject: x\nX-Autoreply: yes\n")) == "X-Autoreply present");
  CHECK(reason_of(message_with("Subject: x\nReturn-Path: <>\n")) == "empty envelope sender (Return-Path: <>)");
  CHECK(reason_of("From: postmaster@example.org\nSubject: x\n\nb\n") == "From postmaster");
  CHECK(reason_of("From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>\nSubject: x\n\nb\n") ==
        "From MAILER-DAEMON");
  CHECK(reason_of("From: MAILER-DAEMON (Mail Delivery System)\nSubject: x\n\nb\n") == "From MAILER-DAEMON");
  CHECK_FALSE(reason_of(message_with("Subject: x\nReturn-Path: <alice@example.org>\n")));
}

TEST_CASE("each rule alone is enough: fixtures with the earlier reasons removed", "[mail][inbound][machine]") {
  std::string bounce = read_fixture("bounce.eml");
  bounce = without_header_line(bounce, "Auto-Submitted:");
  CHECK(reason_of(bounce) == "empty envelope sender (Return-Path: <>)");
  bounce = replace_all(bounce, "Return-Path: <>", "Return-Path: <mta@mail.example.org>");
  CHECK(reason_of(bounce) == "From MAILER-DAEMON");
  bounce = replace_all(bounce, "From: MAILER-DAEMON@mail.example.org", "From: notifier@mail.example.org");
  CHECK(reason_of(bounce) == "multipart/report; report-type=delivery-status (delivery or read report)");

  const std::string list = without_header_line(read_fixture("mailing_list.eml"), "Precedence:");
  CHECK(reason_of(list) == "List-Id present");

  const std::string exchange = without_header_line(read_fixture("auto_reply.eml"), "Auto-Submitted:");
  CHECK(reason_of(exchange) == "X-Auto-Response-Suppress present");
  const std::string person = without_header_line(exchange, "X-Auto-Response-Suppress:");
  CHECK_FALSE(reason_of(person));
}

TEST_CASE("the body is the inline text/plain part, else the HTML one", "[mail][inbound][body]") {
  // (The line break before a boundary belongs to the boundary, RFC 2046 5.1.1.)
  const std::string html_first =
      "Content-Type: multipart/alternative; boundary=\"b1\"\n";
  CHECK(body_of(html_first,
                "--b1\nContent-Type: text/html\n\n<p>from <b>html</b></p>\n"
                "--b1\nContent-Type: text/plain\n\nfrom plain\n--b1--\n") == "from plain");

  const std::string mixed = "Content-Type: multipart/mixed; boundary=\"m\"\n";
  CHECK(body_of(mixed,
                "--m\nContent-Type: text/plain; charset=utf-8\n\nthe body\n"
                "--m\nContent-Type: text/plain; name=\"notes.txt\"\nContent-Disposition: attachment; filename=\"notes.txt\"\n\n"
                "the attachment\n--m--\n") == "the body");
  CHECK(body_of(mixed,
                "--m\nContent-Type: text/plain\nContent-Disposition: attachment; filename=\"a.txt\"\n\nattached\n"
                "--m\nContent-Type: text/html\n\n<div>the html body</div>\n--m--\n") == "the html body");
  CHECK(body_of(mixed,
                "--m\nContent-Type: application/pdf\nContent-Transfer-Encoding: base64\n\nJVBERi0xLjQK\n--m--\n")
            .empty());

  // A forwarded message as attachment is not the body.
  CHECK(body_of(mixed,
                "--m\nContent-Type: text/plain\n\nsee below\n"
                "--m\nContent-Type: message/rfc822\n\nFrom: x@y\nSubject: old\n\nold text\n--m--\n") == "see below");

  // multipart/signed: the content, not the signature.
  CHECK(body_of("Content-Type: multipart/signed; micalg=pgp-sha256; protocol=\"application/pgp-signature\"; boundary=\"s\"\n",
                "--s\nContent-Type: text/plain; charset=us-ascii\n\nsigned words\n"
                "--s\nContent-Type: application/pgp-signature; name=\"signature.asc\"\n\n"
                "-----BEGIN PGP SIGNATURE-----\nAAAA\n-----END PGP SIGNATURE-----\n--s--\n") == "signed words");
}

TEST_CASE("body charsets and transfer encodings are decoded", "[mail][inbound][body]") {
  CHECK(body_of("Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n", "Gr\xFC\xDF" "e\n") ==
        "Grüße\n");
  CHECK(body_of("Content-Type: text/plain; charset=\"UTF-8\"\nContent-Transfer-Encoding: quoted-printable\n",
                "caf=C3=A9 au =\nlait\n") == "café au lait\n");
  CHECK(body_of("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n", "Y2Fmw6kK\n") ==
        "café\n");
  CHECK(body_of("Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n", "lang \nwort\n") ==
        "langwort\n");
  // No Content-Type at all: RFC 822 text, 8-bit bytes tried as UTF-8.
  CHECK(body_of("", "gr\xC3\xBC\xC3\x9F" "e\n") == "grüße\n");
}

TEST_CASE("parsing is safe from several threads at once", "[mail][inbound]") {
  std::vector<InboundMessage> expected;
  for (const char* name : kAllFixtures) expected.push_back(parse_inbound(read_fixture(name)));

  constexpr int kThreads = 4;
  std::vector<std::vector<InboundMessage>> results(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&results, t] {
      for (int round = 0; round < 5; ++round) {
        for (const char* name : kAllFixtures) results[t].push_back(parse_inbound(read_fixture(name)));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& per_thread : results) {
    REQUIRE(per_thread.size() == 5 * expected.size());
    for (std::size_t i = 0; i < per_thread.size(); ++i) check_same(per_thread[i], expected[i % expected.size()]);
  }
}

TEST_CASE("truncated and damaged messages never crash the parser", "[mail][inbound]") {
  for (const char* name : kAllFixtures) {
    INFO(name);
    const std::string raw = read_fixture(name);
    for (std::size_t cut = 0; cut <= raw.size(); cut += std::max<std::size_t>(1, raw.size() / 37)) {
      const std::string damaged = raw.substr(0, cut);
      try {
        const auto m = parse_inbound(damaged);
        CHECK(m.subject.find('\n') == std::string::npos);
      } catch (const MailParseError&) {
        // Only acceptable when nothing header-like is left.
        CHECK(damaged.find(':') == std::string::npos);
      }
    }
  }
}

TEST_CASE("a body without a final line break is kept as it is", "[mail][inbound]") {
  CHECK(parse_inbound("From: a@example.org\r\nSubject: x\r\n\r\nno newline").body_text == "no newline");
  CHECK(parse_inbound("From: a@example.org\r\nSubject: gates show 17").subject == "gates show 17");
  CHECK(parse_inbound("From: a@example.org\r\nMIME-Ve").from_address == "a@example.org");
}
