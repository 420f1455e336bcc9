#include "server/support/sodium.h"

#include <sodium.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string_view>

namespace pbem::server {

void ensure_sodium_initialized() {
  // A function-local static runs sodium_init exactly once, even with several threads.
  static const bool initialized = sodium_init() >= 0;  // 1 = already initialised: also fine
  if (!initialized) throw std::runtime_error("libsodium could not be initialised");
}

std::string typed_code() {
  // No 0/o, 1/l/i: the code is typed back by hand. 31 symbols, 10 of them: about 49 bits.
  constexpr std::string_view kAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  constexpr int kLength = 10;
  ensure_sodium_initialized();
  std::string code;
  for (int i = 0; i < kLength; ++i)
    code += kAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kAlphabet.size()))];
  return code;
}

std::string blake2b_hex(std::string_view key, std::string_view input) {
  ensure_sodium_initialized();
  std::array<unsigned char, crypto_generichash_BYTES> digest{};
  crypto_generichash(digest.data(), digest.size(), reinterpret_cast<const unsigned char*>(input.data()), input.size(),
                     key.empty() ? nullptr : reinterpret_cast<const unsigned char*>(key.data()), key.size());
  std::array<char, crypto_generichash_BYTES * 2 + 1> hex{};
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  return std::string(hex.data(), hex.size() - 1);
}

}  // namespace pbem::server
