// Remembers passwords that passed Argon2id, as Dovecot's auth cache does, so a player's
// second move does not pay ~0.1 s of CPU again. Only a keyed hash of (userid, password,
// stored hash) is kept, under a random key made at process start, in memory only, in a
// bounded LRU. A wrong password is never remembered. Because the stored hash is part of
// what is hashed, a password change invalidates the entry by itself; signoff forgets the
// user explicitly; a restart forgets everything.
#pragma once

#include <array>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>

#include "server/support/bounded_lru.h"

namespace pbem::server {

class VerifiedPasswordCache {
 public:
  explicit VerifiedPasswordCache(std::size_t capacity = 10000);

  // True if this password was verified against this hash for this userid before.
  bool contains(std::string_view userid, std::string_view password, std::string_view hash);
  // After a successful verification only.
  void remember(std::string_view userid, std::string_view password, std::string_view hash);
  // Drops every entry of `userid` (signoff).
  void forget(std::string_view userid);
  std::size_t size() const;

  // The cache every Accounts in this process shares (thread-safe).
  static VerifiedPasswordCache& process_wide();

 private:
  using Fingerprint = std::string;  // 32 bytes of keyed BLAKE2b
  Fingerprint fingerprint(std::string_view userid, std::string_view password, std::string_view hash) const;

  std::array<unsigned char, 32> key_{};
  mutable std::mutex mutex_;
  BoundedLru<Fingerprint, std::string> userid_of_;  // the userid, for forget()
};

// verify_password (passwords.h) through the process-wide cache.
bool verify_password_cached(std::string_view userid, std::string_view hash, std::string_view password);

}  // namespace pbem::server
