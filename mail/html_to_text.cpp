#include "mail/html_to_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <utility>

#include "mail/text_decoding.h"

namespace pbem::mail {
namespace {

constexpr std::string_view kNoBreakSpace = "\xC2\xA0";

char lower_ascii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lower(std::string_view text) {
  std::string out;
  for (char c : text) out += lower_ascii(c);
  return out;
}

bool is_html_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// The named character references mail clients actually produce: the Latin-1 set and the
// typographic ones. Names are case-sensitive ("Eacute" is not "eacute"); an all-capitals
// spelling of a lower-case name ("&AMP;") is accepted as browsers do.
std::uint32_t named_reference(std::string_view name) {
  static constexpr std::pair<std::string_view, std::uint32_t> kNames[] = {
      {"amp", 0x26}, {"lt", 0x3C}, {"gt", 0x3E}, {"quot", 0x22}, {"apos", 0x27},
      {"hellip", 0x2026}, {"mdash", 0x2014}, {"ndash", 0x2013}, {"lsquo", 0x2018},
      {"rsquo", 0x2019}, {"sbquo", 0x201A}, {"ldquo", 0x201C}, {"rdquo", 0x201D},
      {"bdquo", 0x201E}, {"euro", 0x20AC}, {"bull", 0x2022}, {"trade", 0x2122}, {"zwnj", 0x200C},
      {"zwj", 0x200D}, {"thinsp", 0x2009}, {"ensp", 0x2002}, {"emsp", 0x2003}, {"oelig", 0x153},
      {"OElig", 0x152}, {"scaron", 0x161}, {"Scaron", 0x160}, {"Yuml", 0x178}, {"larr", 0x2190},
      {"rarr", 0x2192}, {"uarr", 0x2191}, {"darr", 0x2193}, {"nbsp", 0xA0}, {"iexcl", 0xA1},
      {"cent", 0xA2}, {"pound", 0xA3}, {"curren", 0xA4}, {"yen", 0xA5}, {"brvbar", 0xA6},
      {"sect", 0xA7}, {"uml", 0xA8}, {"copy", 0xA9}, {"ordf", 0xAA}, {"laquo", 0xAB},
      {"not", 0xAC}, {"shy", 0xAD}, {"reg", 0xAE}, {"macr", 0xAF}, {"deg", 0xB0},
      {"plusmn", 0xB1}, {"sup2", 0xB2}, {"sup3", 0xB3}, {"acute", 0xB4}, {"micro", 0xB5},
      {"para", 0xB6}, {"middot", 0xB7}, {"cedil", 0xB8}, {"sup1", 0xB9}, {"ordm", 0xBA},
      {"raquo", 0xBB}, {"frac14", 0xBC}, {"frac12", 0xBD}, {"frac34", 0xBE}, {"iquest", 0xBF},
      {"Agrave", 0xC0}, {"Aacute", 0xC1}, {"Acirc", 0xC2}, {"Atilde", 0xC3}, {"Auml", 0xC4},
      {"Aring", 0xC5}, {"AElig", 0xC6}, {"Ccedil", 0xC7}, {"Egrave", 0xC8}, {"Eacute", 0xC9},
      {"Ecirc", 0xCA}, {"Euml", 0xCB}, {"Igrave", 0xCC}, {"Iacute", 0xCD}, {"Icirc", 0xCE},
      {"Iuml", 0xCF}, {"ETH", 0xD0}, {"Ntilde", 0xD1}, {"Ograve", 0xD2}, {"Oacute", 0xD3},
      {"Ocirc", 0xD4}, {"Otilde", 0xD5}, {"Ouml", 0xD6}, {"times", 0xD7}, {"Oslash", 0xD8},
      {"Ugrave", 0xD9}, {"Uacute", 0xDA}, {"Ucirc", 0xDB}, {"Uuml", 0xDC}, {"Yacute", 0xDD},
      {"THORN", 0xDE}, {"szlig", 0xDF}, {"agrave", 0xE0}, {"aacute", 0xE1}, {"acirc", 0xE2},
      {"atilde", 0xE3}, {"auml", 0xE4}, {"aring", 0xE5}, {"aelig", 0xE6}, {"ccedil", 0xE7},
      {"egrave", 0xE8}, {"eacute", 0xE9}, {"ecirc", 0xEA}, {"euml", 0xEB}, {"igrave", 0xEC},
      {"iacute", 0xED}, {"icirc", 0xEE}, {"iuml", 0xEF}, {"eth", 0xF0}, {"ntilde", 0xF1},
      {"ograve", 0xF2}, {"oacute", 0xF3}, {"ocirc", 0xF4}, {"otilde", 0xF5}, {"ouml", 0xF6},
      {"divide", 0xF7}, {"oslash", 0xF8}, {"ugrave", 0xF9}, {"uacute", 0xFA}, {"ucirc", 0xFB},
      {"uuml", 0xFC}, {"yacute", 0xFD}, {"thorn", 0xFE}, {"yuml", 0xFF},
  };
  for (const auto& [entity, code_point] : kNames) {
    if (entity == name) return code_point;
  }
  const std::string lowered = lower(name);
  for (const auto& [entity, code_point] : kNames) {
    if (entity == lowered) return code_point;
  }
  return 0;
}

// The tag names whose start or end begins a new line in the rendered text.
bool is_block_element(std::string_view name) {
  static constexpr std::array<std::string_view, 27> kBlocks = {
      "div", "p",      "h1",      "h2",     "h3",     "h4",      "h5",    "h6",  "tr",
      "li",  "ul",     "ol",      "table",  "pre",    "blockquote", "hr", "dl",  "dt",
      "dd",  "section", "article", "header", "footer", "address", "center", "form", "body"};
  return std::find(kBlocks.begin(), kBlocks.end(), name) != kBlocks.end();
}

// Builds the plain text line by line, adding the quote prefix of the current
// <blockquote> depth at the start of each line.
class TextWriter {
 public:
  explicit TextWriter(std::size_t max_bytes) : max_bytes_(max_bytes) {}
  // True once the text is past its limit: the rest of the document is not needed. One
  // byte past, so that finish() can tell a character cut in two and drop all of it.
  bool full() const { return out_.size() > max_bytes_; }

