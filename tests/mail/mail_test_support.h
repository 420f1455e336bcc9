#pragma once
// Helpers shared by the mail tests: reading fixtures byte for byte and editing raw mail.
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tests/source_paths.h"

namespace pbem::mail::test {

// The exact bytes of tests/fixtures/<name>.
inline std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(pbem::tests::fixtures_dir()) + "/" + name, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open fixture " + name);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// `text` with every occurrence of `from` replaced by `to`.
inline std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size())) {
    text.replace(pos, from.size(), to);
  }
  return text;
}

// LF line endings turned into CRLF (input must use LF only).
inline std::string to_crlf(const std::string& text) { return replace_all(text, "\n", "\r\n"); }

// CRLF line endings turned into LF.
inline std::string to_lf(const std::string& text) { return replace_all(text, "\r\n", "\n"); }

// The raw message without the header line starting with `field_prefix` (e.g.
// "Auto-Submitted:"); fails loudly if the line is not there, so a test cannot silently
// test nothing.
inline std::string without_header_line(const std::string& raw, std::string_view field_prefix) {
  const auto start = raw.find("\n" + std::string(field_prefix));
  if (start == std::string::npos) throw std::runtime_error("no header " + std::string(field_prefix));
  const auto end = raw.find('\n', start + 1);
  return raw.substr(0, start) + raw.substr(end);
}

}  // namespace pbem::mail::test
