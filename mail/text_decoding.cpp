#include "mail/text_decoding.h"

#include <array>
#include <cstdint>

#include "mail/gmime_support.h"

namespace pbem::mail {
namespace {

std::string lower_trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '"')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '"')) text.remove_suffix(1);
  std::string out;
  for (char c : text) out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return out;
}

bool is_valid_utf8(std::string_view bytes) {
  return g_utf8_validate(bytes.data(), static_cast<gssize>(bytes.size()), nullptr) != FALSE;
}

void append_utf8(std::string& out, std::uint32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xC0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

bool declares_ascii_or_utf8(const std::string& charset) {
  return charset.empty() || charset == "us-ascii" || charset == "ascii" || charset == "utf-8" ||
         charset == "utf8" || charset == "unknown-8bit" || charset == "x-unknown";
}

bool declares_latin1_family(const std::string& charset) {
  return charset == "iso-8859-1" || charset == "iso8859-1" || charset == "latin1" ||
         charset == "windows-1252" || charset == "cp1252" || charset == "x-cp1252";
}

// Converts with iconv through GLib; false when the charset is unknown or the bytes are
// not valid in it.
bool convert_with_iconv(std::string_view bytes, const std::string& charset, std::string& out) {
  detail::ensure_gmime_initialized();
  const char* iconv_name = g_mime_charset_iconv_name(charset.c_str());
  gsize written = 0;
  GError* error = nullptr;
  detail::GCharPtr converted(g_convert(bytes.data(), static_cast<gssize>(bytes.size()), "UTF-8",
                                       iconv_name ? iconv_name : charset.c_str(), nullptr,
                                       &written, &error));
  if (error != nullptr) {
    g_error_free(error);
    return false;
  }
  if (!converted) return false;
  out.assign(converted.get(), written);
  return true;
}

std::string drop_byte_order_mark(std::string text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (std::string_view(text).substr(0, kBom.size()) == kBom) text.erase(0, kBom.size());
  return text;
}

}  // namespace

std::string windows1252_to_utf8(std::string_view bytes) {
  // Code points of bytes 0x80..0x9F; 0xFFFD where windows-1252 defines nothing.
  static constexpr std::array<std::uint16_t, 32> kHighControls = {
      0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178};
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 4);
  for (char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80 && byte < 0xA0) {
      append_utf8(out, kHighControls[byte - 0x80]);
    } else {
      append_utf8(out, byte);
    }
  }
  return out;
}

std::string decode_to_utf8(std::string_view bytes, std::string_view declared_charset) {
  const std::string charset = lower_trimmed(declared_charset);
  std::string out;
  if (declares_ascii_or_utf8(charset) || declares_latin1_family(charset)) {
    if (is_valid_utf8(bytes) && !declares_latin1_family(charset)) {
      out.assign(bytes);
    } else if (charset == "utf-8" || charset == "utf8") {
      // Declared UTF-8 with a few broken sequences: keep the rest, mark the damage.
      detail::GCharPtr repaired(g_utf8_make_valid(bytes.data(), static_cast<gssize>(bytes.size())));
      out = repaired.get();
    } else {
      out = windows1252_to_utf8(bytes);
    }
  } else if (!convert_with_iconv(bytes, charset, out)) {
    out = is_valid_utf8(bytes) ? std::string(bytes) : windows1252_to_utf8(bytes);
  }
  return drop_byte_order_mark(std::move(out));
}

std::string normalize_newlines(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\r') {
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      continue;
    }
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7f) continue;
    out += c;
  }
  return out;
}

std::string cut_at_utf8_boundary(std::string text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // continuation byte
  text.resize(end);
  return text;
}

}  // namespace pbem::mail
