#include "mail/text_wrap.h"

#include <vector>

namespace pbem::mail {

namespace {

// The column at which a folded line continues, or npos to leave the line alone.
std::size_t hanging_column(std::string_view line) {
  if (line.find("+-+") != std::string_view::npos) return std::string_view::npos;  // a drawing
  const std::size_t indent = line.find_first_not_of(' ');
  if (indent == std::string_view::npos) return std::string_view::npos;
  std::size_t gap_end = std::string_view::npos;  // where the one run of blanks ends
  for (std::size_t i = indent; i + 1 < line.size(); ++i) {
    if (line[i] != ' ' || line[i + 1] != ' ') continue;
    if (gap_end != std::string_view::npos) return std::string_view::npos;  // two runs: a table or a board
    std::size_t end = i;
    while (end < line.size() && line[end] == ' ') ++end;
    gap_end = end;
    i = end - 1;
  }
  return gap_end == std::string_view::npos ? indent : gap_end;
}

void fold(std::string_view line, std::size_t width, std::string& out) {
  const std::size_t hang = hanging_column(line);
  // Folding into a column narrower than this helps nobody.
  constexpr std::size_t narrowest = 24;
  if (line.size() <= width || hang == std::string_view::npos || hang + narrowest > width) {
    out += line;
    return;
  }
  std::vector<std::string_view> pieces;
  std::size_t start = 0;  // of the current piece within `line`
  std::size_t prefix = 0; // blanks that precede the piece once folded (0 for the first)
  while (prefix + (line.size() - start) > width) {
    // The last single blank at or before the width, past the hanging column.
    std::size_t cut = std::string_view::npos;
    for (std::size_t i = start; i < line.size() && prefix + (i - start) <= width; ++i)
      if (line[i] == ' ' && i > hang && line[i - 1] != ' ' && i + 1 < line.size() && line[i + 1] != ' ') cut = i;
    if (cut == std::string_view::npos) break;  // one word longer than the line
    pieces.push_back(line.substr(start, cut - start));
    start = cut + 1;
    prefix = hang;
  }
  pieces.push_back(line.substr(start));
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (i > 0) {
      out += '\n';
      out.append(hang, ' ');
    }
    out += pieces[i];
  }
}

}  // namespace

std::string wrap_text(std::string_view text, std::size_t width) {
  std::string out;
  out.reserve(text.size() + text.size() / 32);
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    const bool last = end == std::string_view::npos;
    if (last) end = text.size();
    fold(text.substr(start, end - start), width, out);
    if (!last) out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace pbem::mail
