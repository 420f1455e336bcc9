#include "mail/html_page.h"

#include <algorithm>

namespace pbem::mail {
namespace {

constexpr std::string_view kPre = "<pre style=\"font-family: monospace; overflow-x: auto; max-width: 100%;\">\n";

// A line of prose this long that does not end a sentence (. ! ? :) was wrapped to fit a
// mail's 72-78 columns: the next line continues it.
constexpr std::size_t kWrappedLine = 60;

bool blank(char c) { return c == ' ' || c == '\t'; }

bool blank_line(std::string_view line) { return std::all_of(line.begin(), line.end(), blank); }

// The text's lines without their '\n' (a final line break ends the last line; it does not
// start an empty one).
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

std::string_view right_trimmed(std::string_view line) {
  while (!line.empty() && blank(line.back())) line.remove_suffix(1);
  return line;
}

// Lines as they are, in one <pre> (the newline after <pre> is ignored by HTML, so the
// first line keeps its first column).
template <typename Line>
void append_pre(std::string& html, const std::vector<Line>& lines) {
  html += kPre;
  for (std::string_view line : lines) html += html_escape(right_trimmed(line)) + "\n";
  html += "</pre>\n";
}

// Aligned lines from lines[i] on, and blank lines only when more aligned lines follow them.
TextBlock aligned_block(const std::vector<std::string_view>& lines, std::size_t& i) {
  std::size_t last = i;
  for (std::size_t j = i; j < lines.size(); ++j) {
    if (column_aligned(lines[j])) last = j;
    else if (!blank_line(lines[j])) break;
  }
  TextBlock block{true, {}};
  for (; i <= last; ++i) block.lines.emplace_back(right_trimmed(lines[i]));
  return block;
}

// Prose from lines[i] on, up to a blank or an aligned line.
TextBlock prose_block(const std::vector<std::string_view>& lines, std::size_t& i) {
  TextBlock block{false, {}};
  bool wrapped = false;  // the line before was wrapped for a mail's width
  for (; i < lines.size() && !blank_line(lines[i]) && !column_aligned(lines[i]); ++i) {
    std::string_view line = right_trimmed(lines[i]);
    while (!line.empty() && blank(line.front())) line.remove_prefix(1);  // HTML would drop them
    if (wrapped) block.lines.back() += "\n" + std::string(line);
    else block.lines.emplace_back(line);
    wrapped = line.size() >= kWrappedLine && std::string_view(".!?:").find(line.back()) == std::string_view::npos;
  }
  return block;
}

// Prose and unmarked column-aligned lines, in the order they come.
void append_text(std::string& html, std::string_view text) {
  for (const TextBlock& block : text_blocks(text)) {
    if (block.aligned) {
      append_pre(html, block.lines);
      continue;
    }
    html += "<p>";
    for (std::size_t i = 0; i < block.lines.size(); ++i) html += (i ? "<br>\n" : "") + html_escape(block.lines[i]);
    html += "</p>\n";
  }
}

// A marked board: every line as it is, blank lines inside it too (not those around it).
void append_board(std::string& html, std::string_view board) {
  std::vector<std::string_view> lines = lines_of(board);
  while (!lines.empty() && blank_line(lines.front())) lines.erase(lines.begin());
  while (!lines.empty() && blank_line(lines.back())) lines.pop_back();
  if (!lines.empty()) append_pre(html, lines);
}

// A picture as wide as the screen at most.
void append_picture(std::string& html, const std::string& content_id) {
  html += "<p><img src=\"cid:" + html_escape(content_id) +
          "\" alt=\"The board (the same position is drawn as text below)\" style=\"max-width: 100%; height: auto;\"></p>\n";
}

// One link: inline-block so that min-width and min-height hold, a line as high as the
// target, and a margin so that neighbouring targets never touch (clients drop <style>
// elements, so the style stands on each link).
constexpr std::string_view kLinkOpen = "<a style=\"display:inline-block;min-width:24px;min-height:24px;line-height:24px;"
                                       "margin:3px;padding:0 4px;text-align:center;\" href=\"";

void append_links(std::string& html, const BoardLinks& links) {
  html += "<div>\n";
  if (!links.heading.empty()) html += "<p>" + html_escape(links.heading) + "</p>\n";
  for (const std::vector<PageLink>& row : links.rows) {
    html += "<div>\n";
    for (const PageLink& link : row)
      html += std::string(kLinkOpen) + html_escape(link.href) + "\">" + html_escape(link.label) + "</a>\n";
    html += "</div>\n";
  }
  html += "</div>\n";
}

}  // namespace

std::size_t page_link_overhead() { return kLinkOpen.size() + std::string_view("\"></a>\n").size(); }

std::vector<TextBlock> text_blocks(std::string_view text) {
  const std::vector<std::string_view> lines = lines_of(text);
  std::vector<TextBlock> blocks;
  std::size_t i = 0;
  while (i < lines.size()) {
    if (blank_line(lines[i])) ++i;
    else if (column_aligned(lines[i])) blocks.push_back(aligned_block(lines, i));
    else blocks.push_back(prose_block(lines, i));
  }
  return blocks;
}

bool column_aligned(std::string_view line) {
  line = right_trimmed(line);
  if (line.find('\t') != std::string_view::npos || line.starts_with("  ")) return true;
  for (std::string_view box : {"+-", "-+", "+*", "*+"})
    if (line.find(box) != std::string_view::npos) return true;
  int gaps = 0;
  for (std::size_t i = 1; i + 1 < line.size(); ++i) {
    if (line[i] != ' ' || line[i + 1] != ' ' || line[i - 1] == ' ') continue;  // not the start of a gap of 2+
    const char before = line[i - 1];
    if (before != '.' && before != '!' && before != '?') ++gaps;
  }
  return gaps >= 2;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string html_page(const std::string& title, const std::string& text, const std::vector<TextRange>& boards,
                      const std::vector<PagePicture>& pictures, const std::vector<BoardLinks>& links) {
  std::string html =
      "<!DOCTYPE html>\n"
      "<html>\n"
      "<head>\n"
      "<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>" + html_escape(title) + "</title>\n"
      "</head>\n"
      "<body style=\"overflow-wrap: anywhere; word-break: break-word;\">\n";
  const std::string_view all(text);
  std::size_t done = 0;
  auto picture = pictures.begin();
  // The text up to `to` (pictures that stand in it first), then nothing more before it.
  const auto text_until = [&](std::size_t to) {
    for (; picture != pictures.end() && std::max(picture->at, done) < to; ++picture) {
      const std::size_t at = std::max(picture->at, done);
      append_text(html, all.substr(done, at - done));
      done = at;
      append_picture(html, picture->content_id);
    }
    append_text(html, all.substr(done, to - done));
    done = to;
  };
  for (std::size_t index = 0; index < boards.size(); ++index) {
    const TextRange& board = boards[index];
    if (board.begin < done || board.end <= board.begin || board.end > text.size()) continue;
    text_until(board.begin);
    // A picture placed at the board's own first byte stands above it.
    for (; picture != pictures.end() && picture->at <= board.begin; ++picture)
      append_picture(html, picture->content_id);
    append_board(html, all.substr(board.begin, board.end - board.begin));
    for (const BoardLinks& under : links)
      if (under.board == index) append_links(html, under);
    done = board.end;
  }
  text_until(text.size());
  // Pictures placed at the very end (or past it).
  for (; picture != pictures.end(); ++picture)
    append_picture(html, picture->content_id);
  html += "</body>\n</html>\n";
  return html;
}

}  // namespace pbem::mail
