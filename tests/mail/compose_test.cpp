// compose(): the exact bytes the server mails out, checked directly and by parsing them back.
#include <catch2/catch.hpp>

#include <gmime/gmime.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "mail/inbound_message.h"
#include "mail/outgoing_message.h"

using pbem::mail::boundary_for;
using pbem::mail::compose;
using pbem::mail::OutgoingMessage;
using pbem::mail::parse_inbound;

namespace {

const std::string kBoard =
    "Gates #17: bob to move\n"
    "\n"
    "       a   b   c   d   e\n"
    "   1  . . . . .\n"
    "   2   . . c . .\n"
    "   3    . . . <x> &\n"
    "\n"
    "Next move subject: gates move 17 bob <password>\n";

OutgoingMessage sample() {
  OutgoingMessage msg;
  msg.from_name = "PBeM Server";
  msg.from_address = "pbem@localhost";
  msg.to = {"bob@example.net"};
  msg.subject = "Gates #17: bob to move";
  msg.message_id = "gates-17-12@localhost";
  msg.in_reply_to = "CAHt7dFq9bYk2X0m5PzA3sTQ8vLwRj6u4nE@mail.gmail.com";
  msg.references = {"gates-17-1@localhost", "CAHt7dFq9bYk2X0m5PzA3sTQ8vLwRj6u4nE@mail.gmail.com"};
  msg.text = kBoard;
  msg.date = std::chrono::system_clock::time_point(std::chrono::seconds(1710511502));  // 2024-03-15 14:05:02Z
  return msg;
}

std::string header_block(const std::string& raw) { return raw.substr(0, raw.find("\r\n\r\n") + 2); }

// Header field names of the top-level header block, in order (continuation lines skipped).
std::vector<std::string> header_names(const std::string& raw) {
  std::vector<std::string> names;
  const std::string block = header_block(raw);
  for (std::size_t pos = 0; pos < block.size();) {
    const std::size_t end = block.find("\r\n", pos);
    const std::string line = block.substr(pos, end - pos);
    if (!line.empty() && line[0] != ' ' && line[0] != '\t') names.push_back(line.substr(0, line.find(':')));
    pos = end + 2;
  }
  return names;
}

// The unfolded value of the first top-level header `name`.
std::string header(const std::string& raw, const std::string& name) {
  const std::string block = "\r\n" + header_block(raw);
  const std::size_t start = block.find("\r\n" + name + ": ");
  if (start == std::string::npos) return "<absent>";
  std::string value;
  std::size_t pos = start + 2 + name.size() + 2;
  while (true) {
    const std::size_t end = block.find("\r\n", pos);
    value += block.substr(pos, end - pos);
    if (end + 2 < block.size() && (block[end + 2] == ' ' || block[end + 2] == '\t')) {
      pos = end + 2;
    } else {
      break;
    }
  }
  return value;
}

bool has_only_crlf_line_ends(const std::string& raw) {
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\n' && (i == 0 || raw[i - 1] != '\r')) return false;
    if (raw[i] == '\r' && (i + 1 == raw.size() || raw[i + 1] != '\n')) return false;
  }
  return true;
}

std::size_t longest_line(const std::string& raw) {
  std::size_t longest = 0;
  for (std::size_t pos = 0; pos < raw.size();) {
    std::size_t end = raw.find("\r\n", pos);
    if (end == std::string::npos) end = raw.size();
    longest = std::max(longest, end - pos);
    pos = end + 2;
  }
  return longest;
}

struct Unref {
  void operator()(void* object) const { g_object_unref(object); }
};

// One part of the composed message as GMime (an independent reader) sees it: its decoded
// UTF-8 text and raw headers.
struct PartView {
  std::string text;
  std::string content_type;
  std::string transfer_encoding;
};

