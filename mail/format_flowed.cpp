#include "mail/format_flowed.h"

#include <vector>

namespace pbem::mail {
namespace {

struct FlowedLine {
  std::size_t quote_depth = 0;
  std::string content;  // without quote markers and space-stuffing
  bool flowed = false;  // ends with a soft line break
};

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

FlowedLine parse_line(std::string_view line, bool delete_space) {
  FlowedLine parsed;
  while (!line.empty() && line.front() == '>') {
    ++parsed.quote_depth;
    line.remove_prefix(1);
  }
  if (!line.empty() && line.front() == ' ') line.remove_prefix(1);  // space-stuffing
  const bool is_signature_separator = line == "-- ";
  parsed.flowed = !is_signature_separator && !line.empty() && line.back() == ' ';
  if (parsed.flowed && delete_space) line.remove_suffix(1);
  parsed.content = std::string(line);
  return parsed;
}

std::string quote_prefix(std::size_t depth) {
  return depth == 0 ? std::string() : std::string(depth, '>') + ' ';
}

}  // namespace

std::string decode_format_flowed(std::string_view text, bool delete_space) {
  std::string out;
  std::string paragraph;
  std::size_t paragraph_depth = 0;
  bool in_paragraph = false;

  auto finish_paragraph = [&] {
    out += quote_prefix(paragraph_depth);
    out += paragraph;
    out += '\n';
    paragraph.clear();
    in_paragraph = false;
  };

  const auto lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool is_last = i + 1 == lines.size();
    if (is_last && lines[i].empty()) break;  // text ended with a newline
    const FlowedLine line = parse_line(lines[i], delete_space);
    // A change of quote depth ends a paragraph even after a soft break (RFC 3676 4.5).
    if (in_paragraph && line.quote_depth != paragraph_depth) finish_paragraph();
    paragraph_depth = line.quote_depth;
    paragraph += line.content;
    in_paragraph = true;
    if (!line.flowed) finish_paragraph();
  }
  if (in_paragraph) finish_paragraph();
  // Keep the caller's convention for the final newline.
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

}  // namespace pbem::mail
