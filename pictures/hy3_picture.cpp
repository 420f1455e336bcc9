#include "pictures/hy3_picture.h"

#include <algorithm>
#include <cmath>

#include "pictures/hex_layout.h"
#include "pictures/stroke_font.h"

namespace pbem::pictures {
namespace {

constexpr Rgb kRed{0.82, 0.16, 0.16};
constexpr Rgb kBlue{0.16, 0.32, 0.82};
constexpr double kUnit = 22;
constexpr double kBorder = 8;           // pixels around the board, besides the row letters' room
constexpr double kCellLabel = 0.75;     // the numbers in empty cells: at most this many radii tall
constexpr double kLetterGap = 0.4;      // between a row letter and its row, in letter heights
constexpr double kRowPitch = 1.5;       // radii from one row to the next
constexpr double kLetterRoom = 0.8;     // of the pitch, at most, for a row letter and its strokes

struct Layout {
  Frame frame;
  double cell_label = 0, row_label = 0;
};

// The frame with room for row letters `row_label` pixels tall on the left.
Frame frame_for(const std::vector<Hex>& cells, double row_label) {
  const double left = kBorder + text_width(1, row_label) + kLetterGap * row_label;
  return pointy_frame(cells, kUnit, {left, kBorder, kBorder, kBorder});
}

Layout layout_of(const Hy3Board& board) {
  std::vector<Hex> cells;
  for (int c = 0; c < board.cell_count(); ++c) cells.push_back(board.hex(c));
  // The row letters are as tall as a phone needs at the picture's width, and the width
  // follows from the room they take: a few rounds settle both (to well under a pixel). On
  // the largest boards the rows are closer than that: the letters keep clear of each other.
  double row_label = kMinLabelHeight + 1;
  for (int round = 0; round < 6; ++round) {
    const Frame frame = frame_for(cells, row_label);
    row_label = std::min(rim_label_height(frame.width()), kLetterRoom * kRowPitch * frame.unit());
  }
  const Frame frame = frame_for(cells, row_label);
  std::size_t longest = 0;
  for (int row = 0; row < board.row_count(); ++row)
    longest = std::max(longest, std::to_string(board.row_cells(row).size()).size());
  return {frame, pointy_label_height(frame.unit(), longest, kCellLabel), row_label};
}

}  // namespace

LabelSizes hy3_label_sizes(const Hy3& game) {
  const Layout layout = layout_of(game.board());
  return {layout.frame.width(), layout.cell_label, layout.row_label};
}

std::string draw_hy3_picture(const Hy3& game) {
  const Hy3Board& board = game.board();
  const Layout layout = layout_of(board);
  const Frame& frame = layout.frame;
  Canvas canvas(frame.width(), frame.height());
  cairo_t* cr = canvas.cr();

  const std::vector<int> winning = game.winning_cells();
  const std::string last = game.ply_count() > 0 ? game.record().back() : std::string();
  for (int row = 0; row < board.row_count(); ++row) {
    const std::vector<int>& row_cells = board.row_cells(row);
    for (std::size_t k = 0; k < row_cells.size(); ++k) {
      const int c = row_cells[k];
      StoneCell cell;
      cell.at = board.hex(c);
      // Its number in the row; the row's letter stands on the left (a cell is named
      // letter and number, d4, as in the text's diagram).
      cell.label = std::to_string(k + 1);
      cell.label_height = layout.cell_label;
      if (int s = game.stone(c); s >= 0) cell.stone = s == 0 ? kRed : kBlue;
      cell.last = board.label(c) == last;
      cell.winning = std::find(winning.begin(), winning.end(), c) != winning.end();
      draw_pointy_cell(cr, frame, cell);
    }
  }
  // Row letters left of each row's first cell.
  set_colour(cr, palette::label);
  const double h = layout.row_label;
  for (int row = 0; row < board.row_count(); ++row) {
    const Point first = frame.map(pointy_centre(board.hex(board.row_cells(row).front())));
    const std::string letter(1, static_cast<char>('a' + row));
    const double x = first.x - std::sqrt(3.0) / 2 * frame.unit() - kLetterGap * h - text_width(1, h) / 2;
    draw_text(cr, letter, x, first.y, h);
  }
  return canvas.png();
}

}  // namespace pbem::pictures