PartView part_of(const std::string& raw, const char* subtype) {
  std::unique_ptr<GMimeStream, Unref> stream(g_mime_stream_mem_new_with_buffer(raw.data(), raw.size()));
  std::unique_ptr<GMimeParser, Unref> parser(g_mime_parser_new_with_stream(stream.get()));
  std::unique_ptr<GMimeMessage, Unref> message(g_mime_parser_construct_message(parser.get(), nullptr));
  REQUIRE(message);
  GMimeObject* root = g_mime_message_get_mime_part(message.get());
  REQUIRE(GMIME_IS_MULTIPART(root));
  GMimeMultipart* multipart = GMIME_MULTIPART(root);
  for (int i = 0; i < g_mime_multipart_get_count(multipart); ++i) {
    GMimeObject* part = g_mime_multipart_get_part(multipart, i);
    if (!g_mime_content_type_is_type(g_mime_object_get_content_type(part), "text", subtype)) continue;
    PartView view;
    char* text = g_mime_text_part_get_text(GMIME_TEXT_PART(part));
    for (const char* c = text; *c != '\0'; ++c) {
      if (*c != '\r') view.text += *c;  // the wire form has CRLF line ends
    }
    g_free(text);
    view.content_type = g_mime_object_get_header(part, "Content-Type");
    view.transfer_encoding = g_mime_object_get_header(part, "Content-Transfer-Encoding");
    return view;
  }
  FAIL("no text/" << subtype << " part");
  return {};
}

}  // namespace

TEST_CASE("compose writes the required headers in order", "[mail][compose]") {
  const std::string raw = compose(sample());
  CHECK(header_names(raw) == std::vector<std::string>{"Date", "From", "To", "Subject", "Message-ID", "In-Reply-To",
                                                     "References", "MIME-Version", "Auto-Submitted", "Content-Type"});
  CHECK(header(raw, "Date") == "Fri, 15 Mar 2024 14:05:02 +0000");
  CHECK(header(raw, "From") == "PBeM Server <pbem@localhost>");
  CHECK(header(raw, "To") == "bob@example.net");
  CHECK(header(raw, "Subject") == "Gates #17: bob to move");
  CHECK(header(raw, "Message-ID") == "<gates-17-12@localhost>");
  CHECK(header(raw, "In-Reply-To") == "<CAHt7dFq9bYk2X0m5PzA3sTQ8vLwRj6u4nE@mail.gmail.com>");
  CHECK(header(raw, "MIME-Version") == "1.0");
  CHECK(header(raw, "Auto-Submitted") == "auto-replied");
  CHECK(header(raw, "Content-Type") ==
        "multipart/alternative; boundary=\"" + boundary_for("gates-17-12@localhost") + "\"");
}

TEST_CASE("a mail a setting causes carries List-Unsubscribe, a mailto: of its address", "[mail][compose]") {
  CHECK(header(compose(sample()), "List-Unsubscribe") == "<absent>");
  auto msg = sample();
  msg.list_unsubscribe = "pbem+u-digest-bob-abcdefghijklmnop@localhost";
  const std::string raw = compose(msg);
  CHECK(header(raw, "List-Unsubscribe") == "<mailto:pbem+u-digest-bob-abcdefghijklmnop@localhost>");
  // No one-click POST (RFC 8058): the server serves no HTTPS endpoint for it.
  CHECK(header(raw, "List-Unsubscribe-Post") == "<absent>");
  // An address that is none cannot smuggle a header in.
  msg.list_unsubscribe = "x@y>\r\nBcc: victim@example.org";
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
}

