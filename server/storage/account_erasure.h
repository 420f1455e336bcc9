// Erasure of an account (`delete userid password code`; spec "Accounts you cannot lose, and
// can leave"; docs/commands.md "Your account"). The handler ends the account's games,
// invitations and competitions first; this takes out what the database keeps of it. Its
// users row stays as a tombstone, because games, moves and ratings refer to it: the userid
// becomes kTombstonePrefix + id, shown as `deleted`, and a keyed hash of the old userid
// keeps it from being signed up again. With secure_delete (sqlite_connection.cpp) SQLite
// zeroes what it deletes, so after the next checkpoint no byte of the file holds an
// address of the account; on PostgreSQL the rows go and VACUUM reclaims their space.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/accounts.h"
#include "server/storage/database.h"

namespace pbem::server {

// What a deleted account's userid becomes, and what it is shown as.
inline constexpr std::string_view kTombstonePrefix = "deleted:";
inline constexpr std::string_view kDeletedUserid = "deleted";

// `stored` as players read it: `deleted` for an erased account's tombstone, else itself.
std::string shown_userid(std::string_view stored);

class AccountErasure {
 public:
  explicit AccountErasure(Database& db) : db_(db) {}

  // Every address the database holds for user `user_id` in its own rows, as written and
  // as the canonical mailbox: its addresses (confirmed or not), those waiting for a
  // confirmation and the mailbox it signed up from.
  std::vector<std::string> addresses_of(std::int64_t user_id) const;
  // Takes the account out, in the caller's transaction: its addresses, confirmations,
  // codes, password failures, digest addresses, vacations, watching, conditional moves,
  // notes, blocks both ways, suspension and every outbox row to `addresses` (queued or
  // kept, text and all). The users row becomes the tombstone, its password and settings
  // gone, and the userid's hash is kept. The inbox is forget_inbox_rows', once the mail
  // that asked for this is marked processed.
  void erase(const Account& account, const std::vector<std::string>& addresses);
  // Empties the inbox rows received from any of `addresses` (sender, envelope, command,
  // outcome): their SHA-256 and Message-ID stay, so a redelivered copy is still known.
  void forget_inbox_rows(const std::vector<std::string>& addresses);
  // Whether `userid` belonged to an erased account.
  bool userid_erased(std::string_view userid);

 private:
  std::string userid_hash(std::string_view userid);
  Database& db_;
};

}  // namespace pbem::server
