// Message digests: the inbox keys each raw message by its SHA-256 so a redelivered
// message is recognised and never processed twice.
#pragma once

#include <string>
#include <string_view>

namespace pbem::server {

// SHA-256 of the bytes, as 64 lower-case hex digits.
std::string sha256_hex(std::string_view bytes);

}  // namespace pbem::server
