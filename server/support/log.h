// One line per event on standard error, prefixed with the time: what operators read.
// Never pass passwords or message bodies.
#pragma once

#include <string_view>

namespace pbem::server {
void log_line(std::string_view line);
}
