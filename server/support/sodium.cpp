#include "server/support/sodium.h"

#include <sodium.h>

#include <stdexcept>

namespace pbem::server {

void ensure_sodium_initialized() {
  // A function-local static runs sodium_init exactly once, even with several threads.
  static const bool initialized = sodium_init() >= 0;  // 1 = already initialised: also fine
  if (!initialized) throw std::runtime_error("libsodium could not be initialised");
}

}  // namespace pbem::server
