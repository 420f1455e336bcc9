// libsodium must be initialised once per process before any of its functions is used.
#pragma once

#include <string>
#include <string_view>

namespace pbem::server {

// Initialises libsodium on first call (thread-safe, cheap afterwards); throws
// std::runtime_error if the library cannot initialise (no usable randomness source).
void ensure_sodium_initialized();

// A random code a person types back from a mail (an address confirmation, a password
// reset): 10 symbols of 31, lower-case letters and digits without 0/o and 1/l/i, about
// 49 bits, from libsodium's random source.
std::string typed_code();

// BLAKE2b (crypto_generichash, 32 bytes) of `input` keyed with `key` ("" for none), in
// lower-case hex: how codes and erased userids are stored, never the text itself.
std::string blake2b_hex(std::string_view key, std::string_view input);

}  // namespace pbem::server
