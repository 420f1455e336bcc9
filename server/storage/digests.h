// The daily digest's schedule and settings as stored (schema/017_digest.sql): each user's
// hour, when their next digest is due, and whether they get board mail about other
// players' moves. What a digest says is handlers/digest.*.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

class Digests {
 public:
  explicit Digests(Database& db) : db_(db) {}

  // The digest at `hour`:00 UTC, the first at `next_at`; none (`hour` empty) turns it off
  // and board mails about other players' moves back on.
  void set(std::int64_t user_id, std::optional<int> hour, const std::optional<std::string>& next_at);
  void set_movemail(std::int64_t user_id, bool on);
  // Users whose digest is due at `now_iso`, the longest waiting first.
  std::vector<std::int64_t> due(const std::string& now_iso) const;
  // When the user's next digest is due; nothing when they have none.
  std::optional<std::string> next_at(std::int64_t user_id) const;
  // Moves the user's next digest from `from` to `to`; false when it is no longer due at
  // `from` (another tick has sent it: a digest goes out once).
  bool move_on(std::int64_t user_id, const std::string& from, const std::string& to);

  // A digest address's token (addresses/game_address.h), kept so that a reply finds its
  // user: the first registration of a token stays.
  void register_address(const std::string& token, std::int64_t user_id, int password_generation);
  // The user and password generation a registered token was made for; nothing for a token
  // never registered.
  struct AddressOwner {
    std::int64_t user_id = 0;
    int password_generation = 0;
  };
  std::optional<AddressOwner> address_owner(const std::string& token) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
