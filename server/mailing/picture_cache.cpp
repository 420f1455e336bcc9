#include "server/mailing/picture_cache.h"

#include "pictures/picture.h"

namespace pbem::server {

std::string PictureCache::key_of(const Game& game) {
  std::string key{game.name()};
  key += '|';
  key += game.options_text();
  key += '|';
  key += game.winner() ? std::to_string(*game.winner()) : "-";
  for (const std::string& ply : game.record()) {
    key += ' ';
    key += ply;
  }
  return key;
}

std::string PictureCache::picture(const Game& game) {
  const std::string key = key_of(game);
  {
    const std::lock_guard lock(mutex_);
    if (const std::string* png = pictures_.find(key)) {
      ++hits_;
      return *png;
    }
    ++misses_;
  }
  std::string png = pictures::draw_picture(game);
  const std::lock_guard lock(mutex_);
  pictures_.put(key, png);
  return png;
}

std::size_t PictureCache::hits() const {
  const std::lock_guard lock(mutex_);
  return hits_;
}

std::size_t PictureCache::misses() const {
  const std::lock_guard lock(mutex_);
  return misses_;
}

PictureCache& shared_picture_cache() {
  static PictureCache cache(128);
  return cache;
}

}  // namespace pbem::server
