// Hostile inbound mail (issue 9, items 1-3, 10, 12): each message is refused or handled
// with output of bounded size, and without GMime ever seeing a header it cannot survive.
#include <catch2/catch.hpp>

#include <string>

#include "mail/address.h"
#include "mail/encoded_word_repair.h"
#include "mail/header_scan.h"
#include "mail/html_to_text.h"
#include "mail/inbound_message.h"

using namespace pbem::mail;

namespace {

std::string repeat(std::string_view unit, std::size_t times) {
  std::string out;
  out.reserve(unit.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += unit;
  return out;
}

const std::string kHead = "From: Alice <alice@example.org>\nTo: pbem@localhost\nMessage-ID: <bomb-1@example.org>\n";

// 82 KB: `Cc: ` + `g:` x 41,000 overflowed the stack in GMime's group parser.
std::string group_bomb(std::string_view field = "Cc") {
  return kHead + std::string(field) + ": " + repeat("g:", 41000) + "\nSubject: help\n\nhelp\n";
}

// 220 KB of HTML that once expanded to 1 GB of quoted text.
std::string html_bomb() {
  return kHead + "Subject: help\nContent-Type: text/html\n\n" + repeat("<blockquote>", 10000) + "<pre>" +
         repeat("\n", 100000) + "</pre>\n";
}

std::string longest_line_prefix_of_quotes(const std::string& text) {
  std::size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '>' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(longest, '>');
}

}  // namespace

TEST_CASE("the group bomb is refused before GMime, naming the field and the limit", "[mail][hostile]") {
  for (const char* field : {"Cc", "To", "From", "Reply-To", "bcc", "Resent-To"}) {
    INFO(field);
    // The whole bomb is over the size of one field.
    CHECK_THROWS_WITH(parse_inbound(group_bomb(field)),
                      Catch::Contains("header field '" + std::string(field) + "' (820") &&
                          Catch::Contains("bytes) is over the limit of 32768"));
    // A smaller one within that size is over the nesting limit.
    CHECK_THROWS_WITH(parse_inbound(kHead + field + ": " + repeat("g:", 10000) + "\n\nhelp\n"),
                      Catch::Contains("header field '" + std::string(field) + "' nests") &&
                          Catch::Contains("10000 deep, over the limit of 16"));
  }
}

// Delivered-To and X-Original-To go through GMime's address parser too (the recipient
// addresses, issue 26): the same nesting there is refused exactly as in From.
TEST_CASE("Delivered-To and X-Original-To are bounded like From", "[mail][hostile]") {
  const auto outcome = [](std::string_view field, const std::string& value) -> std::string {
    try {
      parse_inbound("To: pbem@localhost\nMessage-ID: <nest-1@example.org>\n" + std::string(field) + ": " + value +
                    "\nSubject: help\n\nhelp\n");
      return "accepted";
    } catch (const MailParseError& error) {
      return error.what();
    }
  };
  for (const std::string& value : {repeat("g:", 10000), repeat("(", 17), repeat("<", 17),
                                   repeat("(", 16) + repeat(")", 16) + " <a@example.org>"}) {
    const std::string from = outcome("From", value);
    for (std::string_view field : {"Delivered-To", "X-Original-To", "x-original-to"}) {
      INFO(field << ": " << value.substr(0, 40));
      std::string expected = from;
      if (const auto at = expected.find("'From'"); at != std::string::npos) {
        expected.replace(at, 6, "'" + std::string(field) + "'");
      }
      CHECK(outcome(field, value) == expected);
    }
  }
  CHECK_THAT(outcome("Delivered-To", repeat("g:", 10000)),
             Catch::Contains("header field 'Delivered-To' nests") && Catch::Contains("10000 deep, over the limit of 16"));
  CHECK_THROWS_AS(check_header_limits("X-Original-To: " + repeat("a:", 17) + "\n\n"), MailParseError);
  CHECK_NOTHROW(check_header_limits("Delivered-To: pbem@localhost\nX-Original-To: <pbem@localhost>\n\n"));
}

TEST_CASE("nesting counts groups, comments and angle brackets, not quoted text", "[mail][hostile]") {
  CHECK_NOTHROW(check_header_limits("Cc: " + repeat("(", 16) + repeat(")", 16) + "\n\n"));
  CHECK_THROWS_AS(check_header_limits("Cc: " + repeat("(", 17) + "\n\n"), MailParseError);
  CHECK_THROWS_AS(check_header_limits("Cc: " + repeat("<", 17) + "\n\n"), MailParseError);
  CHECK_THROWS_AS(check_header_limits("Cc: " + repeat("a:", 17) + "\n\n"), MailParseError);
  // Closed groups one after another are not nested; quoted colons are no groups.
  CHECK_NOTHROW(check_header_limits("Cc: " + repeat("g:;,", 5000) + "\n\n"));
  CHECK_NOTHROW(check_header_limits("Cc: \"" + repeat("a:(<", 1000) + "\" <a@b.org>\n\n"));
  // A source route's colon is inside the angle brackets.
  CHECK_NOTHROW(check_header_limits("To: undisclosed-recipients:;\nCc: team: A <@relay:a@b.org> (x);\n\n"));
  // Subjects are text, not address lists.
  CHECK_NOTHROW(check_header_limits("Subject: " + repeat("Re: ", 500) + "\n\n"));
  // Siblings groups in a real-sized header still parse with GMime.
  const auto siblings = parse_inbound(kHead + "Cc: " + repeat("g:;,", 5000) + "\nSubject: help\n\nhelp\n");
  CHECK(siblings.subject == "help");
}

TEST_CASE("header size, field size and field count are bounded", "[mail][hostile]") {
  const auto message_of = [](const std::string& header) { return header + "\nbody\n"; };
  CHECK_NOTHROW(check_header_limits(message_of("Subject: " + std::string(32 * 1024 - 11, 'x') + "\n")));
  CHECK_THROWS_WITH(check_header_limits(message_of("Subject: " + std::string(32 * 1024, 'x') + "\n")),
                    Catch::Contains("header field 'Subject'") && Catch::Contains("over the limit of 32768"));
  // Folded lines belong to their field.
  CHECK_THROWS_WITH(check_header_limits(message_of("X-Long: a\n" + repeat(" " + std::string(999, 'b') + "\n", 40))),
                    Catch::Contains("header field 'X-Long'"));
  const std::string field = "X-Filler: " + std::string(1000, 'f') + "\n";
  CHECK_THROWS_WITH(check_header_limits(message_of(repeat(field, 300))), Catch::Contains("the header section"));
  CHECK_NOTHROW(check_header_limits(message_of(repeat("X-A: 1\n", 1000))));
  CHECK_THROWS_WITH(check_header_limits(message_of(repeat("X-A: 1\n", 1001))),
                    Catch::Contains("the number of header fields"));
  // A line without a colon does not end the header for the limits.
  CHECK_THROWS_AS(check_header_limits(message_of("junk line\n" + repeat("X-A: 1\n", 1001))), MailParseError);
  // The body is not header: a large body passes.
  CHECK_NOTHROW(check_header_limits(message_of("Subject: x\n") + std::string(1 << 20, 'b')));
}

TEST_CASE("the header scan finds Message-ID and From without GMime, even in a bomb", "[mail][hostile]") {
  const auto identity = scan_header_identity(group_bomb());
  CHECK(identity.message_id == "bomb-1@example.org");
  CHECK(identity.from_address == "alice@example.org");
  const auto folded = scan_header_identity(
      "From bob@example.net Sat Jan  1 00:00:00 2000\r\nmessage-id:\r\n <a.b@c> (comment)\r\nFrom: bob@example.net\r\n\r\n"
      "Message-ID: <not-the-header@x>\r\n");
  CHECK(folded.message_id == "a.b@c");
  CHECK(folded.from_address == "bob@example.net");
  // The same id GMime finds, so duplicate detection agrees with processing.
  const std::string plain = "From: a@b.org\nMessage-ID: <x.1@b.org>\nSubject: s\n\nbody\n";
  CHECK(scan_header_identity(plain).message_id == parse_inbound(plain).message_id);
  CHECK(scan_header_identity("Subject: none\n\n").message_id.empty());
  // The scanned From keys Message-ID duplicates, so it must agree with the parsed one.
  for (const char* from : {"\"Doe, John\" <j@x.org>", "j@x.org (John)", "=?utf-8?q?J=C3=B6rg?= <j@x.org>",
                           "<j@x.org>", "  j@x.org", "John\n <j@x.org>"}) {
    INFO(from);
    const std::string raw = std::string("From: ") + from + "\nSubject: s\n\nbody\n";
    CHECK(normalize_address(scan_header_identity(raw).from_address) == parse_inbound(raw).from_address);
  }
}

TEST_CASE("the html bomb gives at most 64 KB of text and 20 quote levels", "[mail][hostile]") {
  const auto message = parse_inbound(html_bomb());
  CHECK(message.body_text.size() <= kMaxHtmlTextBytes);
  CHECK(message.body_text.size() > 1000);
  CHECK(longest_line_prefix_of_quotes(message.body_text).size() == kMaxHtmlQuoteDepth);
  CHECK(message.body_new_text.size() <= kMaxHtmlTextBytes);
}

TEST_CASE("html_to_text caps quote depth and output at a UTF-8 boundary", "[mail][hostile]") {
  const std::string deep = repeat("<blockquote>", 30) + "deep" + repeat("</blockquote>", 30) + "<p>after";
  CHECK(html_to_text(deep) == std::string(20, '>') + " deep\n\nafter");
  const std::string text = html_to_text("<p>" + repeat("\xC3\xA4", 100000), 1001);  // "ä" is 2 bytes
  CHECK(text.size() == 1000);
  CHECK(text == repeat("\xC3\xA4", 500));
}

TEST_CASE("a plain body is capped at 64 KB, cut at a UTF-8 boundary", "[mail][hostile]") {
  const auto message =
      parse_inbound(kHead + "Subject: x\nContent-Type: text/plain; charset=utf-8\n\n" + repeat("a\xE2\x82\xAC", 40000));
  CHECK(message.body_text.size() <= 64 * 1024);
  CHECK(message.body_text.size() > 64 * 1024 - 4);
  CHECK(message.body_text.substr(message.body_text.size() - 4) == "a\xE2\x82\xAC");
}

TEST_CASE("the encoded-word subject bomb is refused, and the repair is linear", "[mail][hostile]") {
  const std::string words = repeat("=?a?B?x", 150000);  // 1 MB: minutes when quadratic
  CHECK_THROWS_WITH(parse_inbound(kHead + "Subject: " + words + "\n\nhelp\n"),
                    Catch::Contains("header field 'Subject'"));
  CHECK(detail::rewrite_base64_words_as_q(words) == words);
  // Within the limit of one field it still parses.
  const auto message = parse_inbound(kHead + "Subject: " + repeat("=?a?B?x", 4000) + "\n\nhelp\n");
  CHECK(message.raw_subject.size() == 28000);
}

TEST_CASE("encoded-word repair looks no further than 75 characters", "[mail][hostile]") {
  CHECK(detail::rewrite_base64_words_as_q("=?UTF-8?B?SGVsbG8=?= =?UTF-8?B?IHdvcmxk?=") ==
        "=?UTF-8?Q?Hello?= =?UTF-8?Q?=20world?=");
  const std::string longest = "=?UTF-8?B?" + std::string(60, 'Q') + "===?=";  // 75 characters
  REQUIRE(longest.size() == 75);
  CHECK(detail::rewrite_base64_words_as_q(longest) != longest);
  const std::string too_long = "=?UTF-8?B?" + std::string(64, 'Q') + "?=";  // 76 characters
  CHECK(detail::rewrite_base64_words_as_q(too_long) == too_long);
}

TEST_CASE("addresses over RFC 5321's length limits are refused", "[mail][hostile][address]") {
  CHECK(normalize_address(std::string(64, 'l') + "@example.org"));
  CHECK_FALSE(normalize_address(std::string(65, 'l') + "@example.org"));
  const std::string domain_253 = repeat(std::string(62, 'd') + ".", 4).substr(0, 251) + ".org";
  CHECK(normalize_address("a@" + std::string(252, 'd')));   // 254 in all
  CHECK_FALSE(normalize_address("ab@" + std::string(252, 'd')));  // 255
  CHECK_FALSE(normalize_address("a@" + domain_253));
}

TEST_CASE("more machine mail: Precedence auto_reply, X-Auto-Response-Suppress, List-Unsubscribe",
          "[mail][hostile][machine]") {
  const auto reason = [](const std::string& field) {
    return parse_inbound(kHead + field + "\nSubject: help\n\nhelp\n").machine_reason;
  };
  CHECK(reason("Precedence: auto_reply") == "Precedence: auto_reply");
  CHECK(reason("Precedence: Auto_Reply") == "Precedence: auto_reply");
  CHECK(reason("X-Auto-Response-Suppress: OOF") == "X-Auto-Response-Suppress present");
  CHECK(reason("X-Auto-Response-Suppress:") == "X-Auto-Response-Suppress present");
  CHECK(reason("List-Unsubscribe: <mailto:leave@lists.example.org>") == "List-Unsubscribe present");
  CHECK_FALSE(reason("Precedence: first-class"));
}
