// Timestamps as stored in the database, and the SHA-256 digest that keys the inbox.
#include <catch2/catch.hpp>

#include <chrono>
#include <regex>
#include <string>

#include "server/support/clock.h"
#include "server/support/sha256.h"

using namespace std::chrono;
using pbem::server::iso8601;
using pbem::server::sha256_hex;

TEST_CASE("iso8601 writes UTC to the second", "[clock]") {
  CHECK(iso8601(system_clock::time_point{}) == "1970-01-01T00:00:00Z");
  const sys_days leap_day = 2024y / February / 29;
  CHECK(iso8601(leap_day + 23h + 59min + 59s + 999ms) == "2024-02-29T23:59:59Z");
  CHECK(iso8601(sys_days{2000y / January / 1} + 9h + 5min + 7s) == "2000-01-01T09:05:07Z");
  CHECK(iso8601(system_clock::time_point{} - 1ms) == "1969-12-31T23:59:59Z");
}

TEST_CASE("now_iso8601 is the current time", "[clock]") {
  const std::string before = iso8601(system_clock::now());
  const std::string now = pbem::server::now_iso8601();
  const std::string after = iso8601(system_clock::now());
  CHECK(std::regex_match(now, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
  CHECK(before <= now);  // fixed width: text order is time order
  CHECK(now <= after);
}

TEST_CASE("sha256_hex matches the FIPS 180-2 test vectors", "[digest]") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // Every byte counts, NUL included.
  CHECK(sha256_hex(std::string("a\0b", 3)) != sha256_hex("a"));
  CHECK(sha256_hex(std::string("a\0b", 3)).size() == 64);
}
