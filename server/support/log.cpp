#include "server/support/log.h"

#include <cstdio>
#include <mutex>
#include <string>

#include "server/support/clock.h"

namespace pbem::server {

void log_line(std::string_view line) {
  static std::mutex mutex;
  std::string text = now_iso8601() + " " + std::string(line) + "\n";
  std::lock_guard lock(mutex);
  std::fwrite(text.data(), 1, text.size(), stderr);
}

}  // namespace pbem::server
