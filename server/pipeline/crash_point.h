// Crash points for the crash-safety tests: PBEM_TEST_CRASH_AT=<name> ends the process on
// the spot (no unwinding, no rollback, no cleanup), as a power cut or kill -9 would.
#pragma once

#include <cstdlib>
#include <string_view>

namespace pbem::server {

inline void crash_point(const char* name) {
  static const char* wanted = std::getenv("PBEM_TEST_CRASH_AT");
  if (wanted && std::string_view(wanted) == name) std::_Exit(99);
}

}  // namespace pbem::server
