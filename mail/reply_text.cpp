#include "mail/reply_text.h"

#include <algorithm>
#include <array>
#include <vector>

namespace pbem::mail {
namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string out;
  for (char c : text) out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return out;
}

bool starts_with_ci(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && lower(text.substr(0, prefix.size())) == prefix;
}

// '>' as RFC 3676 and nearly every client quote; "| " and ": " as some clients (and
// users) set their indent string. A bare "|" or ":" is an empty quoted line of the latter.
bool is_quoted(std::string_view line) {
  if (line.empty()) return false;
  if (line.front() == '>') return true;
  if (line.front() != '|' && line.front() != ':') return false;
  return line.size() == 1 || line[1] == ' ';
}

bool is_signature_separator(std::string_view line) {
  return line == "-- " || line == "--";
}

// "-----Original Message-----", "-----Ursprüngliche Nachricht-----", etc.
bool is_original_message_separator(std::string_view line) {
  const std::string text = lower(trim(line));
  if (text.size() < 6 || text.front() != '-' || text.back() != '-') return false;
  return text.find("original message") != std::string::npos ||
         text.find("ursprüngliche nachricht") != std::string::npos ||
         text.find("message d'origine") != std::string::npos ||
         text.find("mensaje original") != std::string::npos;
}

// Strips the "*" that HTML-to-text conversions of Outlook replies put around "From:".
std::string_view header_label_text(std::string_view line) {
  line = trim(line);
  while (!line.empty() && line.front() == '*') line.remove_prefix(1);
  return line;
}

// Outlook's reply header: "From: ..." followed within a few lines by "Sent: ..." (or
// "Date: ...") and "To: ..." or "Subject: ...".
bool starts_outlook_header_block(const std::vector<std::string_view>& lines, std::size_t index) {
  const auto first = header_label_text(lines[index]);
  if (!starts_with_ci(first, "from:") && !starts_with_ci(first, "von:") &&
      !starts_with_ci(first, "de :") && !starts_with_ci(first, "de:")) {
    return false;
  }
  bool has_date = false;
  bool has_recipient_or_subject = false;
  const std::size_t last = std::min(lines.size(), index + 6);
  for (std::size_t i = index + 1; i < last; ++i) {
    const auto text = header_label_text(lines[i]);
    has_date = has_date || starts_with_ci(text, "sent:") || starts_with_ci(text, "date:") ||
               starts_with_ci(text, "gesendet:") || starts_with_ci(text, "envoyé :") ||
               starts_with_ci(text, "envoyé:");
    has_recipient_or_subject = has_recipient_or_subject || starts_with_ci(text, "to:") ||
                               starts_with_ci(text, "subject:") || starts_with_ci(text, "an:") ||
                               starts_with_ci(text, "betreff:") || starts_with_ci(text, "à :") ||
                               starts_with_ci(text, "objet :");
  }
  return has_date && has_recipient_or_subject;
}

bool mentions_writing(std::string_view text) {
  static constexpr std::array<std::string_view, 8> kVerbs = {
      "wrote", "schrieb", "a écrit", "escribió", "ha scritto", "skrev", "schreef", "kirjoitti"};
  const std::string lowered = lower(text);
  return std::any_of(kVerbs.begin(), kVerbs.end(),
                     [&](std::string_view verb) { return lowered.find(verb) != std::string::npos; });
}

// Index of the first non-blank line at or after `index`, or lines.size().
std::size_t next_non_blank(const std::vector<std::string_view>& lines, std::size_t index) {
  while (index < lines.size() && trim(lines[index]).empty()) ++index;
  return index;
}

// Whether `line` begins the way clients begin an attribution ("On <date>, <name> wrote:",
// "Am ...", "Le ...", "El ...", "Il ...", "Op ...", "Den ...", "Em ...").
bool starts_like_attribution(std::string_view line) {
  static constexpr std::array<std::string_view, 8> kOpeners = {"On ", "Am ", "Le ", "El ",
                                                               "Il ", "Op ", "Den ", "Em "};
  line = trim(line);
  return std::any_of(kOpeners.begin(), kOpeners.end(),
                     [&](std::string_view opener) { return line.substr(0, opener.size()) == opener; });
}

// Whether lines [index, index + length) read as an attribution: joined, they end with ':'
// and name the act of writing, and the next non-blank line is quoted.
bool is_attribution(const std::vector<std::string_view>& lines, std::size_t index, std::size_t length) {
  if (index + length > lines.size()) return false;
  std::string joined;
  for (std::size_t i = index; i < index + length; ++i) {
    if (i > index) joined += ' ';
    joined += trim(lines[i]);
  }
  if (joined.empty() || joined.back() != ':' || !mentions_writing(joined)) return false;
  const std::size_t after = next_non_blank(lines, index + length);
  return after < lines.size() && is_quoted(lines[after]);
}

// Number of lines (1 or 2) forming an attribution at `index`, or 0. A two-line one is an
// attribution the client wrapped (Gmail does): it opens on the first line and not again on
// the second -- otherwise "Erin" followed by "On ... wrote:" would swallow the name.
std::size_t attribution_length(const std::vector<std::string_view>& lines, std::size_t index) {
  if (is_attribution(lines, index, 1)) return 1;
  if (index + 1 < lines.size() && starts_like_attribution(lines[index]) &&
      !starts_like_attribution(lines[index + 1]) && is_attribution(lines, index, 2)) {
    return 2;
  }
  return 0;
}

bool is_horizontal_rule(std::string_view line) {
  line = trim(line);
  return line.size() >= 5 && std::all_of(line.begin(), line.end(), [](char c) { return c == '_'; });
}

std::string join_collapsing_blank_lines(const std::vector<std::string_view>& lines) {
  std::string out;
  bool pending_blank = false;
  for (std::string_view line : lines) {
    if (trim(line).empty()) {
      pending_blank = true;
      continue;
    }
    if (!out.empty()) out += pending_blank ? "\n\n" : "\n";
    pending_blank = false;
    out += line;
  }
  return std::string(trim(out));
}

// An attribution line as clients open one ("On <date>, <name> wrote:", also wrapped over
// two lines), whether or not a quoted line follows.
bool opens_attribution(const std::vector<std::string_view>& lines, std::size_t index) {
  if (!starts_like_attribution(lines[index])) return false;
  std::string joined(trim(lines[index]));
  for (std::size_t length = 1; length <= 2 && index + length <= lines.size(); ++length) {
    if (length == 2) joined += " " + std::string(trim(lines[index + 1]));
    if (!joined.empty() && joined.back() == ':' && mentions_writing(joined)) return true;
  }
  return false;
}

// `above_first_quote`: stop at the first quoted or attribution line instead of leaving it out.
std::string extract(std::string_view body, bool above_first_quote) {
  const auto lines = split_lines(body);
  std::vector<std::string_view> kept;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    if (is_signature_separator(line) || is_original_message_separator(line)) break;
    if (starts_outlook_header_block(lines, i)) {
      while (!kept.empty() && (trim(kept.back()).empty() || is_horizontal_rule(kept.back()))) {
        kept.pop_back();
      }
      break;
    }
    const std::size_t length = attribution_length(lines, i);
    if (above_first_quote && (is_quoted(line) || length > 0 || opens_attribution(lines, i))) break;
    if (is_quoted(line)) continue;
    if (length > 0) {
      i += length - 1;
      continue;
    }
    kept.push_back(line);
  }
  return join_collapsing_blank_lines(kept);
}

}  // namespace

std::string extract_new_text(std::string_view body) { return extract(body, false); }

std::string extract_top_text(std::string_view body) { return extract(body, true); }

}  // namespace pbem::mail
