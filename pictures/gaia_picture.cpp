#include "pictures/gaia_picture.h"

#include <algorithm>

#include "pictures/hex_layout.h"

namespace pbem::pictures {
namespace {

constexpr Rgb kBlack{0.12, 0.12, 0.12};
constexpr Rgb kWhite{0.98, 0.98, 0.98};
constexpr Rgb kEdge{0.80, 0.86, 0.78};  // the edge ring, whose cells come in opposed pairs
constexpr double kUnit = 20, kMargin = 12;

}  // namespace

std::string draw_gaia_picture(const Gaia& game) {
  const GaiaBoard& board = game.board();
  std::vector<Hex> cells;
  for (int c = 0; c < board.cell_count(); ++c) cells.push_back(board.drawn_position(c));
  const Frame frame = pointy_frame(cells, kUnit, kMargin);
  Canvas canvas(frame.width(), frame.height());

  const std::vector<int> winning = game.winning_cells();
  // The last placement: its cell, and for an edge stone the partner it also filled.
  std::vector<int> last;
  if (game.ply_count() > 0) {
    const auto found = board.find(game.record().back());
    if (found.error.empty()) {
      last.push_back(found.cell);
      if (board.is_edge(found.cell)) last.push_back(board.opposed(found.cell));
    }
  }
  for (int c = 0; c < board.cell_count(); ++c) {
    StoneCell cell;
    cell.at = board.drawn_position(c);
    cell.label = board.label(c);
    cell.face = board.is_pentagon(c) ? palette::cell_special : board.is_edge(c) ? kEdge : palette::cell;
    if (auto s = game.stone(c)) cell.stone = *s == 0 ? kBlack : kWhite;
    cell.last = std::find(last.begin(), last.end(), c) != last.end();
    cell.winning = std::find(winning.begin(), winning.end(), c) != winning.end();
    draw_pointy_cell(canvas.cr(), frame, cell);
  }
  return canvas.png();
}

}  // namespace pbem::pictures
