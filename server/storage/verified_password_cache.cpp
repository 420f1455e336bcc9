#include "server/storage/verified_password_cache.h"

#include <sodium.h>

#include "server/storage/passwords.h"
#include "server/support/sodium.h"

namespace pbem::server {

VerifiedPasswordCache::VerifiedPasswordCache(std::size_t capacity) : capacity_(capacity) {
  ensure_sodium_initialized();
  randombytes_buf(key_.data(), key_.size());
}

VerifiedPasswordCache::Fingerprint VerifiedPasswordCache::fingerprint(std::string_view userid,
                                                                      std::string_view password,
                                                                      std::string_view hash) const {
  crypto_generichash_state state;
  crypto_generichash_init(&state, key_.data(), key_.size(), 32);
  // Each field with its length first, so no two triples hash the same bytes.
  for (std::string_view field : {userid, password, hash}) {
    const std::uint64_t size = field.size();
    crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(&size), sizeof size);
    crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(field.data()), field.size());
  }
  Fingerprint out(32, '\0');
  crypto_generichash_final(&state, reinterpret_cast<unsigned char*>(out.data()), out.size());
  return out;
}

bool VerifiedPasswordCache::contains(std::string_view userid, std::string_view password, std::string_view hash) {
  const Fingerprint wanted = fingerprint(userid, password, hash);
  std::lock_guard lock(mutex_);
  auto found = index_.find(wanted);
  if (found == index_.end()) return false;
  recent_.splice(recent_.begin(), recent_, found->second);
  return true;
}

void VerifiedPasswordCache::remember(std::string_view userid, std::string_view password, std::string_view hash) {
  Fingerprint print = fingerprint(userid, password, hash);
  std::lock_guard lock(mutex_);
  if (auto found = index_.find(print); found != index_.end()) {
    recent_.splice(recent_.begin(), recent_, found->second);
    return;
  }
  recent_.push_front(Entry{print, std::string(userid)});
  index_.emplace(std::move(print), recent_.begin());
  while (recent_.size() > capacity_) {
    index_.erase(recent_.back().fingerprint);
    recent_.pop_back();
  }
}

void VerifiedPasswordCache::forget(std::string_view userid) {
  std::lock_guard lock(mutex_);
  for (auto it = recent_.begin(); it != recent_.end();) {
    if (it->userid == userid) {
      index_.erase(it->fingerprint);
      it = recent_.erase(it);
    } else {
      ++it;
    }
  }
}

std::size_t VerifiedPasswordCache::size() const {
  std::lock_guard lock(mutex_);
  return recent_.size();
}

VerifiedPasswordCache& VerifiedPasswordCache::process_wide() {
  static VerifiedPasswordCache cache;
  return cache;
}

bool verify_password_cached(std::string_view userid, std::string_view hash, std::string_view password) {
  VerifiedPasswordCache& cache = VerifiedPasswordCache::process_wide();
  if (cache.contains(userid, password, hash)) return true;
  if (!verify_password(hash, password)) return false;
  cache.remember(userid, password, hash);
  return true;
}

}  // namespace pbem::server
