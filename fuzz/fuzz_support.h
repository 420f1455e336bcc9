// Shared by the libFuzzer targets: bytes as text, and the game names the server knows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/registry.h"

namespace pbem::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

inline const std::vector<std::string>& game_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> result;
    for (const auto& type : game_types()) result.push_back(type.name);
    return result;
  }();
  return names;
}

}  // namespace pbem::fuzz
