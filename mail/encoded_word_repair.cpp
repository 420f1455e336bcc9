#include "mail/encoded_word_repair.h"

#include <algorithm>

#include "mail/gmime_support.h"

namespace pbem::mail::detail {
namespace {

bool is_base64_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '/' || c == '=';
}

bool is_charset_char(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte > ' ' && byte < 0x7f && c != '?' && c != '=';
}

std::string q_encode(const guchar* bytes, gsize length) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (gsize i = 0; i < length; ++i) {
    const unsigned char byte = bytes[i];
    if ((byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') || (byte >= '0' && byte <= '9')) {
      out += static_cast<char>(byte);
    } else {
      out += '=';
      out += kHex[byte >> 4];
      out += kHex[byte & 0x0F];
    }
  }
  return out;
}

// RFC 2047, section 2: an encoded word is at most 75 characters long. Looking for its end
// only that far keeps the repair linear: searching to the end of the header from every
// "=?" made `=?a?B?x` x N quadratic (a 1 MB Subject took minutes).
constexpr std::size_t kMaxEncodedWordLength = 75;

// If an encoded word "=?charset?B?text?=" starts at raw[pos], its Q rewrite and length.
bool rewrite_word_at(std::string_view whole, std::size_t pos, std::string& rewritten, std::size_t& length) {
  // Positions stay relative to `whole`; only the window of one encoded word is looked at.
  const std::string_view raw = whole.substr(0, std::min(whole.size(), pos + kMaxEncodedWordLength));
  std::size_t i = pos + 2;
  const std::size_t charset_start = i;
  while (i < raw.size() && is_charset_char(raw[i])) ++i;
  if (i == charset_start || i + 2 >= raw.size() || raw[i] != '?') return false;
  const std::string_view charset = raw.substr(charset_start, i - charset_start);
  if ((raw[i + 1] != 'B' && raw[i + 1] != 'b') || raw[i + 2] != '?') return false;
  const std::size_t text_start = i + 3;
  const std::size_t text_end = raw.find("?=", text_start);
  if (text_end == std::string_view::npos) return false;
  const std::string_view text = raw.substr(text_start, text_end - text_start);
  if (text.empty() || !std::all_of(text.begin(), text.end(), is_base64_char)) return false;

  gsize decoded_length = 0;
  const std::string text_copy(text);
  std::unique_ptr<guchar, GFree> decoded(g_base64_decode(text_copy.c_str(), &decoded_length));
  rewritten = "=?" + std::string(charset) + "?Q?" + q_encode(decoded.get(), decoded_length) + "?=";
  length = text_end + 2 - pos;
  return true;
}

}  // namespace

std::string rewrite_base64_words_as_q(std::string_view raw) {
  std::string out;
  out.reserve(raw.size() + raw.size() / 2);
  std::size_t pos = 0;
  while (pos < raw.size()) {
    const std::size_t start = raw.find("=?", pos);
    if (start == std::string_view::npos) break;
    out.append(raw.substr(pos, start - pos));
    std::string rewritten;
    std::size_t length = 0;
    if (rewrite_word_at(raw, start, rewritten, length)) {
      out += rewritten;
      pos = start + length;
    } else {
      out += "=?";
      pos = start + 2;
    }
  }
  out.append(raw.substr(std::min(pos, raw.size())));
  return out;
}

}  // namespace pbem::mail::detail
