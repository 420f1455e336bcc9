#include "pictures/hex_layout.h"

#include <algorithm>

#include "pictures/picture.h"
#include "pictures/stroke_font.h"

namespace pbem::pictures {

double fitting_unit(double world_width, double preferred, const Margins& margins) {
  return std::min(preferred, (kMaxWidth - margins.left - margins.right) / world_width);
}

double pointy_label_height(double unit, std::size_t characters, double most) {
  // A pointy-top cell is sqrt(3) radii across between its vertical sides, which reach half
  // a radius above and below the centre: a label up to one radius tall has that width.
  constexpr double kRoom = 0.84;  // of the width, the rest is air between label and sides
  return std::min(std::min(most, 1.0) * unit, text_height_for_width(characters, kRoom * std::sqrt(3.0) * unit));
}

Frame pointy_frame(const std::vector<Hex>& cells, double preferred_unit, const Margins& margins) {
  Point min{1e9, 1e9}, max{-1e9, -1e9};
  for (Hex h : cells) {
    const Point c = pointy_centre(h);
    min = {std::min(min.x, c.x - std::sqrt(3.0) / 2), std::min(min.y, c.y - 1)};
    max = {std::max(max.x, c.x + std::sqrt(3.0) / 2), std::max(max.y, c.y + 1)};
  }
  return Frame(min, max, fitting_unit(max.x - min.x, preferred_unit, margins), margins);
}

void draw_pointy_cell(cairo_t* cr, const Frame& frame, const StoneCell& cell) {
  const double unit = frame.unit();
  const Point centre = frame.map(pointy_centre(cell.at));
  polygon_path(cr, hexagon_corners(centre, unit, true));
  set_colour(cr, cell.face);
  cairo_fill_preserve(cr);
  set_colour(cr, palette::grid);
  cairo_set_line_width(cr, std::max(1.0, unit / 14));
  cairo_stroke(cr);
  if (cell.winning) {
    polygon_path(cr, hexagon_corners(centre, unit * 0.86, true));
    set_colour(cr, palette::winning);
    cairo_set_line_width(cr, unit * 0.18);
    cairo_stroke(cr);
  }
  if (cell.stone) {
    draw_stone(cr, centre, unit * 0.66, *cell.stone);
    if (cell.last) {
      const Smooth smooth(cr);
      cairo_new_path(cr);
      cairo_arc(cr, centre.x, centre.y, unit * 0.24, 0, 2 * 3.14159265358979);
      set_colour(cr, palette::last_move);
      cairo_fill(cr);
    }
  } else {
    set_colour(cr, palette::cell_label);
    draw_text(cr, cell.label, centre.x, centre.y, cell.label_height);
  }
}

}  // namespace pbem::pictures