TEST_CASE("compose output uses CRLF only and no line exceeds 998 characters", "[mail][compose]") {
  auto msg = sample();
  CHECK(has_only_crlf_line_ends(compose(msg)));

  msg.subject = std::string(3000, 'x') + " Gates #17 " + std::string(1500, 'y');
  msg.from_name = std::string(1200, 'n');
  msg.to = {"bob@example.net", "alice@example.org", std::string(64, 'l') + "@example.org"};
  msg.references.clear();
  for (int i = 0; i < 60; ++i) msg.references.push_back("gates-17-" + std::to_string(i) + "@localhost");
  msg.text = std::string(5000, 'z') + "\n" + std::string(2000, '.') + "\r\nä" + std::string(3000, 'w');
  const std::string raw = compose(msg);
  CHECK(has_only_crlf_line_ends(raw));
  CHECK(longest_line(raw) <= 998);
  const auto back = parse_inbound(raw);
  CHECK(back.raw_subject == msg.subject);
  CHECK(back.references.size() == 60);
  CHECK(back.body_text == std::string(5000, 'z') + "\n" + std::string(2000, '.') + "\nä" + std::string(3000, 'w'));
}

TEST_CASE("long References are folded", "[mail][compose]") {
  auto msg = sample();
  msg.references.clear();
  for (int i = 1; i <= 12; ++i) msg.references.push_back("gates-17-" + std::to_string(i) + "@localhost");
  const std::string raw = compose(msg);
  const std::string block = header_block(raw);
  const std::size_t start = block.find("\r\nReferences: ");
  REQUIRE(start != std::string::npos);
  const std::size_t next_field = block.find("\r\nMIME-Version: ");
  const std::string field = block.substr(start + 2, next_field - start - 2);
  CHECK((field.find("\r\n ") != std::string::npos || field.find("\r\n\t") != std::string::npos));
  CHECK(longest_line(field) <= 78);
}

TEST_CASE("compose round-trips through parse_inbound", "[mail][compose]") {
  auto msg = sample();
  msg.subject = "Gates #17: bob to move — Zürich ☺";
  msg.from_name = "Spielleitung Köln";
  msg.text = kBoard + "Grüße, 5 € — and a line that is long enough to need quoted-printable soft line breaks "
                      "because it goes on and on.\n";
  const auto back = parse_inbound(compose(msg));
  CHECK(back.raw_subject == msg.subject);
  CHECK(back.subject == msg.subject);
  CHECK(back.body_text == msg.text);
  CHECK(back.message_id == msg.message_id);
  CHECK(back.in_reply_to == msg.in_reply_to);
  CHECK(back.references == msg.references);
  CHECK(back.from_address == "pbem@localhost");
  CHECK(back.from_name == "Spielleitung Köln");
  // Our own mail must never be answered by another pbem server (or by us).
  CHECK(back.machine_reason == "Auto-Submitted: auto-replied");
}

TEST_CASE("the body text survives exactly, whatever its shape", "[mail][compose]") {
  const char* texts[] = {"no final newline", "one line\n", "\n\nleading blank lines\n\n\n",
                         "  indented board\n . . .\n", "trailing blanks   \nand tabs\t\n",
                         "From the start\n.\n..\n-- \nsig\n", "=3D looks encoded =\n", "", "ünïcödé only\n"};
  for (const char* text : texts) {
    INFO(text);
    auto msg = sample();
    msg.text = text;
    CHECK(parse_inbound(compose(msg)).body_text == text);
  }
}

TEST_CASE("CRLF in the caller's text becomes LF", "[mail][compose]") {
  auto msg = sample();
  msg.text = "a\r\nb\rc\n";
  CHECK(parse_inbound(compose(msg)).body_text == "a\nb\nc\n");
}

TEST_CASE("text/plain is 7bit when it can be, quoted-printable when it must", "[mail][compose]") {
  auto msg = sample();
  const auto ascii = part_of(compose(msg), "plain");
  CHECK(ascii.content_type == "text/plain; charset=utf-8");
  CHECK(ascii.transfer_encoding == "7bit");
  CHECK(ascii.text == kBoard);

  msg.text = "Grüße\n";
  const auto utf8 = part_of(compose(msg), "plain");
  CHECK(utf8.content_type == "text/plain; charset=utf-8");
  CHECK(utf8.transfer_encoding == "quoted-printable");
  CHECK(utf8.text == "Grüße\n");

  msg.text = std::string(78, 'x') + "\n";
  CHECK(part_of(compose(msg), "plain").transfer_encoding == "quoted-printable");
  msg.text = std::string(77, 'x') + "\n";
  CHECK(part_of(compose(msg), "plain").transfer_encoding == "7bit");

  // A text that contains the boundary line cannot stay 7bit: it would end the part.
  msg.text = "--" + boundary_for(msg.message_id) + "\nafter\n";
  const std::string raw = compose(msg);
  CHECK(part_of(raw, "plain").transfer_encoding == "quoted-printable");
  CHECK(parse_inbound(raw).body_text == msg.text);
}

