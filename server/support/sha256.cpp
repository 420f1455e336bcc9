#include "server/support/sha256.h"

#include <sodium.h>

#include <array>

#include "server/support/sodium.h"

namespace pbem::server {

std::string sha256_hex(std::string_view bytes) {
  ensure_sodium_initialized();
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(bytes.data()),
                     bytes.size());
  std::array<char, crypto_hash_sha256_BYTES * 2 + 1> hex{};
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  return std::string(hex.data(), hex.size() - 1);
}

}  // namespace pbem::server
