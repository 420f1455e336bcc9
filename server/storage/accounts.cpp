#include "server/storage/accounts.h"

#include <algorithm>

#include "server/support/clock.h"
#include "server/storage/passwords.h"
#include "server/storage/verified_password_cache.h"

namespace pbem::server {

namespace {
// What account_from_row reads, in its order.
#define PBEM_ACCOUNT_COLUMNS \
  "id, userid, active, password_generation, pictures, computer, digest_hour, movemail, challenges, messages, " \
  "announcements, records, board, calendar "

Account account_from_row(Statement& row) {
  Account account;
  account.id = row.column_int(0);
  account.userid = row.column_text(1);
  account.active = row.column_int(2) != 0;
  account.password_generation = static_cast<int>(row.column_int(3));
  account.pictures = row.column_int(4) != 0;
  account.computer = row.column_int(5) != 0;
  if (!row.column_is_null(6)) account.digest_hour = static_cast<int>(row.column_int(6));
  account.movemail = row.column_int(7) != 0;
  account.challenges = row.column_text(8);
  account.messages = row.column_int(9) != 0;
  account.announcements = row.column_int(10) != 0;
  account.records = row.column_int(11) != 0;
  account.board = row.column_text(12);
  account.calendar = row.column_int(13) != 0;
  return account;
}
}  // namespace

std::optional<Account> Accounts::find(const std::string& userid) const {
  auto query = db_.prepare("SELECT " PBEM_ACCOUNT_COLUMNS "FROM users WHERE userid = ?");
  query.bind(1, userid);
  return first_account(query);
}

std::optional<Account> Accounts::find_by_id(std::int64_t id) const {
  auto query = db_.prepare("SELECT " PBEM_ACCOUNT_COLUMNS "FROM users WHERE id = ?");
  query.bind(1, id);
  return first_account(query);
}

std::optional<Account> Accounts::first_account(Statement& query) const {
  if (!query.step()) return std::nullopt;
  Account account = account_from_row(query);
  account.addresses = addresses_of(account.id, false);
  account.confirmed = addresses_of(account.id, true);
  return account;
}

std::vector<std::string> Accounts::addresses_of(std::int64_t id, bool confirmed_only) const {
  auto query = db_.prepare(
      "SELECT address FROM addresses WHERE user_id = ? AND (? = 0 OR confirmed_at IS NOT NULL) ORDER BY position");
  query.bind(1, id).bind(2, confirmed_only ? 1 : 0);
  std::vector<std::string> addresses;
  while (query.step()) addresses.push_back(query.column_text(0));
  return addresses;
}

Account Accounts::create(const std::string& userid, const std::string& password,
                         const std::vector<std::string>& addresses, const std::optional<std::string>& signup_mailbox) {
  auto insert = db_.prepare(
      "INSERT INTO users (userid, password_hash, active, created_at, signup_mailbox) VALUES (?, ?, 1, ?, ?)");
  insert.bind(1, userid).bind(2, hash_password(password)).bind(3, now_iso8601()).bind(4, signup_mailbox);
  insert.run();
  Account account{db_.last_insert_id(), userid, true, {}, {}};
  set_addresses(account, addresses);
  account.addresses = addresses;
  return account;
}

int Accounts::signups_since(const std::string& mailbox, const std::string& since_iso) const {
  auto query = db_.prepare("SELECT count(*) FROM users WHERE signup_mailbox = ? AND created_at >= ?");
  query.bind(1, mailbox).bind(2, since_iso);
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::optional<std::string> Accounts::password_hash(std::int64_t id) const {
  auto query = db_.prepare("SELECT password_hash FROM users WHERE id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return query.column_text(0);
}

bool Accounts::password_matches(const Account& account, const std::string& password) const {
  auto query = db_.prepare("SELECT password_hash FROM users WHERE id = ?");
  query.bind(1, account.id);
  if (!query.step()) return false;
  const std::string hash = query.column_text(0);
  // The check made before the transaction holds only if the hash did not change since.
  if (precheck_ && precheck_->hash == hash && precheck_->password == password) return precheck_->matches;
  return verify_password_cached(account.userid, hash, password);
}

void Accounts::set_password(const Account& account, const std::string& password) {
  // A new generation makes every game address made for the old password invalid.
  auto update = db_.prepare(
      "UPDATE users SET password_hash = ?, password_generation = password_generation + 1 WHERE id = ?");
  update.bind(1, hash_password(password)).bind(2, account.id);
  update.run();
  // The old password's entries would miss anyway (the stored hash is part of them); they go.
  VerifiedPasswordCache::process_wide().forget(account.userid);
}

void Accounts::set_addresses(const Account& account, const std::vector<std::string>& addresses) {
  std::vector<std::pair<std::string, std::string>> confirmed;  // address, confirmed_at
  {
    auto query = db_.prepare("SELECT address, confirmed_at FROM addresses WHERE user_id = ? AND confirmed_at IS NOT NULL");
    query.bind(1, account.id);
    while (query.step()) confirmed.emplace_back(query.column_text(0), query.column_text(1));
  }
  auto remove = db_.prepare("DELETE FROM addresses WHERE user_id = ?");
  remove.bind(1, account.id);
  remove.run();
  auto insert = db_.prepare(
      "INSERT INTO addresses (user_id, address, position, confirmed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING");
  for (std::size_t i = 0; i < addresses.size(); ++i) {
    std::optional<std::string> confirmed_at;
    for (const auto& [address, at] : confirmed)
      if (address == addresses[i]) confirmed_at = at;
    insert.reset();
    insert.bind(1, account.id).bind(2, addresses[i]).bind(3, static_cast<std::int64_t>(i)).bind(4, confirmed_at);
    insert.run();
  }
}

void Accounts::deactivate(const Account& account) {
  auto update = db_.prepare("UPDATE users SET active = 0 WHERE id = ?");
  update.bind(1, account.id);
  update.run();
  VerifiedPasswordCache::process_wide().forget(account.userid);  // signoff ends the cached login
}

void Accounts::set_pictures(const Account& account, bool on) {
  auto update = db_.prepare("UPDATE users SET pictures = ? WHERE id = ?");
  update.bind(1, on ? 1 : 0);
  update.bind(2, account.id);
  update.run();
}

void Accounts::set_messages(const Account& account, bool on) {
  auto update = db_.prepare("UPDATE users SET messages = ? WHERE id = ?");
  update.bind(1, static_cast<std::int64_t>(on ? 1 : 0)).bind(2, account.id);
  update.run();
}

void Accounts::set_records(const Account& account, bool on) {
  auto update = db_.prepare("UPDATE users SET records = ? WHERE id = ?");
  update.bind(1, on ? 1 : 0).bind(2, account.id);
  update.run();
}

void Accounts::set_announcements(const Account& account, bool on) {
  auto update = db_.prepare("UPDATE users SET announcements = ? WHERE id = ?");
  update.bind(1, static_cast<std::int64_t>(on ? 1 : 0)).bind(2, account.id);
  update.run();
}

void Accounts::set_board(const Account& account, const std::string& board) {
  auto update = db_.prepare("UPDATE users SET board = ? WHERE id = ?");
  update.bind(1, board).bind(2, account.id);
  update.run();
}

void Accounts::set_calendar(const Account& account, bool on) {
  auto update = db_.prepare("UPDATE users SET calendar = ? WHERE id = ?");
  update.bind(1, static_cast<std::int64_t>(on ? 1 : 0)).bind(2, account.id);
  update.run();
}

void Accounts::set_challenges(const Account& account, const std::string& challenges) {
  auto update = db_.prepare("UPDATE users SET challenges = ? WHERE id = ?");
  update.bind(1, challenges).bind(2, account.id);
  update.run();
}

std::optional<Account> Accounts::ensure_computer(const std::string& userid) {
  if (auto existing = find(userid)) {
    if (existing->computer) return existing;
    return std::nullopt;
  }
  // "!" is no Argon2id string: every password check against it fails, so nobody logs in.
  auto insert = db_.prepare(
      "INSERT INTO users (userid, password_hash, active, created_at, computer) VALUES (?, '!', 1, ?, 1)");
  insert.bind(1, userid).bind(2, now_iso8601());
  insert.run();
  return find(userid);
}

bool Accounts::owns_address(const Account& account, const std::string& address) const {
  return std::find(account.addresses.begin(), account.addresses.end(), address) != account.addresses.end();
}

std::vector<Account> Accounts::announced(std::int64_t after, int limit) const {
  // By the primary key from `after`: a page costs its own rows, whatever the club's size.
  auto query = db_.prepare(
      "SELECT " PBEM_ACCOUNT_COLUMNS "FROM users "
      "WHERE id > ? AND active = 1 AND computer = 0 AND announcements = 1 ORDER BY id LIMIT ?");
  query.bind(1, after).bind(2, limit);
  std::vector<Account> accounts;
  while (query.step()) {
    Account account = account_from_row(query);
    account.confirmed = addresses_of(account.id, true);
    accounts.push_back(std::move(account));
  }
  return accounts;
}

}  // namespace pbem::server
