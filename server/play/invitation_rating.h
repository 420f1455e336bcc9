// The rating an open invitation reads (spec "Open invitations: finding an opponent"): a
// player's rating in that game, rounded, and 1500 for one who has none yet. The challenger's
// rating in the listings and the taker's against the range are both this.
#pragma once

#include <cstdint>
#include <string>

#include "server/storage/ratings.h"

namespace pbem::server {

inline constexpr int kUnratedForInvitations = 1500;

inline int invitation_rating(const Ratings& ratings, const std::string& type, std::int64_t user_id) {
  const auto rating = ratings.find(type, user_id);
  return rating ? static_cast<int>(rating->rating.rating + 0.5) : kUnratedForInvitations;
}

}  // namespace pbem::server
