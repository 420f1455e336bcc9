// Keys the server makes for itself and keeps in its database: never mailed, never logged,
// never shown by any command. Made from libsodium's random source on first use.
#pragma once

#include <string>
#include <string_view>

#include "server/storage/database.h"

namespace pbem::server {

class ServerSecrets {
 public:
  explicit ServerSecrets(Database& db) : db_(db) {}

  // The 32-byte key of `name`, made and stored if there is none yet. Two processes asking
  // at once get the same key (the first insert wins).
  std::string key(std::string_view name);

  // The key that signs game addresses (reply-to-move).
  static constexpr std::string_view kGameAddress = "game_address";
  // The key of the hashes of one-time account codes (account_codes.h).
  static constexpr std::string_view kAccountCode = "account_code";
  // The key of the hashes of erased userids (account_erasure.h).
  static constexpr std::string_view kErasedUserid = "erased_userid";

 private:
  Database& db_;
};

}  // namespace pbem::server