  void text(std::string_view chunk) {
    for (char c : chunk) {
      if (full()) return;
      if (preformatted_ > 0) {
        if (c == '\r') continue;
        if (c == '\n') {
          end_line();
          continue;
        }
        put(c);
      } else if (is_html_space(c)) {
        pending_space_ = true;
      } else {
        if (pending_space_ && !at_line_start_) put(' ');
        pending_space_ = false;
        put(c);
      }
    }
  }
  // A blank that white-space collapsing must keep (from &nbsp;).
  void hard_space() {
    if (pending_space_ && !at_line_start_) put(' ');
    pending_space_ = false;
    put(' ');
  }
  void line_break() { end_line(); }
  void block_boundary() {
    if (!at_line_start_) end_line();
  }
  void paragraph_boundary() {
    block_boundary();
    if (!out_.empty() && !ends_with_blank_line()) end_line();
  }
  void enter_quote() { ++quote_depth_; }  // counted in full, so closing tags match
  void leave_quote() { quote_depth_ = quote_depth_ > 0 ? quote_depth_ - 1 : 0; }
  void enter_pre() { ++preformatted_; }
  void leave_pre() { preformatted_ = preformatted_ > 0 ? preformatted_ - 1 : 0; }

  std::string finish() {
    block_boundary();
    return cut_at_utf8_boundary(tidy(out_), max_bytes_);
  }

 private:
  void put(char c) {
    if (at_line_start_) {
      if (quote_depth_ > 0) out_ += quote_prefix() + ' ';
      at_line_start_ = false;
    }
    out_ += c;
  }
  void end_line() {
    if (full()) return;
    if (at_line_start_ && quote_depth_ > 0) out_ += quote_prefix();
    out_ += '\n';
    at_line_start_ = true;
    pending_space_ = false;
  }
  std::string quote_prefix() const { return std::string(std::min(quote_depth_, kMaxHtmlQuoteDepth), '>'); }
  bool ends_with_blank_line() const {
    return out_.size() >= 2 && out_[out_.size() - 1] == '\n' && out_[out_.size() - 2] == '\n';
  }
  // Drops trailing blanks of each line, runs of more than one blank line, and blank lines
  // at both ends.
  static std::string tidy(std::string_view text) {
    std::string out;
    std::size_t blank_run = 0;
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
      if (line.empty()) {
        ++blank_run;
      } else {
        if (!out.empty()) out += blank_run > 0 ? "\n\n" : "\n";
        out += line;
        blank_run = 0;
      }
      start = end + 1;
    }
    return out;
  }

  std::size_t max_bytes_;
  std::string out_;
  bool at_line_start_ = true;
  bool pending_space_ = false;
  std::size_t quote_depth_ = 0;
  std::size_t preformatted_ = 0;
};

// Decodes the character reference starting at html[pos] == '&'; returns the characters
// consumed (0 when it is not a reference and the '&' is literal).
std::size_t decode_reference(std::string_view html, std::size_t pos, TextWriter& writer) {
  constexpr std::size_t kLongestReference = 12;  // "&#x10FFFF;" and the longest names fit
  const std::size_t offset = html.substr(pos, kLongestReference + 1).find(';');
  if (offset == std::string_view::npos) return 0;
  const std::size_t semicolon = pos + offset;
  const std::string_view body = html.substr(pos + 1, semicolon - pos - 1);
  std::uint32_t code_point = 0;
  if (!body.empty() && body.front() == '#') {
    const bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
    const std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty()) return 0;
    for (char c : digits) {
      int value = -1;
      if (c >= '0' && c <= '9') value = c - '0';
      else if (hex && c >= 'a' && c <= 'f') value = c - 'a' + 10;
      else if (hex && c >= 'A' && c <= 'F') value = c - 'A' + 10;
      if (value < 0) return 0;
      code_point = code_point * (hex ? 16 : 10) + static_cast<std::uint32_t>(value);
      if (code_point > 0x10FFFF) code_point = 0x110000;  // saturate: invalid anyway
    }
  } else {
    code_point = named_reference(body);
    if (code_point == 0) return 0;
  }
  if (code_point == 0xA0) {
    writer.hard_space();
  } else {
    std::string utf8;
    append_utf8(utf8, code_point);
    writer.text(utf8);
  }
  return semicolon - pos + 1;
}

