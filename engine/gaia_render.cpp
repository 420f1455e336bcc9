#include "engine/gaia_render.h"

#include <algorithm>
#include <climits>

namespace pbem {

namespace {

constexpr int cell_width = 4;   // "*d10": pentagon mark, then a 3-character field
constexpr std::size_t mail_width = 78;
// Pair letters: every capital but X and O, which are the stones. 24 covers size 8 (3n pairs).
constexpr std::string_view pair_letters = "ABCDEFGHIJKLMNPQRSTUVWYZ";
static_assert(pair_letters.size() >= 3 * GaiaBoard::max_size);

std::string pair_letter(const GaiaBoard& board, int cell) {
  return std::string(1, pair_letters[static_cast<std::size_t>(board.pair_of(cell))]);
}

// Text placed at (line, column) on a canvas that starts blank.
class Canvas {
 public:
  Canvas(int lines, int columns)
      : lines_(static_cast<std::size_t>(lines), std::string(static_cast<std::size_t>(columns), ' ')) {}

  void put(int line, int column, std::string_view text) {
    std::string& row = lines_[static_cast<std::size_t>(line)];
    for (std::size_t i = 0; i < text.size(); ++i) row[static_cast<std::size_t>(column) + i] = text[i];
  }

  // The lines without trailing blanks and without the blank margin they all share.
  std::string text() const {
    std::size_t margin = std::string::npos;
    for (const auto& row : lines_)
      if (auto first = row.find_first_not_of(' '); first != std::string::npos) margin = std::min(margin, first);
    std::string out;
    for (const auto& row : lines_) {
      auto last = row.find_last_not_of(' ');
      if (last == std::string::npos) continue;
      out += row.substr(margin, last + 1 - margin) + "\n";
    }
    return out;
  }

 private:
  std::vector<std::string> lines_;
};

// The 4-character picture of one cell: a pentagon mark, then the label of an empty cell
// or the stone (in parentheses if it was just placed).
std::string cell_text(const GaiaBoard& board, int cell, std::int8_t stone, bool just_placed) {
  std::string text(1, board.is_pentagon(cell) ? '*' : ' ');
  if (stone < 0) return text + board.label(cell);
  char mark = stone == 0 ? 'X' : 'O';
  return text + (just_placed ? '(' : ' ') + mark + (just_placed ? ')' : ' ');
}

// Units joined by single blanks, wrapped to the mail width between units.
std::string wrapped(const std::vector<std::string>& words) {
  std::string out, line;
  for (const auto& word : words) {
    if (!line.empty() && line.size() + 1 + word.size() > mail_width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return line.empty() ? out : out + line + "\n";
}

}  // namespace

std::string draw_gaia_board(const GaiaBoard& board, const std::vector<std::int8_t>& stones,
                            const std::vector<int>& last_placed) {
  // Canvas geometry: a pointy-top row r is one line; column 2 * (2q + r) in characters, so
  // cells sit cell_width apart and each row is offset half a cell from the next.
  int top = INT_MAX, bottom = INT_MIN, left = INT_MAX, right = INT_MIN;
  auto column_of = [](Hex h) { return 2 * (2 * h.q + h.r); };
  for (int c = 0; c < board.cell_count(); ++c) {
    Hex h = board.drawn_position(c);
    top = std::min(top, h.r);
    bottom = std::max(bottom, h.r);
    left = std::min(left, column_of(h));
    right = std::max(right, column_of(h));
  }
  // One spare line above and below and a spare cell each side for the pair letters.
  const int first_line = top - 1;
  const int first_column = left - cell_width;
  Canvas canvas(bottom - top + 3, right - left + 3 * cell_width);

  const int n = board.size();
  for (int c = 0; c < board.cell_count(); ++c) {
    Hex h = board.drawn_position(c);
    const int line = h.r - first_line;
    const int column = column_of(h) - first_column;
    bool just_placed = std::find(last_placed.begin(), last_placed.end(), c) != last_placed.end();
    canvas.put(line, column, cell_text(board, c, stones[static_cast<std::size_t>(c)], just_placed));
    if (!board.is_edge(c)) continue;
    // The pair letter goes just outside the edge: above the top band, below the bottom
    // band, after the right-hand bands and before the left-hand ones.
    const std::string letter = pair_letter(board, c);
    switch (board.index_of(c) / n) {
      case 0: canvas.put(line - 1, column + 2, letter); break;
      case 3: canvas.put(line + 1, column + 2, letter); break;
      case 1:
      case 2: canvas.put(line, column + cell_width + 1, letter); break;
      default: canvas.put(line, column - 1, letter); break;
    }
  }
  return canvas.text();
}

std::string gaia_key(const GaiaBoard& board) {
  const int n = board.size();
  const int edge = board.edge_ring();
  std::string out = "X black, O white, (X) last move, * pentagon (five neighbours).\n";

  std::vector<std::string> words{"Opposed", "edge", "pairs", "carry", "the", "same", "letter:"};
  for (int p = 0; p < board.pair_count(); ++p) {
    int first = board.cell(edge, p), second = board.opposed(first);
    // Letter and cells as one unit, so a line never breaks between them.
    words.push_back(pair_letter(board, first) + " " + board.label(first) + "-" + board.label(second) + (p + 1 < board.pair_count() ? "," : "."));
  }
  out += wrapped(words);

  // The notch at the pentagon between sides 0 and 1, as an example of what touches there.
  auto across = [&](int ring, int index) { return board.label(board.cell(ring, index)); };
  std::string touching = across(n + 1, n - 1) + "-" + across(n + 1, n);
  if (n + 2 <= edge)
    touching += ", " + across(n + 2, n - 1) + "-" + across(n + 2, n) + ", " + across(n + 2, n - 1) + "-" +
                across(n + 1, n);
  out += wrapped({"Blank", "notches", "close", "up:", "cells", "on", "either", "side", "touch",
                  "(" + touching + ")."});
  return out;
}

}  // namespace pbem
