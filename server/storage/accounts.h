// Player accounts: user ids, Argon2id password hashes, and the addresses mail comes from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

struct Account {
  std::int64_t id = 0;
  std::string userid;
  bool active = true;
  std::vector<std::string> addresses;  // primary first
  std::vector<std::string> confirmed;  // those addresses that are confirmed: the only ones mailed
  bool pictures = true;                // game mails carry a drawn board (schema 008)
  int password_generation = 0;         // counts password changes; part of every game address
  bool computer = false;               // the built-in computer opponent (schema 011): no mail, no login
  std::optional<int> digest_hour = std::nullopt;  // the daily digest's hour, UTC (schema 017); none: no digest
  bool movemail = true;                // board mails about other players' moves (off only with a digest)
  // Who may start a game with this user (schema 030): "ask" (a challenge is an invitation
  // they answer), "auto" (it starts at once), "none" (refused).
  std::string challenges = "ask";
  bool messages = true;  // `set ... messages on|off`: takes `message` and `chat` from others
  bool announcements = true;  // `set ... announcements on|off` (schema 034): mailed by `pbem announce`
  bool records = true;  // `set ... records on|off` (schema 037): the SGF record on their game-over mails
  // How this user's mails show a board (schema 036): "text" (the drawing), "list" (a list
  // a screen reader reads well, instead), "both".
  std::string board = "text";
  // Board mails to them as the player to move in a game with a clock carry deadline.ics
  // (`set ... calendar on|off`, schema 036).
  bool calendar = false;
};

// A password verified ahead of time against a given hash (Argon2id takes ~0.1 s: it is
// done before the write transaction so the lock is not held meanwhile).
struct PasswordCheck {
  std::string hash;
  std::string password;
  bool matches = false;
};

class Accounts {
 public:
  explicit Accounts(Database& db, std::optional<PasswordCheck> precheck = std::nullopt)
      : db_(db), precheck_(std::move(precheck)) {}

  std::optional<Account> find(const std::string& userid) const;
  std::optional<Account> find_by_id(std::int64_t id) const;
  // Creates an account; the caller has checked that the userid is free.
  // `signup_mailbox`: the canonical mailbox (mail::canonical_mailbox) of the From address
  // of the signup that makes it, counted by signups_since.
  Account create(const std::string& userid, const std::string& password, const std::vector<std::string>& addresses,
                 const std::optional<std::string>& signup_mailbox = std::nullopt);
  // How many accounts signups from `mailbox` made at or after `since_iso` (ISO 8601 UTC).
  int signups_since(const std::string& mailbox, const std::string& since_iso) const;
  bool password_matches(const Account& account, const std::string& password) const;
  // The stored Argon2id hash, for checking a password ahead of the transaction.
  std::optional<std::string> password_hash(std::int64_t id) const;
  // A new Argon2id hash and password generation (every game address made before retires);
  // the verified-password cache forgets the user (`change password`, `reset`).
  void set_password(const Account& account, const std::string& password);
  // Replaces the addresses; one the account had confirmed stays confirmed, a new one is not.
  void set_addresses(const Account& account, const std::vector<std::string>& addresses);
  void deactivate(const Account& account);
  // Board pictures in this user's game mails on or off (`set ... pictures on|off`).
  void set_pictures(const Account& account, bool on);
  // `set ... challenges ask|auto|none`.
  void set_challenges(const Account& account, const std::string& challenges);
  // `set ... messages on|off`.
  void set_messages(const Account& account, bool on);
  // `set ... records on|off`.
  void set_records(const Account& account, bool on);
  // `set ... announcements on|off`.
  void set_announcements(const Account& account, bool on);
  // `set ... board text|list|both`.
  void set_board(const Account& account, const std::string& board);
  // `set ... calendar on|off`.
  void set_calendar(const Account& account, bool on);
  // The accounts `pbem announce` mails: active, not the computer, announcements on; by id,
  // at most `limit` after id `after` (a page at a time). Only `confirmed` of their
  // addresses is read, and may be empty (no mail for them).
  std::vector<Account> announced(std::int64_t after, int limit) const;
  bool owns_address(const Account& account, const std::string& address) const;
  // The computer opponent's account under `userid`, created if the userid is free (no
  // address, a password hash no password matches). nullopt if a player holds the userid.
  std::optional<Account> ensure_computer(const std::string& userid);

 private:
  // The account on the query's first row (id, userid, active, pictures), with its addresses.
  std::optional<Account> first_account(Statement& query) const;
  std::vector<std::string> addresses_of(std::int64_t id, bool confirmed_only) const;
  Database& db_;
  std::optional<PasswordCheck> precheck_;
};

}  // namespace pbem::server
