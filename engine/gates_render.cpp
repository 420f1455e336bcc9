#include "engine/gates_render.h"

#include <algorithm>
#include <array>
#include <climits>
#include <string_view>
#include <vector>

namespace pbem::gates {

namespace {

// Each tile is drawn in a 5 x 9 box whose corners `+` sit on the board vertices:
//
//     ..+...+..      rows 0 and 4: the top and bottom edges, shared with the tiles above
//     ./.....\.      and below; rows 1 and 3: the slanted edges (columns 1 and 7), shared
//     +.......+      with the diagonal neighbours. Next column: 6 right, 2 down/up.
//     .\...../.
//     ..+...+..
//
// The templates say which corner class paints each position: 'A' (dark in parity 0) or
// 'B' (light in parity 0); parity 1 swaps the colours, so d, e, f are a, b, c with the
// paint inverted. In parity 0 they reproduce the pbmserv help pictures exactly. The top and
// bottom edge positions next to a corner always show that corner's own colour, so tiles
// sharing an edge agree there.
constexpr std::array<std::array<std::string_view, 5>, 3> templates{{
    {{"  +A-B+", " BAABBBA", "+BAABBAA+", " BAABBBA", "  +A-B+"}},  // a: bands TL-BL, TR-BR
    {{"  +A-B+", " AAAABBB", "+BBBAAAA+", " AABBBAA", "  +A-B+"}},  // b: bands TL-R, BR-L
    {{"  +A-B+", " AABBBAA", "+BBBAAAA+", " AAAABBB", "  +A-B+"}},  // c: bands BL-R, L-TR
}};

constexpr std::array<std::string_view, 5> outline{{"  +---+", " /     \\", "+       +", " \\     /", "  +---+"}};

constexpr int box_rows = 5;
constexpr int box_columns = 9;

// An edge position lies on the outline shared with a neighbour; the rest of the box is the
// tile's own interior.
constexpr bool on_edge(int row, int column) {
  return row == 0 || row == box_rows - 1 || ((row == 1 || row == 3) && (column == 1 || column == box_columns - 2));
}

class Canvas {
 public:
  Canvas(int rows, int columns) : lines_(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(columns), ' ')) {}
  char& at(int row, int column) { return lines_[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)]; }
  std::string text() const {
    std::string out;
    for (const std::string& line : lines_) {
      auto end = line.find_last_not_of(' ');
      out += end == std::string::npos ? std::string() : line.substr(0, end + 1);
      out += '\n';
    }
    return out;
  }

 private:
  std::vector<std::string> lines_;
};

void draw_outline(Canvas& canvas, int top, int left) {
  for (int row = 0; row < box_rows; ++row)
    for (int column = 0; column < static_cast<int>(outline[static_cast<std::size_t>(row)].size()); ++column) {
      char c = outline[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
      if (c != ' ') canvas.at(top + row, left + column) = c;
    }
}

// Paints a tile. Dark paint always wins, so an edge shared by two tiles shows `o` if either
// tile paints it dark, whatever order tiles are drawn in; light paint clears the interior
// (the empty cell's label) and leaves the edge outline.
void draw_tile(Canvas& canvas, int top, int left, Tile tile) {
  const auto& picture = templates[static_cast<std::size_t>(tile.shape)];
  for (int row = 0; row < box_rows; ++row) {
    std::string_view line = picture[static_cast<std::size_t>(row)];
    for (int column = 0; column < static_cast<int>(line.size()); ++column) {
      char code = line[static_cast<std::size_t>(column)];
      if (code != 'A' && code != 'B') continue;
      Colour colour = corner_colour(code == 'A' ? 0 : 1, tile.parity);
      char& c = canvas.at(top + row, left + column);
      if (colour == kDark) c = 'o';
      else if (!on_edge(row, column)) c = ' ';
    }
  }
}

// Columns of the full drawing: two characters per doubled vertex unit plus the margin.
int full_width(const Board& board) {
  int min_x = INT_MAX, max_x = INT_MIN;
  for (int v = 0; v < board.vertex_count(); ++v) {
    min_x = std::min(min_x, board.vertex_point(v).first);
    max_x = std::max(max_x, board.vertex_point(v).first);
  }
  return 2 + 2 * (max_x - min_x) + 1;
}

// The compact drawing: one character per doubled vertex unit, so a cell is
//
//      +-+        row y-1: its top edge (TL, top, TR)
//     +a1 +       row y:   L corner, three characters inside, R corner
//      +-+        row y+1: its bottom edge (BL, bottom, BR)
//
// and its slanted edges are the diagonal steps between the corners. A placed tile shows
// its letter in the middle; the legend under the board shows the six tiles' bands.
std::string render_compact(const Board& board, const Position& position, std::optional<int> last_cell) {
  int min_x = INT_MAX, max_x = INT_MIN, min_y = INT_MAX, max_y = INT_MIN;
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    const Hex h = board.hex(cell);
    min_x = std::min(min_x, 3 * h.q - 2);
    max_x = std::max(max_x, 3 * h.q + 2);
    min_y = std::min(min_y, 2 * h.r + h.q - 1);
    max_y = std::max(max_y, 2 * h.r + h.q + 1);
  }
  constexpr int margin_top = 2;  // the column letters and a blank line, above and below
  const int rows = margin_top + (max_y - min_y) + 1 + margin_top;
  Canvas canvas(rows, max_x - min_x + 1);
  auto at = [&](int x, int y) -> char& { return canvas.at(margin_top + y - min_y, x - min_x); };
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    const Hex h = board.hex(cell);
    const int x = 3 * h.q, y = 2 * h.r + h.q;
    for (int dy : {-1, 1}) {
      at(x - 1, y + dy) = '+';
      at(x, y + dy) = '-';
      at(x + 1, y + dy) = '+';
    }
    at(x - 2, y) = '+';
    at(x + 2, y) = '+';
    if (auto tile = position.tile(cell)) {
      at(x, y) = tile->letter();
    } else {
      const std::string& label = board.label(cell);
      for (std::size_t i = 0; i < label.size(); ++i) at(x - 1 + static_cast<int>(i), y) = label[i];
    }
  }
  if (last_cell) {
    const Hex h = board.hex(*last_cell);
    const int x = 3 * h.q, y = 2 * h.r + h.q;
    at(x, y - 1) = '*';
    at(x, y + 1) = '*';
  }
  for (int column = 0; column < board.column_count(); ++column) {
    const Hex h = board.hex(*board.cell_at_label(column, 1));
    const char letter = static_cast<char>('a' + column);
    canvas.at(0, 3 * h.q - min_x) = letter;
    canvas.at(rows - 1, 3 * h.q - min_x) = letter;
  }
  return canvas.text();
}

}  // namespace

