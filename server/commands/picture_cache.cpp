#include "pictures/picture_cache.h"

#include "pictures/picture.h"

namespace pbem::pictures {

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
    if (auto found = entries_.find(key); found != entries_.end()) {
      order_.splice(order_.begin(), order_, found->second.place);
      ++hits_;
      return found->second.png;
    }
    ++misses_;
  }
  std::string png = draw_picture(game);
  const std::lock_guard lock(mutex_);
  if (entries_.count(key) == 0 && capacity_ > 0) {
    if (entries_.size() == capacity_) {
      entries_.erase(order_.back());
      order_.pop_back();
    }
    order_.push_front(key);
    entries_.emplace(key, Entry{png, order_.begin()});
  }
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

}  // namespace pbem::pictures