struct Tag {
  std::string name;  // lower case
  bool closing = false;
  std::size_t end = 0;  // index just after '>'
};

Tag parse_tag(std::string_view html, std::size_t pos) {
  Tag tag;
  std::size_t i = pos + 1;
  if (i < html.size() && html[i] == '/') {
    tag.closing = true;
    ++i;
  }
  while (i < html.size() && (std::isalnum(static_cast<unsigned char>(html[i])) != 0)) {
    tag.name += lower_ascii(html[i++]);
  }
  char quote = 0;
  for (; i < html.size(); ++i) {
    if (quote != 0) {
      if (html[i] == quote) quote = 0;
    } else if (html[i] == '"' || html[i] == '\'') {
      quote = html[i];
    } else if (html[i] == '>') {
      break;
    }
  }
  tag.end = std::min(i + 1, html.size());
  return tag;
}

// Index just after the end tag </name> (case-insensitive), or the end of the input.
std::size_t skip_element_content(std::string_view html, std::size_t pos, std::string_view name) {
  for (std::size_t at = html.find("</", pos); at != std::string_view::npos; at = html.find("</", at + 2)) {
    const std::string_view candidate = html.substr(at + 2, name.size());
    if (candidate.size() == name.size() && lower(candidate) == name) {
      const std::size_t close = html.find('>', at);
      return close == std::string_view::npos ? html.size() : close + 1;
    }
  }
  return html.size();
}

void apply_tag(const Tag& tag, TextWriter& writer) {
  if (tag.name == "br") {
    writer.line_break();
  } else if (tag.name == "p" || (tag.name.size() == 2 && tag.name[0] == 'h' && tag.name[1] >= '1' &&
                                 tag.name[1] <= '6')) {
    writer.paragraph_boundary();
  } else if (tag.name == "blockquote") {
    writer.block_boundary();
    if (tag.closing) writer.leave_quote();
    else writer.enter_quote();
  } else if (tag.name == "pre") {
    writer.block_boundary();
    if (tag.closing) writer.leave_pre();
    else writer.enter_pre();
  } else if (tag.name == "td" || tag.name == "th") {
    if (!tag.closing) writer.text(" ");
  } else if (is_block_element(tag.name)) {
    writer.block_boundary();
  }
}

}  // namespace

std::string html_to_text(std::string_view html, std::size_t max_bytes) {
  TextWriter writer(max_bytes);
  std::size_t pos = 0;
  while (pos < html.size() && !writer.full()) {
    const char c = html[pos];
    if (c == '<') {
      if (html.substr(pos, 4) == "<!--") {
        const std::size_t end = html.find("-->", pos + 4);
        pos = end == std::string_view::npos ? html.size() : end + 3;
        continue;
      }
      const bool starts_tag = pos + 1 < html.size() &&
                              (std::isalpha(static_cast<unsigned char>(html[pos + 1])) != 0 ||
                               html[pos + 1] == '/' || html[pos + 1] == '!' || html[pos + 1] == '?');
      if (!starts_tag) {
        writer.text("<");
        ++pos;
        continue;
      }
      const Tag tag = parse_tag(html, pos);
      pos = tag.end;
      if (!tag.closing && (tag.name == "script" || tag.name == "style" || tag.name == "title")) {
        pos = skip_element_content(html, pos, tag.name);
        continue;
      }
      apply_tag(tag, writer);
      // HTML ignores one line break right after <pre>; so must we, or every <pre> block
      // would gain a leading blank line.
      if (tag.name == "pre" && !tag.closing) {
        if (pos < html.size() && html[pos] == '\r') ++pos;
        if (pos < html.size() && html[pos] == '\n') ++pos;
      }
    } else if (c == '&') {
      const std::size_t consumed = decode_reference(html, pos, writer);
      if (consumed == 0) {
        writer.text("&");
        ++pos;
      } else {
        pos += consumed;
      }
    } else if (html.substr(pos, kNoBreakSpace.size()) == kNoBreakSpace) {
      writer.hard_space();
      pos += kNoBreakSpace.size();
    } else {
      const std::size_t next = html.find_first_of("<&\xC2", pos + 1);
      const std::size_t end = next == std::string_view::npos ? html.size() : next;
      writer.text(html.substr(pos, end - pos));
      pos = end;
    }
  }
  return writer.finish();
}

}  // namespace pbem::mail
