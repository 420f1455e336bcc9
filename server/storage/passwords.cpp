#include "server/storage/passwords.h"

#include <sodium.h>

#include <array>
#include <atomic>
#include <stdexcept>

#include "server/support/sodium.h"

namespace pbem::server {

namespace {

// libsodium wants the hash as a NUL-terminated string in a buffer of STRBYTES.
bool copy_hash(std::string_view hash, std::array<char, crypto_pwhash_STRBYTES>& buffer) {
  if (hash.size() >= buffer.size() || hash.find('\0') != std::string_view::npos) return false;
  buffer.fill('\0');
  hash.copy(buffer.data(), hash.size());
  return true;
}

}  // namespace

std::string hash_password(std::string_view password) {
  ensure_sodium_initialized();
  std::array<char, crypto_pwhash_STRBYTES> hash{};
  if (crypto_pwhash_str(hash.data(), password.data(), password.size(),
                        crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
    throw std::runtime_error("cannot hash password: out of memory");
  }
  return std::string(hash.data());
}

namespace {
std::atomic<unsigned long long> verifications{0};
}

unsigned long long password_verifications() { return verifications.load(); }

bool verify_password(std::string_view hash, std::string_view password) {
  ensure_sodium_initialized();
  ++verifications;
  std::array<char, crypto_pwhash_STRBYTES> buffer{};
  if (!copy_hash(hash, buffer)) return false;
  return crypto_pwhash_str_verify(buffer.data(), password.data(), password.size()) == 0;
}

bool password_needs_rehash(std::string_view hash) {
  ensure_sodium_initialized();
  std::array<char, crypto_pwhash_STRBYTES> buffer{};
  if (!copy_hash(hash, buffer)) return true;
  // 0 = current limits, 1 = other limits, -1 = not an Argon2id hash at all.
  return crypto_pwhash_str_needs_rehash(buffer.data(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0;
}

}  // namespace pbem::server
