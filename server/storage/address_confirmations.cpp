#include "server/storage/address_confirmations.h"

#include <sodium.h>

#include <chrono>
#include <string_view>
#include <vector>

#include "engine/text.h"
#include "server/storage/outbox.h"
#include "server/support/clock.h"
#include "server/support/sodium.h"

namespace pbem::server {

std::string AddressConfirmations::code_hash(std::int64_t user_id, const std::string& address,
                                            const std::string& code) {
  // The user and the address are hashed in, so a code confirms only what it was sent for.
  return blake2b_hex("", std::to_string(user_id) + "\n" + address + "\n" + code);
}

std::optional<std::string> AddressConfirmations::issue(std::int64_t user_id, const std::string& address) {
  const auto now = std::chrono::system_clock::now();
  if (Outbox(db_).count_since(address, MailKind::Confirmation, now - std::chrono::hours(24)) >=
      limits_.confirmations_per_address_per_day)
    return std::nullopt;
  const std::string code = typed_code();
  auto upsert = db_.prepare(
      "INSERT INTO address_confirmations (user_id, address, code_hash, expires_at, created_at) "
      "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, address) DO UPDATE SET code_hash = excluded.code_hash, "
      "expires_at = excluded.expires_at, created_at = excluded.created_at");
  upsert.bind(1, user_id).bind(2, address).bind(3, code_hash(user_id, address, code));
  upsert.bind(4, iso8601(now + std::chrono::hours(24) * limits_.confirmation_valid_days)).bind(5, iso8601(now));
  upsert.run();
  return code;
}

std::optional<std::string> AddressConfirmations::confirm(std::int64_t user_id, const std::string& typed) {
  const std::string code = to_lower(typed);
  std::vector<std::pair<std::string, std::string>> pending;  // address, hash
  {
    auto query = db_.prepare(
        "SELECT address, code_hash FROM address_confirmations WHERE user_id = ? AND expires_at > ?");
    query.bind(1, user_id).bind(2, now_iso8601());
    while (query.step()) pending.emplace_back(query.column_text(0), query.column_text(1));
  }
  for (const auto& [address, hash] : pending) {
    const std::string expected = code_hash(user_id, address, code);
    if (hash.size() != expected.size() || sodium_memcmp(expected.data(), hash.data(), expected.size()) != 0)
      continue;
    auto mark = db_.prepare("UPDATE addresses SET confirmed_at = ? WHERE user_id = ? AND address = ?");
    mark.bind(1, now_iso8601()).bind(2, user_id).bind(3, address);
    mark.run();
    auto used = db_.prepare("DELETE FROM address_confirmations WHERE user_id = ? AND address = ?");
    used.bind(1, user_id).bind(2, address);
    used.run();
    return address;
  }
  return std::nullopt;
}

bool AddressConfirmations::has_expired(std::chrono::system_clock::time_point now) const {
  auto query = db_.prepare("SELECT 1 FROM address_confirmations WHERE expires_at <= ? LIMIT 1");
  query.bind(1, iso8601(now));
  return query.step();
}

int AddressConfirmations::forget_expired(std::chrono::system_clock::time_point now, int limit) {
  if (limit <= 0) return 0;
  auto remove = db_.prepare(
      "DELETE FROM address_confirmations WHERE (user_id, address) IN (SELECT user_id, address FROM "
      "address_confirmations WHERE expires_at <= ?1 ORDER BY expires_at LIMIT ?2)");
  remove.bind(1, iso8601(now)).bind(2, limit);
  remove.run();
  return db_.changes();
}

}  // namespace pbem::server
