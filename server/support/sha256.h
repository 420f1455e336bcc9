// SHA-256: the inbox keys each raw message by it (its column `digest`, the name it had
// before the daily digest existed) so that a redelivered message is recognised and never
// processed twice; it also salts Message-IDs and tags pictures.
#pragma once

#include <string>
#include <string_view>

namespace pbem::server {

// SHA-256 of the bytes, as 64 lower-case hex digits.
std::string sha256_hex(std::string_view bytes);

}  // namespace pbem::server
