#include "server/storage/position_cache.h"

#include "server/support/sha256.h"

namespace pbem::server {

std::string first_moves_digest(const std::string& type, const std::string& options) {
  return sha256_hex("pbem moves\n" + type + "\n" + options);
}

std::string next_moves_digest(const std::string& previous, int ply, int colour, const std::string& move) {
  // The colour is part of a ply: a resignation is stored as "resign" by either colour.
  return sha256_hex(previous + "\n" + std::to_string(ply) + " " + std::to_string(colour) + " " + move);
}

std::unique_ptr<Game> PositionCache::find(std::int64_t game_id, const std::string& digest) {
  std::shared_ptr<const Game> found;
  {
    std::lock_guard lock(mutex_);
    if (const Entry* entry = positions_.find(game_id); entry && entry->digest == digest) found = entry->position;
  }
  // Copied outside the lock: the entry itself is never changed once kept.
  return found ? found->clone() : nullptr;
}

void PositionCache::keep(std::int64_t game_id, const std::string& digest, const Game& position) {
  Entry entry{digest, position.clone()};
  std::lock_guard lock(mutex_);
  positions_.assign(game_id, std::move(entry));
}

PositionCache& PositionCache::process_wide() {
  // Some 10 to 30 KB per position on the largest boards: at most a few tens of MB, for
  // the games a busy server has in play at once.
  static PositionCache cache(1024);
  return cache;
}

}  // namespace pbem::server
