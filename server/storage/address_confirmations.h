// Address confirmation: a new address gets nothing from the server but a confirmation
// request until its owner sends back the code in it (`confirm userid code`). Only a hash
// of each code is stored, with an expiry.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "server/support/config.h"
#include "server/storage/database.h"

namespace pbem::server {

class AddressConfirmations {
 public:
  AddressConfirmations(Database& db, const LimitsConfig& limits) : db_(db), limits_(limits) {}

  // A fresh code for `address` of user `user_id` (it replaces any earlier one), or nullopt
  // when the address's mailbox (mail::canonical_mailbox) has had
  // limits.confirmations_per_address_per_day requests in the last 24 hours (counted from the
  // outbox, so the caller must queue the request as kind confirmation).
  std::optional<std::string> issue(std::int64_t user_id, const std::string& address);

  // Confirms the address whose unexpired code of `user_id` is `code` (case-insensitive),
  // using the code up; returns that address, or nullopt when no code matches.
  std::optional<std::string> confirm(std::int64_t user_id, const std::string& code);

  // Retention: whether any code has expired by `now`; one index look.
  bool has_expired(std::chrono::system_clock::time_point now) const;
  // Deletes at most `limit` codes expired by `now` (confirm() no longer takes them) and
  // returns how many. The address stays registered, unconfirmed; a new code is a new issue().
  int forget_expired(std::chrono::system_clock::time_point now, int limit);

  // The stored form of a code: BLAKE2b of user, address and code, hex.
  static std::string code_hash(std::int64_t user_id, const std::string& address, const std::string& code);

 private:
  Database& db_;
  const LimitsConfig& limits_;
};

}  // namespace pbem::server
