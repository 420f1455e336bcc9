#include "server/addresses/game_address.h"

#include <array>
#include <charconv>

#include <sodium.h>

#include "engine/text.h"
#include "server/support/sodium.h"

namespace pbem::server {

namespace {

constexpr std::size_t kTokenBytes = 10;  // 80 bits
constexpr std::string_view kBase32 = "abcdefghijklmnopqrstuvwxyz234567";

std::string base32(const unsigned char* bytes, std::size_t size) {
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (std::size_t i = 0; i < size; ++i) {
    buffer = (buffer << 8) | bytes[i];
    bits += 8;
    while (bits >= 5) {
      out += kBase32[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += kBase32[(buffer << (5 - bits)) & 31];
  return out;
}

// The local part and domain of `address` ("pbem", "example.org"), lower-case.
std::pair<std::string, std::string> split_address(std::string_view address) {
  const auto at = address.rfind('@');
  if (at == std::string_view::npos) return {to_lower(address), ""};
  return {to_lower(address.substr(0, at)), to_lower(address.substr(at + 1))};
}

// What follows "<local>+" in `recipient` when it is an address of `server_address`
// ("12-<token>" of "pbem+12-<token>@example.org"), and the recipient as found, lower-case.
struct PlusDetail {
  std::string address;
  std::string detail;
};
std::optional<PlusDetail> plus_detail(std::string_view server_address, const std::string& recipient) {
  const auto [server_local, server_domain] = split_address(server_address);
  const auto [local, domain] = split_address(recipient);
  if (domain != server_domain || !local.starts_with(server_local + "+")) return std::nullopt;
  return PlusDetail{local + "@" + domain, local.substr(server_local.size() + 1)};
}

// "<local>+<game>-<token>" against one server address.
std::optional<GameAddressCandidate> match(std::string_view server_address, const std::string& recipient) {
  const auto found = plus_detail(server_address, recipient);
  if (!found) return std::nullopt;
  const std::string_view detail = found->detail;
  const auto dash = detail.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  GameAddressCandidate candidate;
  const auto number = detail.substr(0, dash);
  candidate.digest = number == "d";
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), candidate.game);
  const bool game = ec == std::errc{} && end == number.data() + number.size() && candidate.game > 0;
  if (!game && !candidate.digest) return std::nullopt;
  candidate.token = std::string(detail.substr(dash + 1));
  if (candidate.token.empty()) return std::nullopt;
  candidate.address = found->address;
  return candidate;
}

// "<local>+u-<setting>-<userid>-<token>" against one server address: the setting has no
// dash and the token none (base32), so the userid, which may have some, is what is between.
std::optional<UnsubscribeAddressCandidate> match_unsubscribe(std::string_view server_address,
                                                             const std::string& recipient) {
  const auto found = plus_detail(server_address, recipient);
  if (!found || !found->detail.starts_with("u-")) return std::nullopt;
  const std::string_view detail = std::string_view(found->detail).substr(2);
  const auto first = detail.find('-');
  const auto last = detail.rfind('-');
  if (first == std::string_view::npos || last == first) return std::nullopt;
  UnsubscribeAddressCandidate candidate{found->address, std::string(detail.substr(0, first)),
                                        std::string(detail.substr(first + 1, last - first - 1)),
                                        std::string(detail.substr(last + 1))};
  if (candidate.setting.empty() || candidate.userid.empty() || candidate.token.empty()) return std::nullopt;
  return candidate;
}

}  // namespace

namespace {

// The MAC of `what` (a game number, "digest" or "unsubscribe <setting>"), the userid and
// the generation (none for an address that outlives a password change), as a token.
std::string address_token(std::string_view key, const std::string& what, std::string_view userid,
                          std::optional<int> generation) {
  ensure_sodium_initialized();
  // Fields separated by NUL, which none of them can contain; `what` tells the kinds of
  // address apart, so one key serves them all.
  std::string input = what;
  input += '\0';
  input += userid;
  if (generation) {
    input += '\0';
    input += std::to_string(*generation);
  }
  // BLAKE2b's shortest output is 16 bytes; the token is its first 10.
  std::array<unsigned char, crypto_generichash_BYTES_MIN> mac{};
  crypto_generichash(mac.data(), mac.size(), reinterpret_cast<const unsigned char*>(input.data()), input.size(),
                     reinterpret_cast<const unsigned char*>(key.data()), key.size());
  return base32(mac.data(), kTokenBytes);
}

}  // namespace

std::string game_address_token(std::string_view key, std::int64_t game, std::string_view userid, int generation) {
  return address_token(key, std::to_string(game), userid, generation);
}

std::string digest_address_token(std::string_view key, std::string_view userid, int generation) {
  return address_token(key, "digest", userid, generation);
}

std::string unsubscribe_address_token(std::string_view key, std::string_view setting, std::string_view userid) {
  return address_token(key, "unsubscribe " + std::string(setting), userid, std::nullopt);
}

std::string unsubscribe_address(const ServerConfig& server, std::string_view key, std::string_view setting,
                                std::string_view userid) {
  const auto [local, domain] = split_address(server.address);
  return local + "+u-" + std::string(setting) + "-" + std::string(userid) + "-" +
         unsubscribe_address_token(key, setting, userid) + "@" + domain;
}

std::optional<UnsubscribeAddressCandidate> find_unsubscribe_address(const ServerConfig& server,
                                                                    const std::vector<std::string>& recipients) {
  for (const std::string& recipient : recipients) {
    if (auto found = match_unsubscribe(server.address, recipient)) return found;
    for (const std::string& alias : server.aliases)
      if (auto found = match_unsubscribe(alias, recipient)) return found;
  }
  return std::nullopt;
}

std::string game_address(const ServerConfig& server, std::string_view key, std::int64_t game,
                         std::string_view userid, int generation) {
  const auto [local, domain] = split_address(server.address);
  return local + "+" + std::to_string(game) + "-" + game_address_token(key, game, userid, generation) + "@" + domain;
}

std::optional<GameAddressCandidate> find_game_address(const ServerConfig& server,
                                                      const std::vector<std::string>& recipients) {
  for (const std::string& recipient : recipients) {
    if (auto found = match(server.address, recipient)) return found;
    for (const std::string& alias : server.aliases)
      if (auto found = match(alias, recipient)) return found;
  }
  return std::nullopt;
}

bool same_token(std::string_view token, std::string_view expected) {
  return token.size() == expected.size() &&
         sodium_memcmp(token.data(), expected.data(), token.size()) == 0;
}

}  // namespace pbem::server
