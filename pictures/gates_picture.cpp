#include "pictures/gates_picture.h"

#include <algorithm>
#include <cmath>

#include "pictures/canvas.h"
#include "pictures/label_size.h"
#include "pictures/picture.h"
#include "pictures/stroke_font.h"

namespace pbem::pictures {
namespace {

using gates::Board;

constexpr Rgb kTileFace{0.60, 0.55, 0.47};
constexpr Rgb kDarkPath{0.12, 0.30, 0.85};
constexpr Rgb kLightPath{1.0, 1.0, 1.0};
constexpr double kUnit = 22;
constexpr double kBorder = 8;        // pixels around the board, besides the column letters' room
constexpr double kCellLabel = 0.62;  // the names in empty cells: at most this many radii tall
constexpr double kLetterGap = 0.4;   // between a column letter and its column, in letter heights
const double kRoot3 = std::sqrt(3.0);


// The board's doubled coordinates (X = 3q + dx, Y = 2r + q + dy) in world units where a
// tile's circumradius is 1.
Point world(std::pair<int, int> doubled) { return {doubled.first / 2.0, doubled.second * kRoot3 / 2}; }
Point cell_centre(const Board& board, int cell) {
  const Hex h = board.hex(cell);
  return world({3 * h.q, 2 * h.r + h.q});
}
Point corner_point(const Board& board, int cell, flat::Corner corner) {
  const Point c = cell_centre(board, cell);
  const auto [dx, dy] = gates::corner_offsets[static_cast<std::size_t>(corner)];
  const Point offset = world({dx, dy});
  return {c.x + offset.x, c.y + offset.y};
}

Point lerp(Point a, Point b, double t) { return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; }

// A band bends through the tile's centre: a cubic with both control points two thirds of
// the way to the centre (the quadratic through it).
void band_path(cairo_t* cr, Point from, Point centre, Point to) {
  const Point c1 = lerp(from, centre, 2.0 / 3), c2 = lerp(to, centre, 2.0 / 3);
  cairo_new_path(cr);
  cairo_move_to(cr, from.x, from.y);
  cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, to.x, to.y);
}

void stub_path(cairo_t* cr, Point from, Point centre) {
  const Point end = lerp(from, centre, 0.42);
  cairo_new_path(cr);
  cairo_move_to(cr, from.x, from.y);
  cairo_line_to(cr, end.x, end.y);
}

// The frame around the board's tiles with room for column letters `column_label` pixels
// tall above.
Frame gates_frame(const Board& board, double column_label) {
  Point min{1e9, 1e9}, max{-1e9, -1e9};
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    const Point c = cell_centre(board, cell);
    min = {std::min(min.x, c.x - 1), std::min(min.y, c.y - kRoot3 / 2)};
    max = {std::max(max.x, c.x + 1), std::max(max.y, c.y + kRoot3 / 2)};
  }
  const Margins margins{kBorder, kBorder + (1 + kLetterGap) * column_label, kBorder, kBorder};
  const double unit = std::min(kUnit, (kMaxWidth - margins.left - margins.right) / (max.x - min.x));
  return Frame(min, max, unit, margins);
}

struct Layout {
  Frame frame;
  double cell_label = 0, column_label = 0;
};

Layout layout_of(const Board& board) {
  // The column letters are as tall as a phone needs at the picture's width, and the width
  // depends on their room (through the largest unit that fits): a few rounds settle both.
  double column_label = kMinLabelHeight + 1;
  for (int round = 0; round < 6; ++round) column_label = rim_label_height(gates_frame(board, column_label).width());
  const Frame frame = gates_frame(board, column_label);
  std::size_t longest = 0;
  for (int cell = 0; cell < board.cell_count(); ++cell) longest = std::max(longest, board.label(cell).size());
  // A flat-top cell is 2 radii across at its centre, less 2 / sqrt(3) of the height above or
  // below it; the label keeps some air to the sides.
  const double unit = frame.unit(), most = kCellLabel * unit;
  const double across = 0.84 * (2 * unit - most / kRoot3);
  return {frame, std::min(most, text_height_for_width(longest, across)), column_label};
}

class GatesDrawing {
 public:
  GatesDrawing(const Gates& game, const Layout& layout, cairo_t* cr)
      : game_(game), board_(game.board()), frame_(layout.frame), layout_(layout), cr_(cr), path_(game.deciding_path()) {}

