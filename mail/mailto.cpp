#include "mail/mailto.h"

namespace pbem::mail {
namespace {

bool unreserved(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '~';
}

}  // namespace

std::string percent_encoded(std::string_view value, std::string_view also_unencoded) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(value.size() * 3);
  for (char c : value) {
    if (unreserved(c) || also_unencoded.find(c) != std::string_view::npos) {
      out += c;
      continue;
    }
    const auto octet = static_cast<unsigned char>(c);
    out += '%';
    out += kHex[octet >> 4];
    out += kHex[octet & 0x0f];
  }
  return out;
}

std::string mailto_uri(std::string_view address, std::string_view subject, std::string_view body) {
  // RFC 6068 section 2: addr-spec characters outside unreserved and some-delims are encoded.
  std::string uri = "mailto:" + percent_encoded(address, "@!$'()*+;:");
  char separator = '?';
  if (!subject.empty()) {
    uri += "?subject=" + percent_encoded(subject);
    separator = '&';
  }
  uri += separator;
  uri += "body=" + percent_encoded(body);
  return uri;
}

}  // namespace pbem::mail
