// Recently drawn board pictures, shared by the threads of one process. The server draws the
// position a move will make ahead of the write transaction, on both cores (issue 15,
// pipeline/picture_warmup.h); the board mail written inside the transaction
// (PictureOnDemand, game_mail.h) then finds it here instead of drawing it on the single
// processor thread. A hit needs the same position: the key is the game, its options, every
// ply played and the result, which is all a picture depends on.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>

#include "engine/game.h"
#include "server/support/bounded_lru.h"

namespace pbem::server {

class PictureCache {
 public:
  explicit PictureCache(std::size_t capacity) : pictures_(capacity) {}

  // The picture of the game's current position: from the cache, else drawn (outside the
  // lock, so threads draw different positions at once) and kept, the least recently used
  // picture leaving when the cache is full.
  std::string picture(const Game& game);

  std::size_t hits() const;
  std::size_t misses() const;

  // Identifies a position for the cache: equal keys, equal pictures.
  static std::string key_of(const Game& game);

 private:
  mutable std::mutex mutex_;
  BoundedLru<std::string, std::string> pictures_;  // key_of -> PNG bytes
  std::size_t hits_ = 0, misses_ = 0;
};

// The process's cache: 128 pictures (a few MB), enough for the largest batch of moves.
PictureCache& shared_picture_cache();

}  // namespace pbem::server
