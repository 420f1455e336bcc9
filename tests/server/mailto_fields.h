// Reading a mailto: URI (RFC 6068) as a mail client does, for the move links' tests.
#pragma once

#include <string>

namespace pbem::test {

// RFC 3986 percent-decoding.
inline std::string percent_decoded(const std::string& value) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '%' && i + 2 < value.size()) {
      out += static_cast<char>(std::stoi(value.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += value[i];
    }
  }
  return out;
}

// The value of `name` in a mailto: URI's query, decoded; "" when absent.
inline std::string mailto_field(const std::string& uri, const std::string& name) {
  const std::size_t query = uri.find('?');
  if (query == std::string::npos) return "";
  std::size_t at = query + 1;
  while (at < uri.size()) {
    std::size_t end = uri.find('&', at);
    if (end == std::string::npos) end = uri.size();
    const std::string pair = uri.substr(at, end - at);
    if (pair.starts_with(name + "=")) return percent_decoded(pair.substr(name.size() + 1));
    at = end + 1;
  }
  return "";
}

}  // namespace pbem::test
