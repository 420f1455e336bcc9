#include "mail/subject.h"

#include <array>
#include <cctype>

namespace pbem::mail {
namespace {

constexpr std::string_view kNoBreakSpace = "\xC2\xA0";

bool is_ascii_blank(char c) { return c == ' ' || c == '\t'; }

char lower_ascii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// Collapses blanks (ASCII and U+00A0) to single spaces and trims both ends.
std::string collapse_blanks(std::string_view text) {
  std::string out;
  bool pending_blank = false;
  for (std::size_t i = 0; i < text.size();) {
    if (is_ascii_blank(text[i])) {
      pending_blank = true;
      ++i;
    } else if (text.substr(i, kNoBreakSpace.size()) == kNoBreakSpace) {
      pending_blank = true;
      i += kNoBreakSpace.size();
    } else {
      if (pending_blank && !out.empty()) out += ' ';
      pending_blank = false;
      out += text[i++];
    }
  }
  return out;
}

// Length of one reply/forward prefix at the start of `text` (already trimmed), or 0.
std::size_t reply_prefix_length(std::string_view text) {
  static constexpr std::array<std::string_view, 9> kPrefixes = {
      "antw", "fwd", "re", "fw", "aw", "wg", "sv", "vs", "tr"};
  for (std::string_view prefix : kPrefixes) {
    if (text.size() < prefix.size()) continue;
    bool matches = true;
    for (std::size_t i = 0; i < prefix.size() && matches; ++i) {
      matches = lower_ascii(text[i]) == prefix[i];
    }
    if (!matches) continue;

    std::size_t pos = prefix.size();
    // Optional counter: [2], (2) or ^2.
    if (pos < text.size() && (text[pos] == '[' || text[pos] == '(')) {
      const char close = text[pos] == '[' ? ']' : ')';
      std::size_t digits_end = pos + 1;
      while (digits_end < text.size() && std::isdigit(static_cast<unsigned char>(text[digits_end]))) {
        ++digits_end;
      }
      if (digits_end > pos + 1 && digits_end < text.size() && text[digits_end] == close) {
        pos = digits_end + 1;
      }
    } else if (pos < text.size() && text[pos] == '^') {
      std::size_t digits_end = pos + 1;
      while (digits_end < text.size() && std::isdigit(static_cast<unsigned char>(text[digits_end]))) {
        ++digits_end;
      }
      if (digits_end > pos + 1) pos = digits_end;
    }
    while (pos < text.size() && text[pos] == ' ') ++pos;
    if (pos < text.size() && text[pos] == ':') return pos + 1;
  }
  return 0;
}

}  // namespace

std::string unfold_header_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\r' || c == '\n') {
      // RFC 5322 unfolding: a line break followed by a blank simply disappears; any other
      // line break still separates words, so it becomes a blank.
      std::size_t next = i + 1;
      while (next < text.size() && (text[next] == '\r' || text[next] == '\n')) ++next;
      if (next < text.size() && is_ascii_blank(text[next])) {
        i = next - 1;
        continue;
      }
      out += ' ';
      i = next - 1;
      continue;
    }
    const auto byte = static_cast<unsigned char>(c);
    out += (byte < 0x20 || byte == 0x7f) ? ' ' : c;
  }
  return out;
}

std::string strip_reply_prefixes(std::string_view subject) {
  std::string text = collapse_blanks(unfold_header_text(subject));
  std::string_view rest = text;
  while (const std::size_t length = reply_prefix_length(rest)) {
    rest.remove_prefix(length);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  }
  return std::string(rest);
}

}  // namespace pbem::mail
