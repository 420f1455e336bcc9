// A map that holds at most `capacity` entries and forgets the least recently used one to
// make room: what the verified-password cache and the picture cache keep. Not
// thread-safe: each owner holds its own lock around it.
#pragma once

#include <cstddef>
#include <list>
#include <unordered_map>
#include <utility>

namespace pbem::server {

template <typename Key, typename Value>
class BoundedLru {
 public:
  explicit BoundedLru(std::size_t capacity) : capacity_(capacity) {}

  // The entry's value, now the most recently used; nullptr when there is none.
  const Value* find(const Key& key) { return find_mutable(key); }

  // Adds the entry as the most recently used (an entry already there keeps its value and
  // is only refreshed), then forgets the least recently used beyond the capacity.
  void put(Key key, Value value) {
    if (find(key)) return;
    recent_.emplace_front(key, std::move(value));
    index_.emplace(std::move(key), recent_.begin());
    while (recent_.size() > capacity_) {
      index_.erase(recent_.back().first);
      recent_.pop_back();
    }
  }

  // Adds the entry, or gives the one already there this value; either way it is now the
  // most recently used.
  void assign(Key key, Value value) {
    if (Value* found = find_mutable(key)) {
      *found = std::move(value);
      return;
    }
    put(std::move(key), std::move(value));
  }

  // Forgets every entry whose value satisfies `predicate`.
  template <typename Predicate>
  void erase_if(Predicate predicate) {
    for (auto it = recent_.begin(); it != recent_.end();) {
      if (predicate(it->second)) {
        index_.erase(it->first);
        it = recent_.erase(it);
      } else {
        ++it;
      }
    }
  }

  std::size_t size() const { return recent_.size(); }

 private:
  Value* find_mutable(const Key& key) {
    const auto found = index_.find(key);
    if (found == index_.end()) return nullptr;
    recent_.splice(recent_.begin(), recent_, found->second);
    return &found->second->second;
  }

  using Entry = std::pair<Key, Value>;
  std::size_t capacity_;
  std::list<Entry> recent_;  // most recently used first
  std::unordered_map<Key, typename std::list<Entry>::iterator> index_;
};

}  // namespace pbem::server
