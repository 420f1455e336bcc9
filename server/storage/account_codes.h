// The one-time codes mailed to an account's confirmed addresses (schema 035, spec "Accounts
// you cannot lose, and can leave"): `forgot userid` issues a reset code, `reset userid code
// newpassword` uses it. Only a keyed BLAKE2b hash of each code is stored (the key is
// ServerSecrets' kAccountCode), bound to the account and the purpose; a code is valid
// kValidFor and once. Every time is the caller's, so the rules are tested at the moments a
// test names; the handlers pass the system clock.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "server/storage/database.h"

namespace pbem::server {

// What a code is for: its column value is the purpose's name ("reset", "delete").
enum class CodePurpose { reset, erase };

class AccountCodes {
 public:
  explicit AccountCodes(Database& db) : db_(db) {}

  static constexpr std::chrono::hours kValidFor{1};
  // How long a row is kept after it was issued: the day a per-day limit counts.
  static constexpr std::chrono::hours kKeptFor{24};

  // How many codes of `purpose` were issued to user `user_id` at or after `since`.
  int issued_since(std::int64_t user_id, CodePurpose purpose, std::chrono::system_clock::time_point since) const;
  // A fresh code for `user_id`, valid from `now` for kValidFor. The codes issued before it
  // stay valid until they expire or one of them is used.
  std::string issue(std::int64_t user_id, CodePurpose purpose, std::chrono::system_clock::time_point now);
  // Uses the code `typed` (case-insensitive) when it is an unused code of `user_id` and
  // `purpose` still valid at `now`: then every other unused code of theirs for it is used
  // up too, and it returns true. A wrong, used or expired code changes nothing.
  bool redeem(std::int64_t user_id, CodePurpose purpose, const std::string& typed,
              std::chrono::system_clock::time_point now);

  // Retention: whether any row was issued over kKeptFor before `now` (one index look), and
  // the deletion of at most `limit` of them; returns how many went.
  bool has_old(std::chrono::system_clock::time_point now) const;
  int forget_old(std::chrono::system_clock::time_point now, int limit);

  // The stored form of a code: keyed BLAKE2b of the account, the purpose and the code, hex.
  std::string code_hash(std::int64_t user_id, CodePurpose purpose, std::string_view code);

 private:
  Database& db_;
};

}  // namespace pbem::server
