// How many characters a UTF-8 text holds, as a limit pinned "in characters" counts them
// (a report's 2,000, a note's 2,000): code points, whatever bytes each takes.
#pragma once

#include <cstddef>
#include <string_view>

namespace pbem::server {

inline std::size_t utf8_length(std::string_view text) {
  std::size_t count = 0;
  for (unsigned char c : text) count += (c & 0xc0) != 0x80;  // every byte but a continuation
  return count;
}

}  // namespace pbem::server
