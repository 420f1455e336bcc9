#include "server/storage/verified_password_cache.h"

#include <sodium.h>

#include "server/storage/passwords.h"
#include "server/support/sodium.h"

namespace pbem::server {

VerifiedPasswordCache::VerifiedPasswordCache(std::size_t capacity) : userid_of_(capacity) {
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
  return userid_of_.find(wanted) != nullptr;
}

void VerifiedPasswordCache::remember(std::string_view userid, std::string_view password, std::string_view hash) {
  Fingerprint print = fingerprint(userid, password, hash);
  std::lock_guard lock(mutex_);
  userid_of_.put(std::move(print), std::string(userid));
}

void VerifiedPasswordCache::forget(std::string_view userid) {
  std::lock_guard lock(mutex_);
  userid_of_.erase_if([&](const std::string& owner) { return owner == userid; });
}

std::size_t VerifiedPasswordCache::size() const {
  std::lock_guard lock(mutex_);
  return userid_of_.size();
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
