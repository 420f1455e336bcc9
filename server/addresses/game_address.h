// Per-player game addresses for moving by replying (docs/commands.md "Moving by replying"):
//   <local>+<game>-<token>@<domain>
// where <local>@<domain> is the server's address (or an alias) and the token is a keyed
// BLAKE2b MAC of the game number, the userid and the user's password generation: 80 bits
// in lower-case base32 (16 characters). Without the server's key it cannot be guessed or
// moved to another game or player, and a password change retires it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/support/config.h"

namespace pbem::server {

// The token for `userid` in `game` at `generation` under `key`.
std::string game_address_token(std::string_view key, std::int64_t game, std::string_view userid, int generation);

// The full address, on the server's main address.
std::string game_address(const ServerConfig& server, std::string_view key, std::int64_t game,
                         std::string_view userid, int generation);

// The token of `userid`'s digest address (<local>+d-<token>@<domain>, spec "Daily digest"):
// the same MAC over "digest" instead of a game number.
std::string digest_address_token(std::string_view key, std::string_view userid, int generation);

// The token of `userid`'s unsubscribe address for `setting` (RFC 2369 List-Unsubscribe,
// <local>+u-<setting>-<userid>-<token>@<domain>; addresses/mail_addresses.h): the same MAC
// over "unsubscribe <setting>" and the userid, without the password generation, so that
// the unsubscribe link of an old mail keeps working (it can only turn mail off).
std::string unsubscribe_address_token(std::string_view key, std::string_view setting, std::string_view userid);

// The full unsubscribe address, on the server's main address.
std::string unsubscribe_address(const ServerConfig& server, std::string_view key, std::string_view setting,
                                std::string_view userid);

// An unsubscribe address as found among a message's recipients, not yet verified.
struct UnsubscribeAddressCandidate {
  std::string address;  // as found, lower-case
  std::string setting;  // "digest", a game type ("hy3") or a game number ("12")
  std::string userid;
  std::string token;
};

// The first of `recipients` that has the shape of an unsubscribe address of the server's
// address or one of its aliases (case-insensitive), else nothing.
std::optional<UnsubscribeAddressCandidate> find_unsubscribe_address(const ServerConfig& server,
                                                                    const std::vector<std::string>& recipients);

// A game address (or a digest address) as found among a message's recipients, not yet
// verified.
struct GameAddressCandidate {
  std::string address;  // as found, lower-case
  std::int64_t game = 0;  // 0 for a digest address
  bool digest = false;    // <local>+d-<token>
  std::string token;
};

// The first of `recipients` that has the shape of a game address of the server's address
// or one of its aliases (case-insensitive), else nothing.
std::optional<GameAddressCandidate> find_game_address(const ServerConfig& server,
                                                      const std::vector<std::string>& recipients);

// True when `token` is `expected` (compared in constant time).
bool same_token(std::string_view token, std::string_view expected);

}  // namespace pbem::server
