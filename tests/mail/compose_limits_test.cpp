// compose() never writes a header line over 998 octets nor a raw 8-bit byte in a header
// (issue 9, item 10: found by a compose fuzzer).
#include <catch2/catch.hpp>

#include <chrono>
#include <stdexcept>
#include <string>

#include "mail/inbound_message.h"
#include "mail/outgoing_message.h"

using namespace pbem::mail;

namespace {

OutgoingMessage sample() {
  OutgoingMessage msg;
  msg.from_name = "PBeM Server";
  msg.from_address = "pbem@localhost";
  msg.to = {"bob@example.net"};
  msg.subject = "Gates #17";
  msg.message_id = "gates-17-1@localhost";
  msg.text = "board\n";
  msg.date = std::chrono::system_clock::time_point(std::chrono::seconds(1710511380));
  return msg;
}

std::string header_of(const std::string& raw) { return raw.substr(0, raw.find("\r\n\r\n")); }

std::size_t longest_header_line(const std::string& raw) {
  const std::string header = header_of(raw);
  std::size_t longest = 0, start = 0;
  while (start <= header.size()) {
    auto end = header.find("\r\n", start);
    if (end == std::string::npos) end = header.size();
    longest = std::max(longest, end - start);
    start = end + 2;
  }
  return longest;
}

bool header_is_ascii(const std::string& raw) {
  for (char c : header_of(raw)) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("a long address list is folded under 998 octets per line", "[mail][compose][limits]") {
  auto msg = sample();
  msg.to.clear();
  for (int i = 0; i < 40; ++i) msg.to.push_back(std::string(60, 'a') + std::to_string(i) + "@" + std::string(180, 'd') + ".org");
  const std::string raw = compose(msg);
  CHECK(longest_header_line(raw) <= 998);
  CHECK(header_is_ascii(raw));
  const auto back = parse_inbound(raw);  // and it is still a message a reader can parse
  CHECK(back.subject == "Gates #17");
}

TEST_CASE("non-ASCII text in headers is encoded, never raw", "[mail][compose][limits]") {
  auto msg = sample();
  msg.from_name = "Spielleiter Jürgen " + std::string(1500, 'n');
  msg.subject = "Zug für Björn: " + std::string(2000, 0x7f) + "\xC3\xA4\xFF\xFE";  // DEL and broken UTF-8 too
  const std::string raw = compose(msg);
  CHECK(header_is_ascii(raw));
  CHECK(longest_header_line(raw) <= 998);
  CHECK(parse_inbound(raw).from_name.find("Spielleiter Jürgen") == 0);
}

TEST_CASE("an internationalised or over-long address is refused, not written raw", "[mail][compose][limits]") {
  auto msg = sample();
  msg.to = {"jürgen@example.org"};
  CHECK_THROWS_WITH(compose(msg), Catch::Contains("non-ASCII"));
  msg.to = {"bob@exämple.org"};
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
  msg.to = {std::string(65, 'l') + "@example.org"};
  CHECK_THROWS_WITH(compose(msg), Catch::Contains("not a plausible address"));
  msg.to = {"bob@example.net"};
  msg.from_address = "sërver@localhost";
  CHECK_THROWS_AS(compose(msg), std::invalid_argument);
}
