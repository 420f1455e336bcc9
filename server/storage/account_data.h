// What the server keeps about one account, read for `export userid password` (spec
// "Accounts you cannot lose, and can leave"; docs/export.md): its row and settings, its
// addresses, the games it plays or was invited to, its ratings, blocks, vacations,
// competitions and subscriptions. Every list is read a page at a time, by index, at most
// `limit` rows a statement after the key `after` of the page before, so no statement's cost
// grows with the account's history or with anybody else's rows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

struct AccountAddress {
  std::string address;
  std::optional<std::string> confirmed_at;  // nothing: not confirmed
};

// The account's own row, as `set` and the signup wrote it.
struct AccountRow {
  std::string userid;
  std::string created_at;
  bool active = true;
  bool pictures = true, movemail = true, autovacation = true, messages = true, announcements = true;
  std::optional<int> digest_hour;
  std::string challenges;
  bool records = true, calendar = false, reviews_auto = false;
  std::string board = "text";
};

struct AccountRating {
  std::string game;  // gates | hy3 | gaia
  double rating = 0, deviation = 0;
  int games = 0, wins = 0, losses = 0;
};

struct AccountBlock {
  std::int64_t blocked_id = 0;  // the page key
  std::string userid;
  std::string since;
};

struct AccountVacation {
  std::int64_t id = 0;
  std::string starts_at, ends_at;
  int days = 0;
  bool automatic = false;
};

// One competition the account is in or organises.
struct AccountCompetition {
  std::string kind;  // tournament | league | ladder
  std::int64_t id = 0;
  std::string game, name, status;
  bool organiser = false;
  bool member = false;          // an entrant, a member or on a rung
  bool withdrawn = false;       // a tournament's entrant who left after its start
  bool leaving = false;         // a league's member who leaves at the season's end
  std::optional<int> rung;      // a ladder's
  std::optional<std::string> since;  // on that rung since
};

struct AccountWatch {
  std::int64_t game_id = 0;  // a watched game (0 for a kind)
  std::string kind;          // the game type watched whole (empty for a game)
  std::string since;
};

class AccountData {
 public:
  explicit AccountData(Database& db) : db_(db) {}

  std::optional<AccountRow> account(std::int64_t user_id) const;
  // At most a signup's few addresses, in the account's order.
  std::vector<AccountAddress> addresses(std::int64_t user_id) const;
  // The ids of the games (and invitations) it plays in, after `after`, by id.
  std::vector<std::int64_t> game_ids(std::int64_t user_id, std::int64_t after, int limit) const;
  // One per game type it was rated in.
  std::vector<AccountRating> ratings(std::int64_t user_id) const;
  // Whom it blocked, by the blocked user's id after `after`.
  std::vector<AccountBlock> blocks(std::int64_t user_id, std::int64_t after, int limit) const;
  std::vector<AccountVacation> vacations(std::int64_t user_id, std::int64_t after, int limit) const;
  // The competitions of `kind` ("tournament", "league", "ladder") it is in or organises,
  // by id after `after`.
  std::vector<AccountCompetition> competitions(const std::string& kind, std::int64_t user_id, std::int64_t after,
                                               int limit) const;
  // The games it watches, by game id after `after`; and the kinds it watches whole.
  std::vector<AccountWatch> watched_games(std::int64_t user_id, std::int64_t after, int limit) const;
  std::vector<AccountWatch> watched_kinds(std::int64_t user_id) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
