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

}  // namespace

std::string render_tile(Tile tile) {
  Canvas canvas(box_rows, box_columns);
  draw_outline(canvas, 0, 0);
  draw_tile(canvas, 0, 0, tile);
  return canvas.text();
}

std::string render_board(const Position& position, std::optional<int> last_cell) {
  const Board& board = position.board();
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

std::string goal_lines(BoardKind kind) {
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
  return goal + "Key: dark paths are o, light paths are blank; * marks the last tile placed.\n";
}

}  // namespace pbem::gates
