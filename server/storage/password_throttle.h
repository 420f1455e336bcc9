// Failed passwords per user: after `limit` wrong passwords within an hour, password
// commands for that user are refused without running Argon2id until the hour has passed,
// so guessing runs at `limit` tries an hour, not at the speed of the hash.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/database.h"

namespace pbem::server {

class PasswordThrottle {
 public:
  using TimePoint = std::chrono::system_clock::time_point;

  PasswordThrottle(Database& db, int failures_per_hour) : db_(db), limit_(failures_per_hour) {}

  // When the user is throttled at `now`: the time the oldest counted failure leaves the
  // hour (ISO 8601), i.e. when password commands are accepted again. Empty otherwise.
  std::optional<std::string> blocked_until(std::int64_t user_id, TimePoint now) const;

  // How many more wrong passwords the user may give at `now` before being throttled (0 when
  // throttled): a batch checks no more ahead than this, so the limit holds inside it too.
  int failures_left(std::int64_t user_id, TimePoint now) const;

  // Records one wrong password; forgets failures older than an hour (of every user).
  void record_failure(std::int64_t user_id, TimePoint now);

  // Retention: whether any failure is older than the hour at `now` (one index look), and
  // deleting them all, returning how many. record_failure forgets them too, but only when
  // a password fails; the clock tick does it on a quiet server.
  bool has_stale(TimePoint now) const;
  int forget_stale(TimePoint now);

 private:
  Database& db_;
  int limit_;
};

}  // namespace pbem::server
