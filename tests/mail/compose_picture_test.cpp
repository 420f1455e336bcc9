// compose() with a picture (board mails): multipart/alternative whose HTML branch is
// multipart/related with the picture inline, parsed back with GMime; the text/plain part
// stays byte for byte what it is without a picture.
#include <catch2/catch.hpp>

#include <gmime/gmime.h>

#include <memory>
#include <string>

#include "mail/inbound_message.h"
#include "mail/outgoing_message.h"
#include "gmime_test_support.h"

using pbem::mail::boundary_for;
using pbem::mail::compose;
using pbem::mail::OutgoingMessage;
using pbem::mail::test::content_type_of;
using pbem::mail::test::decoded_content;

namespace {

// Every byte value, NUL and CR/LF included: the image part must carry them unchanged.
std::string fake_png() {
  std::string bytes = "\x89PNG\r\n\x1a\n";
  for (int i = 0; i < 2048; ++i) bytes += static_cast<char>(i % 256);
  return bytes;
}

OutgoingMessage board_mail() {
  OutgoingMessage msg;
  msg.from_name = "PBeM Server";
  msg.from_address = "pbem@localhost";
  msg.to = {"bob@example.net"};
  msg.subject = "HY 3 #4: bob to move";
  msg.message_id = "pbem-9-1.abc@localhost";
  msg.text = "a       .  .  .\nb     .  R  .  .\n\nRed moves first; Blue second. <&>\n";
  msg.date = std::chrono::system_clock::time_point(std::chrono::seconds(1710511502));
  msg.pictures = {{0, fake_png()}};
  return msg;
}

// The raw bytes of the first part of a multipart body (between its first two boundaries).
std::string first_part_bytes(const std::string& raw, const std::string& boundary) {
  const std::string delimiter = "--" + boundary + "\r\n";
  const std::size_t start = raw.find(delimiter);
  REQUIRE(start != std::string::npos);
  const std::size_t end = raw.find("\r\n--" + boundary, start + delimiter.size());
  REQUIRE(end != std::string::npos);
  return raw.substr(start, end - start);
}

}  // namespace

TEST_CASE("a board mail is alternative: text/plain, then related (html + inline png)", "[mail][compose]") {
  const OutgoingMessage msg = board_mail();
  const std::string raw = compose(msg);
  const auto message = pbem::mail::test::parsed_message(raw);
  REQUIRE(message);
  GMimeObject* root = g_mime_message_get_mime_part(message.get());
  REQUIRE(content_type_of(root) == "multipart/alternative");
  GMimeMultipart* alternative = GMIME_MULTIPART(root);
  REQUIRE(g_mime_multipart_get_count(alternative) == 2);
  CHECK(content_type_of(g_mime_multipart_get_part(alternative, 0)) == "text/plain");

  GMimeObject* branch = g_mime_multipart_get_part(alternative, 1);
  REQUIRE(content_type_of(branch) == "multipart/related");
  CHECK(std::string(g_mime_object_get_content_type_parameter(branch, "type")) == "text/html");
  GMimeMultipart* related = GMIME_MULTIPART(branch);
  REQUIRE(g_mime_multipart_get_count(related) == 2);
  GMimeObject* html_part = g_mime_multipart_get_part(related, 0);
  GMimeObject* image_part = g_mime_multipart_get_part(related, 1);
  REQUIRE(content_type_of(html_part) == "text/html");
  REQUIRE(content_type_of(image_part) == "image/png");

  const std::string content_id = g_mime_part_get_content_id(GMIME_PART(image_part));
  CHECK(content_id == pbem::mail::picture_content_id("pbem-9-1.abc@localhost"));
  CHECK(std::string(g_mime_object_get_disposition(image_part)) == "inline");
  CHECK(g_mime_part_get_content_encoding(GMIME_PART(image_part)) == GMIME_CONTENT_ENCODING_BASE64);
  CHECK(decoded_content(GMIME_PART(image_part)) == msg.pictures.front().png);

  char* html_text = g_mime_text_part_get_text(GMIME_TEXT_PART(html_part));
  const std::string html = html_text;
  g_free(html_text);
  CHECK(html.find("<img src=\"cid:" + content_id + "\"") != std::string::npos);
  CHECK(html.find("max-width: 100%") != std::string::npos);
  CHECK(html.find("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">") != std::string::npos);
  // The picture comes first, the text (escaped) below it.
  CHECK(html.find("<img") < html.find("<pre"));
  CHECK(html.find("Red moves first; Blue second. &lt;&amp;&gt;") != std::string::npos);
}

TEST_CASE("the text/plain part of a board mail is byte-identical with and without the picture",
          "[mail][compose]") {
  OutgoingMessage with = board_mail();
  OutgoingMessage without = board_mail();
  without.pictures.clear();
  const std::string boundary = boundary_for(with.message_id);
  const std::string plain_with = first_part_bytes(compose(with), boundary);
  CHECK(plain_with == first_part_bytes(compose(without), boundary));
  CHECK(plain_with.find("Content-Type: text/plain; charset=utf-8") != std::string::npos);
  // A mail without a picture keeps its old shape: no related branch, no image.
  const std::string raw_without = compose(without);
  CHECK(raw_without.find("multipart/related") == std::string::npos);
  CHECK(raw_without.find("image/png") == std::string::npos);
  CHECK(raw_without.find("<img") == std::string::npos);
}

TEST_CASE("a board mail reads back as its text through the inbound parser", "[mail][compose]") {
  const OutgoingMessage msg = board_mail();
  const auto back = pbem::mail::parse_inbound(compose(msg));
  CHECK(back.body_text == msg.text);
  CHECK(compose(msg) == compose(msg));  // deterministic, picture included
}
