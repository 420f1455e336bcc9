#include "server/storage/account_erasure.h"

#include <algorithm>

#include "mail/address.h"
#include "server/storage/server_secrets.h"
#include "server/storage/verified_password_cache.h"
#include "server/support/clock.h"
#include "server/support/sodium.h"

namespace pbem::server {

namespace {

// "?, ?, ..." for `n` values (n >= 1).
std::string placeholders(std::size_t n) {
  std::string list = "?";
  for (std::size_t i = 1; i < n; ++i) list += ", ?";
  return list;
}

// Runs `sql` once with `id` bound to its one parameter.
void run_for(Database& db, const char* sql, std::int64_t id) { db.prepare(sql).bind(1, id).run(); }

}  // namespace

std::string shown_userid(std::string_view stored) {
  return std::string(stored.starts_with(kTombstonePrefix) ? kDeletedUserid : stored);
}

std::vector<std::string> AccountErasure::addresses_of(std::int64_t user_id) const {
  std::vector<std::string> found;
  const auto add = [&](const std::string& address) {
    for (const std::string& form : {address, mail::canonical_mailbox(address)})
      if (!form.empty() && std::find(found.begin(), found.end(), form) == found.end()) found.push_back(form);
  };
  auto query = db_.prepare(
      "SELECT address FROM addresses WHERE user_id = ?1 UNION SELECT address FROM address_confirmations "
      "WHERE user_id = ?1 UNION SELECT signup_mailbox FROM users WHERE id = ?1 AND signup_mailbox IS NOT NULL");
  query.bind(1, user_id);
  while (query.step()) add(query.column_text(0));
  return found;
}

void AccountErasure::erase(const Account& account, const std::vector<std::string>& addresses) {
  const std::int64_t id = account.id;
  // Every row of the account's own: what it set, wrote and asked for.
  for (const char* sql : {"DELETE FROM addresses WHERE user_id = ?", "DELETE FROM address_confirmations WHERE user_id = ?",
                          "DELETE FROM account_codes WHERE user_id = ?", "DELETE FROM password_failures WHERE user_id = ?",
                          "DELETE FROM digest_addresses WHERE user_id = ?", "DELETE FROM vacations WHERE user_id = ?",
                          "DELETE FROM watchers WHERE user_id = ?", "DELETE FROM kind_watchers WHERE user_id = ?",
                          "DELETE FROM conditional_moves WHERE user_id = ?", "DELETE FROM notes WHERE user_id = ?",
                          "DELETE FROM blocks WHERE blocker = ?1 OR blocked = ?1", "DELETE FROM suspensions WHERE user_id = ?",
                          "DELETE FROM reviews WHERE user_id = ?"})
    run_for(db_, sql, id);
  // Its mail, queued or kept: the rows to its addresses (their texts go with them, ON
  // DELETE CASCADE). The outbox has no index by recipient alone, and retention keeps it
  // to outbox.keep_days: one scan, for a command run once in an account's life.
  if (!addresses.empty()) {
    auto mail = db_.prepare("DELETE FROM outbox WHERE mailbox IN (" + placeholders(addresses.size()) +
                            ") OR lower(recipient) IN (" + placeholders(addresses.size()) + ")");
    int n = 1;
    for (int pass = 0; pass < 2; ++pass)
      for (const std::string& address : addresses) mail.bind(n++, address);
    mail.run();
  }
  // The tombstone: no password, every setting at its default and nothing that could mail
  // or start a game; the userid's hash keeps the userid for no one.
  db_.prepare("INSERT INTO erased_userids (userid_hash, erased_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
      .bind(1, userid_hash(account.userid))
      .bind(2, now_iso8601())
      .run();
  db_.prepare(
         "UPDATE users SET userid = ?, password_hash = '', active = 0, deleted_at = ?, signup_mailbox = NULL, "
         "digest_hour = NULL, digest_next_at = NULL, password_generation = password_generation + 1, pictures = 1, "
         "movemail = 1, autovacation = 1, challenges = 'none', messages = 0, announcements = 0, records = 1, "
         "board = 'text', calendar = 0, reviews_auto = 0 WHERE id = ?")
      .bind(1, std::string(kTombstonePrefix) + std::to_string(id))
      .bind(2, now_iso8601())
      .bind(3, id)
      .run();
  VerifiedPasswordCache::process_wide().forget(account.userid);
}

void AccountErasure::forget_inbox_rows(const std::vector<std::string>& addresses) {
  if (addresses.empty()) return;
  // One scan of what retention keeps (inbox.keep_days), as for the outbox above.
  const std::string list = placeholders(addresses.size());
  auto update = db_.prepare(
      "UPDATE inbox SET sender = NULL, envelope_from = NULL, origin = NULL, envelope_to = NULL, raw = NULL, "
      "command = NULL, outcome = 'erased' WHERE lower(sender) IN (" + list + ") OR lower(origin) IN (" + list +
      ") OR lower(envelope_from) IN (" + list + ")");
  int n = 1;
  for (int pass = 0; pass < 3; ++pass)
    for (const std::string& address : addresses) update.bind(n++, address);
  update.run();
}

bool AccountErasure::userid_erased(std::string_view userid) {
  auto query = db_.prepare("SELECT 1 FROM erased_userids WHERE userid_hash = ?");
  query.bind(1, userid_hash(userid));
  return query.step();
}

std::string AccountErasure::userid_hash(std::string_view userid) {
  return blake2b_hex(ServerSecrets(db_).key(ServerSecrets::kErasedUserid), userid);
}

}  // namespace pbem::server
