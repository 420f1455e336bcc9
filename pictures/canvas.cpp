#include "pictures/canvas.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "pictures/png_encoder.h"

namespace pbem::pictures {

Frame::Frame(Point min, Point max, double unit, Margins margins)
    : min_(min),
      unit_(unit),
      margins_(margins),
      width_(static_cast<int>(std::ceil((max.x - min.x) * unit + margins.left + margins.right))),
      height_(static_cast<int>(std::ceil((max.y - min.y) * unit + margins.top + margins.bottom))) {}

Canvas::Canvas(int width, int height)
    : surface_(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)), cr_(cairo_create(surface_.get())) {
  if (cairo_status(cr_.get()) != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error("picture: cairo could not make a " + std::to_string(width) + " x " +
                             std::to_string(height) + " image");
  set_colour(cr(), palette::background);
  cairo_paint(cr());
  // Straight cell edges and labels are drawn without antialiasing: the grey fringes would
  // triple the PNG (issue 14 asks for under 40 KB). Round things (stones, bands) are
  // smoothed by Smooth below.
  cairo_set_antialias(cr(), CAIRO_ANTIALIAS_NONE);
}

std::string Canvas::png() const {
  cairo_surface_flush(surface_.get());
  return encode_png(surface_.get());
}

void set_colour(cairo_t* cr, Rgb colour) { cairo_set_source_rgb(cr, colour.r, colour.g, colour.b); }

void polygon_path(cairo_t* cr, const std::vector<Point>& corners) {
  cairo_new_path(cr);
  for (std::size_t i = 0; i < corners.size(); ++i) {
    if (i == 0) cairo_move_to(cr, corners[i].x, corners[i].y);
    else cairo_line_to(cr, corners[i].x, corners[i].y);
  }
  cairo_close_path(cr);
}

std::vector<Point> hexagon_corners(Point centre, double radius, bool pointy) {
  std::vector<Point> corners;
  const double start = pointy ? -90.0 : 0.0;
  for (int k = 0; k < 6; ++k) {
    const double angle = (start + 60.0 * k) * std::numbers::pi / 180.0;
    corners.push_back({centre.x + radius * std::cos(angle), centre.y + radius * std::sin(angle)});
  }
  return corners;
}

Smooth::Smooth(cairo_t* cr) : cr_(cr) {
  cairo_save(cr_);
  cairo_set_antialias(cr_, CAIRO_ANTIALIAS_GRAY);
}
Smooth::~Smooth() { cairo_restore(cr_); }

void draw_stone(cairo_t* cr, Point centre, double radius, Rgb fill) {
  cairo_new_path(cr);
  cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * std::numbers::pi);
  set_colour(cr, fill);
  cairo_fill_preserve(cr);
  set_colour(cr, {0.15, 0.15, 0.15});
  cairo_set_line_width(cr, std::max(1.0, radius / 12));
  cairo_stroke(cr);
}

void draw_ring(cairo_t* cr, Point centre, double radius, Rgb colour, double width) {
  const Smooth smooth(cr);
  cairo_new_path(cr);
  cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * std::numbers::pi);
  set_colour(cr, colour);
  cairo_set_line_width(cr, width);
  cairo_stroke(cr);
}

}  // namespace pbem::pictures
