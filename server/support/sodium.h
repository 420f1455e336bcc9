// libsodium must be initialised once per process before any of its functions is used.
#pragma once

namespace pbem::server {

// Initialises libsodium on first call (thread-safe, cheap afterwards); throws
// std::runtime_error if the library cannot initialise (no usable randomness source).
void ensure_sodium_initialized();

}  // namespace pbem::server
