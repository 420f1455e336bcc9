// compose() with attachments (a game's record files): multipart/mixed whose first part is
// the multipart/alternative a mail without them has, then each file, parsed back with GMime
// byte for byte, with its Content-Type parameters and its file name.
#include <catch2/catch.hpp>

#include <gmime/gmime.h>

#include <memory>
#include <string>

#include "mail/outgoing_message.h"
#include "gmime_test_support.h"

using pbem::mail::compose;
using pbem::mail::OutgoingMessage;
using pbem::mail::test::content_type_of;
using pbem::mail::test::decoded_content;

namespace {

OutgoingMessage record_mail() {
  OutgoingMessage msg;
  msg.from_name = "PBeM Server";
  msg.from_address = "pbem@localhost";
  msg.to = {"bob@example.net"};
  msg.subject = "HY 3 #4: record";
  msg.message_id = "pbem-9-2.abc@localhost";
  msg.text = "HY 3 #4 (-size=3): alice against bob\n";
  msg.date = std::chrono::system_clock::time_point(std::chrono::seconds(1710511502));
  return msg;
}

}  // namespace

TEST_CASE("a mail with attachments is mixed: the alternative text, then each file", "[mail][compose][attachment]") {
  OutgoingMessage msg = record_mail();
  const std::string without = compose(msg);
  // One line of 3,000 characters with `]` and `\`, and UTF-8: what a long record holds.
  const std::string sgf = "(;FF[4]CA[UTF-8]C[" + std::string(3000, 'x') + "\\] caf\xc3\xa9])\n";
  msg.attachments = {{"hy3-4.sgf", "application/x-go-sgf; charset=UTF-8", sgf},
                     {"hy3-4.json", "application/json", "{\"format\": \"pbem-record/1\"}\n"}};
  const std::string raw = compose(msg);
  const auto message = pbem::mail::test::parsed_message(raw);
  REQUIRE(message);
  GMimeObject* root = g_mime_message_get_mime_part(message.get());
  REQUIRE(content_type_of(root) == "multipart/mixed");
  GMimeMultipart* mixed = GMIME_MULTIPART(root);
  REQUIRE(g_mime_multipart_get_count(mixed) == 3);
  CHECK(content_type_of(g_mime_multipart_get_part(mixed, 0)) == "multipart/alternative");
  for (int n = 0; n < 2; ++n) {
    GMimeObject* part = g_mime_multipart_get_part(mixed, n + 1);
    const auto& file = msg.attachments[static_cast<std::size_t>(n)];
    CHECK(std::string(g_mime_object_get_disposition(part)) == "attachment");
    CHECK(std::string(g_mime_part_get_filename(GMIME_PART(part))) == file.filename);
    CHECK(decoded_content(GMIME_PART(part)) == file.data);
  }
  GMimeObject* sgf_part = g_mime_multipart_get_part(mixed, 1);
  CHECK(content_type_of(sgf_part) == "application/x-go-sgf");
  CHECK(std::string(g_mime_object_get_content_type_parameter(sgf_part, "charset")) == "UTF-8");
  CHECK(content_type_of(g_mime_multipart_get_part(mixed, 2)) == "application/json");
  // The Content-Type as the record pins it, not as GMime would quote it.
  CHECK(raw.find("\r\nContent-Type: application/x-go-sgf; charset=UTF-8\r\n") != std::string::npos);
  CHECK(raw.find("\r\nContent-Type: application/json\r\n") != std::string::npos);
  // No line passes 998 octets, however long the record's lines.
  std::size_t start = 0;
  for (std::size_t end; (end = raw.find("\r\n", start)) != std::string::npos; start = end + 2) CHECK(end - start <= 998);
  // The text part is the same as without the files.
  const auto text_of = [](const std::string& mail) {
    const std::size_t at = mail.find("Content-Type: text/plain");
    return mail.substr(at, mail.find("\r\n--", at) - at);
  };
  CHECK(text_of(raw) == text_of(without));
}
