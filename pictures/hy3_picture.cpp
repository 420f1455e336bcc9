#include "pictures/hy3_picture.h"

#include <algorithm>

#include "pictures/hex_layout.h"
#include "pictures/stroke_font.h"

namespace pbem::pictures {
namespace {

constexpr Rgb kRed{0.82, 0.16, 0.16};
constexpr Rgb kBlue{0.16, 0.32, 0.82};
constexpr double kUnit = 22, kMargin = 30;

}  // namespace

std::string draw_hy3_picture(const Hy3& game) {
  const Hy3Board& board = game.board();
  std::vector<Hex> cells;
  for (int c = 0; c < board.cell_count(); ++c) cells.push_back(board.hex(c));
  const Frame frame = pointy_frame(cells, kUnit, kMargin);
  Canvas canvas(frame.width(), frame.height());
  cairo_t* cr = canvas.cr();

  const std::vector<int> winning = game.winning_cells();
  const std::string last = game.ply_count() > 0 ? game.record().back() : std::string();
  for (int c = 0; c < board.cell_count(); ++c) {
    StoneCell cell;
    cell.at = board.hex(c);
    cell.label = board.label(c);
    if (int s = game.stone(c); s >= 0) cell.stone = s == 0 ? kRed : kBlue;
    cell.last = board.label(c) == last;
    cell.winning = std::find(winning.begin(), winning.end(), c) != winning.end();
    draw_pointy_cell(cr, frame, cell);
  }
  // Row letters left of each row's first cell.
  set_colour(cr, palette::label);
  for (int row = 0; row < board.row_count(); ++row) {
    const Point first = frame.map(pointy_centre(board.hex(board.row_cells(row).front())));
    const std::string letter(1, static_cast<char>('a' + row));
    draw_text(cr, letter, first.x - frame.unit() * 1.45, first.y, std::min(12.0, frame.unit() * 0.6));
  }
  return canvas.png();
}

}  // namespace pbem::pictures
