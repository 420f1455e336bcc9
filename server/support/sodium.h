// libsodium must be initialised once per process before any of its functions is used.
#pragma once

#include <string>

namespace pbem::server {

// Initialises libsodium on first call (thread-safe, cheap afterwards); throws
// std::runtime_error if the library cannot initialise (no usable randomness source).
void ensure_sodium_initialized();

// A random code a person types back from a mail (an address confirmation, a password
// reset): 10 symbols of 31, lower-case letters and digits without 0/o and 1/l/i, about
// 49 bits, from libsodium's random source.
std::string typed_code();

}  // namespace pbem::server
