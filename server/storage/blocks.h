// Blocks (schema/030_invitations.sql): `block userid password other` keeps `other`'s
// challenges, acceptances of the blocker's open invitations, chat and message away from
// the blocker. Nothing here words a refusal: no error may say that a block exists.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

class Blocks {
 public:
  explicit Blocks(Database& db) : db_(db) {}

  // False when `blocker` blocked `blocked` already.
  bool block(std::int64_t blocker, std::int64_t blocked);
  // False when there was no such block.
  bool unblock(std::int64_t blocker, std::int64_t blocked);
  bool blocks(std::int64_t blocker, std::int64_t blocked) const;
  // The userids `blocker` blocked, alphabetically.
  std::vector<std::string> blocked_by(std::int64_t blocker) const;
  // The ids of the users who blocked `blocked` (a listing filters by them in one statement).
  std::set<std::int64_t> blockers_of(std::int64_t blocked) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