bool compact_drawing(const Board& board) { return full_width(board) > kMailColumns; }

std::string tile_pictures() {
  std::vector<std::vector<std::string>> pictures;
  for (char letter = 'a'; letter <= 'f'; ++letter) {
    std::vector<std::string> lines;
    std::string drawing = render_tile(*tile_from_letter(letter));
    for (std::size_t start = 0; start < drawing.size();) {
      const std::size_t end = drawing.find('\n', start);
      lines.push_back(drawing.substr(start, end - start));
      start = end + 1;
    }
    pictures.push_back(lines);
  }
  std::string out;
  for (std::size_t row = 0; row < 6; ++row) {
    std::string line = "  ";
    for (std::size_t t = 0; t < pictures.size(); ++t) {
      std::string piece = row < 5 ? pictures[t][row] : "    " + std::string(1, static_cast<char>('a' + t));
      piece.resize(12, ' ');
      line += piece;
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

std::string render_tile(Tile tile) {
  Canvas canvas(box_rows, box_columns);
  draw_outline(canvas, 0, 0);
  draw_tile(canvas, 0, 0, tile);
  return canvas.text();
}

std::string render_board(const Position& position, std::optional<int> last_cell) {
  const Board& board = position.board();
  if (compact_drawing(board)) return render_compact(board, position, last_cell) + "\n" + tile_pictures();
  int min_x = INT_MAX, max_x = INT_MIN, min_y = INT_MAX, max_y = INT_MIN;
  for (int v = 0; v < board.vertex_count(); ++v) {
    auto [x, y] = board.vertex_point(v);
    min_x = std::min(min_x, x);
    max_x = std::max(max_x, x);
    min_y = std::min(min_y, y);
    max_y = std::max(max_y, y);
  }
  // Doubled vertex coordinates map to characters two apart in both directions; one line of
  // column letters above and below the board, a blank line between letters and board.
  constexpr int margin_left = 2, margin_top = 2;
  const int rows = margin_top + 2 * (max_y - min_y) + 1 + margin_top;
  const int columns = margin_left + 2 * (max_x - min_x) + 1;
  Canvas canvas(rows, columns);
  auto column_of = [&](int x) { return margin_left + 2 * (x - min_x); };
  auto row_of = [&](int y) { return margin_top + 2 * (y - min_y); };

  for (int cell = 0; cell < board.cell_count(); ++cell) {
    Hex h = board.hex(cell);
    const int x = 3 * h.q, y = 2 * h.r + h.q;
    draw_outline(canvas, row_of(y - 1), column_of(x - 2));
  }
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    Hex h = board.hex(cell);
    const int x = 3 * h.q, y = 2 * h.r + h.q;
    const int top = row_of(y - 1), left = column_of(x - 2);
    if (auto tile = position.tile(cell)) {
      draw_tile(canvas, top, left, *tile);
    } else {
      const std::string& label = board.label(cell);
      for (std::size_t i = 0; i < label.size(); ++i) canvas.at(top + 2, left + 3 + static_cast<int>(i)) = label[i];
    }
  }
  if (last_cell) {
    Hex h = board.hex(*last_cell);
    const int x = 3 * h.q, y = 2 * h.r + h.q;
    canvas.at(row_of(y - 1), column_of(x)) = '*';
    canvas.at(row_of(y + 1), column_of(x)) = '*';
  }
  for (int column = 0; column < board.column_count(); ++column) {
    Hex h = board.hex(*board.cell_at_label(column, 1));
    const char letter = static_cast<char>('a' + column);
    canvas.at(0, column_of(3 * h.q)) = letter;
    canvas.at(rows - 1, column_of(3 * h.q)) = letter;
  }
  return canvas.text();
}

std::string goal_lines(const Board& board) {
  const BoardKind kind = board.kind();
  std::string goal;
  switch (kind) {
    case BoardKind::y:
      goal = "Goal: a path of your colour touching all three sides (a corner touches both\n"
             "of its sides).\n";
      break;
    case BoardKind::hex:
      goal = "Goal: dark joins upper left to lower right, light lower left to upper right;\n"
             "the flat edges of the top and bottom cells count for dark only.\n";
      break;
    case BoardKind::cross:
      goal = "Goal: a path touching three non-adjacent sides wins; one joining two opposite\n"
             "sides (without such a triple) loses. Corner edges count for both sides.\n";
      break;
  }
  if (compact_drawing(board))
    return goal + "Key: a placed tile shows its letter, drawn in full above (dark paths o, light\n"
                  "paths blank); * marks the last tile placed.\n";
  return goal + "Key: dark paths are o, light paths are blank; * marks the last tile placed.\n";
}

}  // namespace pbem::gates
