// The rating an open invitation reads (spec "Open invitations: finding an opponent"): a
// player's rating in that game, rounded, and 1500 for one who has none yet. The challenger's
// rating in the listings and the taker's against the range are both this.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/ratings.h"

namespace pbem::server {

inline constexpr int kUnratedForInvitations = 1500;

inline int invitation_rating(const std::optional<PlayerRating>& rating) {
  return rating ? static_cast<int>(rating->rating.rating + 0.5) : kUnratedForInvitations;
}

inline int invitation_rating(const Ratings& ratings, const std::string& type, std::int64_t user_id) {
  return invitation_rating(ratings.find(type, user_id));
}

// The challengers' ratings of a page of open invitations, read in one statement per kind
// of game (a listing makes no statement per line).
class InvitationRatings {
 public:
  InvitationRatings(const Ratings& ratings, const std::vector<GameRecord>& invitations) {
    std::map<std::string, std::vector<std::int64_t>> challengers;
    for (const GameRecord& record : invitations)
      if (record.invited_by) challengers[record.type].push_back(*record.invited_by);
    for (const auto& [type, ids] : challengers) by_type_[type] = ratings.of_players(type, ids);
  }
  int of(const std::string& type, std::int64_t user_id) const {
    const auto kind = by_type_.find(type);
    if (kind == by_type_.end()) return kUnratedForInvitations;
    const auto found = kind->second.find(user_id);
    return found == kind->second.end() ? kUnratedForInvitations : invitation_rating(found->second);
  }

 private:
  std::map<std::string, std::map<std::int64_t, PlayerRating>> by_type_;
};

}  // namespace pbem::server
