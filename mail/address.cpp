#include "mail/address.h"

#include <algorithm>

namespace pbem::mail {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim_blanks(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

// Characters that would need quoting or would end the address inside a header.
// Non-ASCII bytes are allowed (RFC 6531 internationalised addresses).
bool is_forbidden(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte < 0x21 || byte == 0x7f) return true;  // controls and blanks
  static constexpr std::string_view specials = "<>()[]\\,;:\"";
  return specials.find(c) != std::string_view::npos;
}

bool is_valid_domain(std::string_view domain) {
  if (domain.empty() || domain.front() == '.' || domain.back() == '.') return false;
  if (domain.find("..") != std::string_view::npos) return false;
  return std::none_of(domain.begin(), domain.end(), [](char c) { return c == '@'; });
}

bool is_valid_local_part(std::string_view local) {
  if (local.empty() || local.front() == '.' || local.back() == '.') return false;
  return local.find("..") == std::string_view::npos;
}

}  // namespace

std::optional<std::string> normalize_address(std::string_view text) {
  text = trim_blanks(text);
  if (text.size() >= 2 && text.front() == '<' && text.back() == '>') {
    text = trim_blanks(text.substr(1, text.size() - 2));
  }
  if (text.empty() || std::any_of(text.begin(), text.end(), is_forbidden)) return std::nullopt;

  const auto at = text.rfind('@');
  if (at == std::string_view::npos) return std::nullopt;
  const auto local = text.substr(0, at);
  const auto domain = text.substr(at + 1);
  if (!is_valid_local_part(local) || !is_valid_domain(domain)) return std::nullopt;
  if (local.size() > kMaxLocalPartLength || text.size() > kMaxAddressLength) return std::nullopt;
  if (local.find('@') != std::string_view::npos) return std::nullopt;

  std::string result(local);
  result += '@';
  for (char c : domain) {
    result += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return result;
}

std::string canonical_mailbox(std::string_view address) {
  const auto at = address.rfind('@');
  std::string_view local = address.substr(0, at == std::string_view::npos ? address.size() : at);
  const std::string_view domain = at == std::string_view::npos ? std::string_view() : address.substr(at);
  if (const auto plus = local.find('+'); plus != std::string_view::npos && plus > 0) local = local.substr(0, plus);
  const auto lower = [](std::string_view text) {
    std::string out;
    for (char c : text) out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    return out;
  };
  std::string mailbox = lower(local);
  std::string host = lower(domain);
  // Gmail delivers v.ictim@ to victim@, and googlemail.com is the same domain.
  if (host == "@gmail.com" || host == "@googlemail.com") {
    std::erase(mailbox, '.');
    host = "@gmail.com";
  }
  return mailbox + host;
}

std::string shown_address(std::string_view address) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < address.size(); ++i) {
    const auto byte = static_cast<unsigned char>(address[i]);
    if ((byte & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte: its character is counted once
    if (chars == kShownAddressChars) return out + "...";
    out += byte >= 0x20 && byte < 0x7F ? static_cast<char>(byte) : '?';
    ++chars;
  }
  return out;
}

}  // namespace pbem::mail
