// The List-Unsubscribe addresses (addresses/game_address.h, list_unsubscribe.h): made with the
// game addresses' MAC, found among recipients by their shape, never taken for a game or
// digest address nor the other way round.
#include <catch2/catch.hpp>

#include <regex>

#include "server/addresses/game_address.h"

using namespace pbem::server;

namespace {

const std::string kKey(32, 'k');

ServerConfig server() {
  ServerConfig config;
  config.address = "PBeM@Example.org";
  config.aliases = {"games@club.example"};
  return config;
}

}  // namespace

TEST_CASE("an unsubscribe address names its setting and user and carries their MAC", "[unsubscribe]") {
  const std::string address = unsubscribe_address(server(), kKey, "digest", "alice");
  CHECK(std::regex_match(address, std::regex("pbem\\+u-digest-alice-[a-z2-7]{16}@example\\.org")));
  CHECK(address == "pbem+u-digest-alice-" + unsubscribe_address_token(kKey, "digest", "alice") + "@example.org");
  // Each setting, user and key has its own token.
  const std::string token = unsubscribe_address_token(kKey, "digest", "alice");
  CHECK(token != unsubscribe_address_token(kKey, "hy3", "alice"));
  CHECK(token != unsubscribe_address_token(kKey, "12", "alice"));
  CHECK(token != unsubscribe_address_token(kKey, "digest", "bob"));
  CHECK(token != unsubscribe_address_token(std::string(32, 'x'), "digest", "alice"));
  // ... and none is the digest's or a game's token, which are made with the same key.
  for (int generation = 0; generation < 3; ++generation) {
    CHECK(token != digest_address_token(kKey, "alice", generation));
    CHECK(unsubscribe_address_token(kKey, "12", "alice") != game_address_token(kKey, 12, "alice", generation));
  }
  // The same tomorrow: no clock, no generation in it (it outlives a password change).
  CHECK(token == unsubscribe_address_token(kKey, "digest", "alice"));
}

TEST_CASE("an unsubscribe address is found among the recipients, whatever its case", "[unsubscribe]") {
  const std::string made = unsubscribe_address(server(), kKey, "hy3", "bob_the-2nd");
  std::string shouted = made;
  for (char& c : shouted) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto found = find_unsubscribe_address(server(), {"someone@else.example", shouted});
  REQUIRE(found);
  CHECK(found->address == made);
  CHECK(found->setting == "hy3");
  CHECK(found->userid == "bob_the-2nd");  // a userid may hold dashes: it is what stands between
  CHECK(found->token == unsubscribe_address_token(kKey, "hy3", "bob_the-2nd"));
  // On an alias too.
  const auto on_alias = find_unsubscribe_address(server(), {"games+u-12-carol-abcdefghijklmnop@club.example"});
  REQUIRE(on_alias);
  CHECK((on_alias->setting == "12" && on_alias->userid == "carol" && on_alias->token == "abcdefghijklmnop"));
}

TEST_CASE("other addresses are no unsubscribe addresses, and unsubscribe addresses no game addresses",
          "[unsubscribe]") {
  for (const std::string address :
       {"pbem@example.org", "pbem+12-abcdefghijklmnop@example.org", "pbem+d-abcdefghijklmnop@example.org",
        "pbem+u-digest@example.org", "pbem+u-digest-abcdefghijklmnop@example.org", "pbem+u--alice-abc@example.org",
        "pbem+u-digest--abc@example.org", "pbem+u-digest-alice-@example.org",
        "pbem+u-digest-alice-abc@elsewhere.example", "other+u-digest-alice-abc@example.org"}) {
    INFO(address);
    CHECK_FALSE(find_unsubscribe_address(server(), {address}));
  }
  CHECK_FALSE(find_game_address(server(), {unsubscribe_address(server(), kKey, "digest", "alice")}));
  CHECK_FALSE(find_game_address(server(), {unsubscribe_address(server(), kKey, "12", "alice")}));
}
