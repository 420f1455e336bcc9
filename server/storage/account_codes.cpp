#include "server/storage/account_codes.h"

#include <sodium.h>

#include <utility>
#include <vector>

#include "engine/text.h"
#include "server/storage/server_secrets.h"
#include "server/support/clock.h"
#include "server/support/sodium.h"

namespace pbem::server {

namespace {

const char* purpose_name(CodePurpose purpose) { return purpose == CodePurpose::reset ? "reset" : "delete"; }

}  // namespace

std::string AccountCodes::code_hash(std::int64_t user_id, CodePurpose purpose, std::string_view code) {
  const std::string key = ServerSecrets(db_).key(ServerSecrets::kAccountCode);
  // The account and the purpose are hashed in: a code does only what it was mailed for.
  return blake2b_hex(key, std::to_string(user_id) + "\n" + purpose_name(purpose) + "\n" + std::string(code));
}

int AccountCodes::issued_since(std::int64_t user_id, CodePurpose purpose,
                               std::chrono::system_clock::time_point since) const {
  auto query = db_.prepare("SELECT count(*) FROM account_codes WHERE user_id = ? AND purpose = ? AND created_at >= ?");
  query.bind(1, user_id).bind(2, std::string(purpose_name(purpose))).bind(3, iso8601(since));
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::string AccountCodes::issue(std::int64_t user_id, CodePurpose purpose, std::chrono::system_clock::time_point now) {
  const std::string code = typed_code();
  auto insert = db_.prepare(
      "INSERT INTO account_codes (user_id, purpose, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)");
  insert.bind(1, user_id).bind(2, std::string(purpose_name(purpose))).bind(3, code_hash(user_id, purpose, code));
  insert.bind(4, iso8601(now)).bind(5, iso8601(now + kValidFor));
  insert.run();
  return code;
}

bool AccountCodes::redeem(std::int64_t user_id, CodePurpose purpose, const std::string& typed,
                          std::chrono::system_clock::time_point now) {
  // At most the day's few codes of the account: the index's range, read whole.
  std::vector<std::string> hashes;
  {
    auto query = db_.prepare(
        "SELECT code_hash FROM account_codes WHERE user_id = ? AND purpose = ? AND created_at >= ? "
        "AND expires_at > ? AND used_at IS NULL");
    query.bind(1, user_id).bind(2, std::string(purpose_name(purpose))).bind(3, iso8601(now - kKeptFor));
    query.bind(4, iso8601(now));
    while (query.step()) hashes.push_back(query.column_text(0));
  }
  if (hashes.empty()) return false;
  const std::string expected = code_hash(user_id, purpose, to_lower(typed));
  bool matches = false;
  for (const std::string& hash : hashes)  // each compared in constant time, and all of them
    matches = (hash.size() == expected.size() && sodium_memcmp(hash.data(), expected.data(), hash.size()) == 0) ||
              matches;
  if (!matches) return false;
  auto used = db_.prepare(
      "UPDATE account_codes SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL");
  used.bind(1, iso8601(now)).bind(2, user_id).bind(3, std::string(purpose_name(purpose)));
  used.run();
  return true;
}

bool AccountCodes::has_old(std::chrono::system_clock::time_point now) const {
  auto query = db_.prepare("SELECT 1 FROM account_codes WHERE created_at < ? LIMIT 1");
  query.bind(1, iso8601(now - kKeptFor));
  return query.step();
}

int AccountCodes::forget_old(std::chrono::system_clock::time_point now, int limit) {
  if (limit <= 0) return 0;
  auto remove = db_.prepare(
      "DELETE FROM account_codes WHERE id IN (SELECT id FROM account_codes WHERE created_at < ?1 "
      "ORDER BY created_at LIMIT ?2)");
  remove.bind(1, iso8601(now - kKeptFor)).bind(2, limit);
  remove.run();
  return db_.changes();
}

}  // namespace pbem::server
