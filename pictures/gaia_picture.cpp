#include "pictures/gaia_picture.h"

#include <algorithm>

#include "pictures/hex_layout.h"

namespace pbem::pictures {
namespace {

constexpr Rgb kBlack{0.12, 0.12, 0.12};
constexpr Rgb kWhite{0.98, 0.98, 0.98};
constexpr double kUnit = 24, kMargin = 8;
constexpr double kCellLabel = 0.75;  // the names in empty cells: at most this many radii tall

struct Layout {
  Frame frame;
  double cell_label = 0;
};

Layout layout_of(const GaiaBoard& board) {
  std::vector<Hex> cells;
  std::size_t longest = 0;
  for (int c = 0; c < board.cell_count(); ++c) {
    cells.push_back(board.drawn_position(c));
    longest = std::max(longest, board.label(c).size());
  }
  const Frame frame = pointy_frame(cells, kUnit, {kMargin, kMargin, kMargin, kMargin});
  return {frame, pointy_label_height(frame.unit(), longest, kCellLabel)};
}

}  // namespace

LabelSizes gaia_label_sizes(const Gaia& game) {
  const Layout layout = layout_of(game.board());
  return {layout.frame.width(), layout.cell_label, 0};
}

std::string draw_gaia_picture(const Gaia& game) {
  const GaiaBoard& board = game.board();
  const Layout layout = layout_of(board);
  Canvas canvas(layout.frame.width(), layout.frame.height());

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
    cell.label_height = layout.cell_label;
    cell.face = board.is_pentagon(c) ? palette::cell_special : board.is_edge(c) ? palette::cell_edge : palette::cell;
    if (auto s = game.stone(c)) cell.stone = *s == 0 ? kBlack : kWhite;
    cell.last = std::find(last.begin(), last.end(), c) != last.end();
    cell.winning = std::find(winning.begin(), winning.end(), c) != winning.end();
    draw_pointy_cell(canvas.cr(), layout.frame, cell);
  }
  return canvas.png();
}

}  // namespace pbem::pictures
