#include "server/storage/password_throttle.h"

#include <algorithm>

#include "server/support/clock.h"

namespace pbem::server {

namespace {
constexpr std::chrono::hours kWindow{1};
}

std::optional<std::string> PasswordThrottle::blocked_until(std::int64_t user_id, TimePoint now) const {
  // The limit-th newest failure within the hour: once it is an hour old, fewer than
  // `limit` failures remain in the window.
  auto query = db_.prepare(
      "SELECT failed_at FROM password_failures WHERE user_id = ? AND failed_at > ? "
      "ORDER BY failed_at DESC LIMIT 1 OFFSET ?");
  query.bind(1, user_id).bind(2, iso8601(now - kWindow)).bind(3, static_cast<std::int64_t>(limit_ - 1));
  if (!query.step()) return std::nullopt;
  const std::string counted_from = query.column_text(0);
  const auto failed_at = parse_iso8601(counted_from);
  if (!failed_at) throw std::runtime_error("password_failures.failed_at is not ISO 8601: " + counted_from);
  return iso8601(*failed_at + kWindow);
}

int PasswordThrottle::failures_left(std::int64_t user_id, TimePoint now) const {
  auto query = db_.prepare("SELECT count(*) FROM password_failures WHERE user_id = ? AND failed_at > ?");
  query.bind(1, user_id).bind(2, iso8601(now - kWindow));
  query.step();
  return std::max(0, limit_ - static_cast<int>(query.column_int(0)));
}

void PasswordThrottle::record_failure(std::int64_t user_id, TimePoint now) {
  auto prune = db_.prepare("DELETE FROM password_failures WHERE failed_at <= ?");
  prune.bind(1, iso8601(now - kWindow));
  prune.run();
  auto insert = db_.prepare("INSERT INTO password_failures (user_id, failed_at) VALUES (?, ?)");
  insert.bind(1, user_id).bind(2, iso8601(now));
  insert.run();
}

bool PasswordThrottle::has_stale(TimePoint now) const {
  auto query = db_.prepare("SELECT 1 FROM password_failures WHERE failed_at <= ? LIMIT 1");
  query.bind(1, iso8601(now - kWindow));
  return query.step();
}

int PasswordThrottle::forget_stale(TimePoint now) {
  // Unbatched, as record_failure's own pruning: the stale rows are at most one hour's
  // failures, which that pruning left (it deletes everything older at each failure).
  auto remove = db_.prepare("DELETE FROM password_failures WHERE failed_at <= ?");
  remove.bind(1, iso8601(now - kWindow));
  remove.run();
  return db_.changes();
}

}  // namespace pbem::server
