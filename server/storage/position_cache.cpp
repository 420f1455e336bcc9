#include "server/storage/position_cache.h"

#include "server/support/digest.h"

namespace pbem::server {

std::string first_moves_digest(const std::string& type, const std::string& options) {
  return sha256_hex("pbem moves\n" + type + "\n" + options);
}

std::string next_moves_digest(const std::string& previous, int ply, int colour, const std::string& move) {
  // The colour is part of a ply: a resignation is stored as "resign" by either colour.
  return sha256_hex(previous + "\n" + std::to_string(ply) + " " + std::to_string(colour) + " " + move);
}

std::unique_ptr<Game> PositionCache::find(const std::string& digest) {
  std::shared_ptr<const Game> found;
  {
    std::lock_guard lock(mutex_);
    if (const auto* entry = positions_.find(digest)) found = *entry;
  }
  // Copied outside the lock: the entry itself is never changed once kept.
  return found ? found->clone() : nullptr;
}

void PositionCache::keep(const std::string& digest, const Game& position) {
  std::shared_ptr<const Game> copy = position.clone();
  std::lock_guard lock(mutex_);
  positions_.put(digest, std::move(copy));
}

PositionCache& PositionCache::process_wide() {
  // About 10 KB per position on the largest boards: a few MB for the games a busy server
  // has in play at once.
  static PositionCache cache(1024);
  return cache;
}

}  // namespace pbem::server