  void cell(int cell) {
    const double unit = frame_.unit();
    const Point centre = map(cell_centre(board_, cell));
    std::vector<Point> corners;
    for (int k = 0; k < 6; ++k) corners.push_back(map(corner_point(board_, cell, static_cast<flat::Corner>(k))));
    polygon_path(cr_, corners);
    const auto tile = game_.position().tile(cell);
    set_colour(cr_, tile ? kTileFace : palette::cell);
    cairo_fill_preserve(cr_);
    set_colour(cr_, palette::grid);
    cairo_set_line_width(cr_, std::max(1.0, unit / 14));
    cairo_stroke(cr_);
    if (!tile) {
      set_colour(cr_, palette::cell_label);
      draw_text(cr_, board_.label(cell), centre.x, centre.y, layout_.cell_label);
      return;
    }
    const gates::TileShape& shape = gates::tile_shapes[static_cast<std::size_t>(tile->shape)];
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_BUTT);
    // Winning band outlines first, so the bands themselves stay on top.
    for (bool outline : {true, false}) {
      for (const auto& band : {shape.band_a, shape.band_b}) {
        band_path(cr_, corners[band[0]], centre, corners[band[1]]);
        stroke_band(cell, band[0], outline);
      }
      for (flat::Corner stub : {shape.stub_a, shape.stub_b}) {
        stub_path(cr_, corners[stub], centre);
        stroke_band(cell, stub, outline);
      }
    }
    if (game_.last_cell() == cell) {
      polygon_path(cr_, hexagon_corners(centre, unit * 0.84, false));
      set_colour(cr_, palette::last_move);
      cairo_set_line_width(cr_, unit * 0.14);
      cairo_stroke(cr_);
    }
  }

  // Hex Gates: each player's two sides as a thick line along the rim (dark blue, light
  // grey), since either colour's paths cross the whole board and only the sides tell whose
  // goal a path is.
  void hex_goal_sides() {
    if (board_.kind() != gates::BoardKind::hex) return;
    constexpr Rgb kLightSide{0.72, 0.72, 0.72};
    cairo_set_line_width(cr_, frame_.unit() * 0.22);
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_ROUND);
    for (int cell = 0; cell < board_.cell_count(); ++cell) {
      for (int d = 0; d < 6; ++d) {
        const unsigned sides = board_.edge_sides(cell, static_cast<flat::Direction>(d));
        if (sides == 0) continue;
        const auto [a, b] = flat::edge_corners[static_cast<std::size_t>(d)];
        const Point from = map(corner_point(board_, cell, a)), to = map(corner_point(board_, cell, b));
        cairo_new_path(cr_);
        cairo_move_to(cr_, from.x, from.y);
        cairo_line_to(cr_, to.x, to.y);
        set_colour(cr_, (sides & gates::side::hex_dark) ? kDarkPath : kLightSide);
        cairo_stroke(cr_);
      }
    }
  }

  // Column letters above each column's top cell.
  void column_letters() {
    set_colour(cr_, palette::label);
    for (int column = 0; column < board_.column_count(); ++column) {
      std::optional<Point> top;
      for (int cell = 0; cell < board_.cell_count(); ++cell) {
        const std::string& label = board_.label(cell);
        if (label.empty() || label[0] - 'a' != column) continue;
        const Point p = map(cell_centre(board_, cell));
        if (!top || p.y < top->y) top = p;
      }
      const double h = layout_.column_label;
      if (top)
        draw_text(cr_, std::string(1, static_cast<char>('a' + column)), top->x,
                  top->y - kRoot3 / 2 * frame_.unit() - kLetterGap * h - h / 2, h);
    }
  }

 private:
  Point map(Point world_point) const { return frame_.map(world_point); }

  void stroke_band(int cell, flat::Corner corner, bool outline) {
    const double unit = frame_.unit();
    if (outline) {
      if (!path_ || !game_.on_deciding_path(*path_, cell, corner)) return;
      set_colour(cr_, palette::winning);
      cairo_set_line_width(cr_, unit * 0.52);
    } else {
      set_colour(cr_, game_.position().corner_colour_at(cell, corner) == gates::kDark ? kDarkPath : kLightPath);
      cairo_set_line_width(cr_, unit * 0.26);
    }
    cairo_stroke(cr_);
  }

  const Gates& game_;
  const Board& board_;
  const Frame& frame_;
  const Layout& layout_;
  cairo_t* cr_;
  std::optional<gates::DecidingPath> path_;
};

}  // namespace

LabelSizes gates_label_sizes(const Gates& game) {
  const Layout layout = layout_of(game.board());
  return {layout.frame.width(), layout.cell_label, layout.column_label};
}

std::string draw_gates_picture(const Gates& game) {
  const Layout layout = layout_of(game.board());
  Canvas canvas(layout.frame.width(), layout.frame.height());
  GatesDrawing drawing(game, layout, canvas.cr());
  for (int cell = 0; cell < game.board().cell_count(); ++cell) drawing.cell(cell);
  drawing.hex_goal_sides();
  drawing.column_letters();
  return canvas.png();
}

}  // namespace pbem::pictures