namespace {

// The page between <body ...> and </body>.
std::string body_of(const std::string& html) {
  const std::size_t open = html.find("<body");
  REQUIRE(open != std::string::npos);
  const std::size_t content = html.find(">\n", open) + 2;
  const std::size_t close = html.find("</body>", content);
  REQUIRE(close != std::string::npos);
  return html.substr(content, close - content);
}

}  // namespace

TEST_CASE("the HTML part shows the same text, escaped: prose in paragraphs, the board in <pre>", "[mail][compose]") {
  auto msg = sample();
  msg.subject = "Gates #17 <b>&</b>";
  const auto html = part_of(compose(msg), "html");
  CHECK(html.content_type == "text/html; charset=utf-8");
  CHECK(body_of(html.text) ==
        "<p>Gates #17: bob to move</p>\n"
        "<pre style=\"font-family: monospace; overflow-x: auto; max-width: 100%;\">\n"
        "       a   b   c   d   e\n"
        "   1  . . . . .\n"
        "   2   . . c . .\n"
        "   3    . . . &lt;x&gt; &amp;\n"
        "</pre>\n"
        "<p>Next move subject: gates move 17 bob &lt;password&gt;</p>\n");
  CHECK(html.text.find("<meta charset=\"utf-8\">") != std::string::npos);
  CHECK(html.text.find("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">") !=
        std::string::npos);
  CHECK(html.text.find("<title>Gates #17 &lt;b&gt;&amp;&lt;/b&gt;</title>") != std::string::npos);
  CHECK(html.text.find("<b>") == std::string::npos);

  msg.text = "say \"hi\" & 'bye' — ü";
  CHECK(body_of(part_of(compose(msg), "html").text) == "<p>say &quot;hi&quot; &amp; &#39;bye&#39; — ü</p>\n");
}

TEST_CASE("a marked board is one <pre> whatever its lines, its offsets follow CR LF in the text",
          "[mail][compose]") {
  auto msg = sample();
  // A board whose middle row no rule would call a table, with a blank line inside.
  const std::string board = "a b c\n\n1 x o\n";
  msg.text = "Move 3 was c1.\r\n\r\n" + board + "\r\nYour move.\r\n";
  const std::size_t at = msg.text.find(board);
  msg.boards = {{at, at + board.size()}};
  const auto html = part_of(compose(msg), "html");
  CHECK(body_of(html.text) ==
        "<p>Move 3 was c1.</p>\n"
        "<pre style=\"font-family: monospace; overflow-x: auto; max-width: 100%;\">\n"
        "a b c\n"
        "\n"
        "1 x o\n"
        "</pre>\n"
        "<p>Your move.</p>\n");
  // The text/plain part does not change with the marks.
  auto unmarked = msg;
  unmarked.boards.clear();
  CHECK(part_of(compose(unmarked), "plain").text == part_of(compose(msg), "plain").text);
}

TEST_CASE("header injection attempts produce no extra header", "[mail][compose]") {
  auto msg = sample();
  msg.subject = "x\r\nBcc: evil@x";
  msg.from_name = "PBeM\r\nBcc: evil@x\nX-Evil: 1";
  msg.message_id = "gates-17-12@localhost>\r\nBcc: evil";
  msg.in_reply_to = "a@b>\r\nBcc: evil";
  msg.references = {"r@x>\nBcc: evil", "ok@x", "two@at>\r\nBcc: evil@x"};
  const std::string raw = compose(msg);
  CHECK(header_names(raw) == std::vector<std::string>{"Date", "From", "To", "Subject", "Message-ID", "In-Reply-To",
                                                     "References", "MIME-Version", "Auto-Submitted", "Content-Type"});
  std::string lower = raw;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  CHECK(lower.find("\nbcc:") == std::string::npos);
  CHECK(lower.find("\nx-evil:") == std::string::npos);
  CHECK(has_only_crlf_line_ends(raw));
  const auto back = parse_inbound(raw);
  CHECK(back.raw_subject == "x Bcc: evil@x");
  CHECK(back.message_id == "gates-17-12@localhostBccevil");
  CHECK(back.in_reply_to == "a@bBccevil");
  CHECK(back.references == std::vector<std::string>{"r@xBccevil", "ok@x"});
  // Control characters other than line breaks are neutralised too (and the blanks they
  // become collapse, see compose_limits_test.cpp).
  msg = sample();
  msg.subject = std::string("bell\x07 esc\x1b[2J nul") + '\0' + "end";
  CHECK(parse_inbound(compose(msg)).raw_subject == "bell esc [2J nulend");
}

TEST_CASE("implausible addresses and ids are refused", "[mail][compose]") {
  auto msg = sample();
  msg.to = {"bob@example.net\r\nBcc: evil@x"};
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
  msg.to = {"bob@example.net, evil@x"};
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
  msg.to = {"Bob <bob@example.net>"};
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
  msg.to = {};
  CHECK_THROWS_WITH(compose(msg), Catch::Contains("no recipient"));

  msg = sample();
  msg.from_address = "pbem";
  CHECK_THROWS_WITH(compose(msg), Catch::Contains("from_address"));

  msg = sample();
  msg.message_id = "";
  CHECK_THROWS_WITH(compose(msg), Catch::Contains("message_id"));
  msg.message_id = "<>\r\n";
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
  msg.message_id = std::string(241, 'a') + "@localhost";  // 251 characters
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
  msg.message_id = "no-at-sign";
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
  msg.message_id = "id@x>\r\nBcc: evil@x";  // two '@' once cleaned
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
}

TEST_CASE("unusable optional ids are left out, not fatal", "[mail][compose]") {
  auto msg = sample();
  msg.in_reply_to = std::string(300, 'a') + "@example.org";
  msg.references = {"", "<>", "no-at-sign", "good@example.org"};
  const std::string raw = compose(msg);
  CHECK(header(raw, "In-Reply-To") == "<absent>");
  CHECK(header(raw, "References") == "<good@example.org>");

  msg.in_reply_to.clear();
  msg.references.clear();
  const std::string bare = compose(msg);
  CHECK(header(bare, "In-Reply-To") == "<absent>");
  CHECK(header(bare, "References") == "<absent>");
}

TEST_CASE("addresses are normalised in the output", "[mail][compose]") {
  auto msg = sample();
  msg.from_address = " <pbem@LocalHost> ";
  msg.to = {"Bob@Example.NET", "alice@example.org"};
  const std::string raw = compose(msg);
  CHECK(header(raw, "From") == "PBeM Server <pbem@localhost>");
  CHECK(header(raw, "To") == "Bob@example.net, alice@example.org");
}

TEST_CASE("compose is deterministic; the boundary follows the message id", "[mail][compose]") {
  auto msg = sample();
  CHECK(compose(msg) == compose(msg));
  msg.date += std::chrono::milliseconds(999);  // sub-second parts do not show
  CHECK(compose(msg) == compose(sample()));
  auto other = sample();
  other.message_id = "gates-17-13@localhost";
  CHECK(boundary_for("gates-17-12@localhost") != boundary_for("gates-17-13@localhost"));
  CHECK(compose(other).find(boundary_for("gates-17-13@localhost")) != std::string::npos);
  CHECK(boundary_for("gates-17-12@localhost").rfind("=_pbem_", 0) == 0);
}
