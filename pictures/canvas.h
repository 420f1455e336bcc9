// What every board picture shares: a cairo image that becomes PNG bytes, the palette, the
// world-to-pixel scale, and hexagon paths. Depends on cairo only.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <cairo.h>

namespace pbem::pictures {

struct Rgb {
  double r, g, b;
};

// One palette for every game, so mails look alike.
namespace palette {
inline constexpr Rgb background{1.0, 1.0, 1.0};
inline constexpr Rgb cell{0.93, 0.89, 0.80};       // empty cell (light wood)
inline constexpr Rgb cell_special{0.85, 0.80, 0.70};  // Gaia's pentagons
inline constexpr Rgb cell_edge{0.80, 0.86, 0.78};     // Gaia's edge ring, whose cells come in opposed pairs
inline constexpr Rgb grid{0.45, 0.40, 0.33};
// Rim letters (on the background) and cell names (on the empty cells' faces: cell,
// cell_special, cell_edge): each at least 4.5:1 in contrast against what it stands on
// (WCAG's ratio of relative luminances; tests/pictures checks it).
inline constexpr Rgb label{0.35, 0.32, 0.28};
inline constexpr Rgb cell_label{0.34, 0.31, 0.26};
// The marking colours, last move (green) and winning group or path (orange), used for
// nothing else so tests can look for their pixels.
inline constexpr Rgb last_move{0.10, 0.80, 0.20};
inline constexpr Rgb winning{1.0, 0.60, 0.0};
}  // namespace palette

// A point in picture space (pixels, y downward).
struct Point {
  double x, y;
};

// Pixels left free around the board, for the rim labels.
struct Margins {
  double left = 0, top = 0, right = 0, bottom = 0;
};

// Maps a game's own coordinates to pixels: uniform scale, then offset, fitting the given
// bounding box into an image with margins (for the rim labels) around it.
class Frame {
 public:
  // `min`/`max`: the box in world units; `unit`: pixels per world unit; `margins`: pixels.
  Frame(Point min, Point max, double unit, Margins margins);
  Point map(Point world) const {
    return {(world.x - min_.x) * unit_ + margins_.left, (world.y - min_.y) * unit_ + margins_.top};
  }
  double unit() const { return unit_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  Point min_;
  double unit_;
  Margins margins_;
  int width_, height_;
};

// An RGB image with a white background; png() writes it (png_encoder.h: no time stamp or text
// chunk, so equal drawings give equal bytes).
class Canvas {
 public:
  Canvas(int width, int height);
  cairo_t* cr() const { return cr_.get(); }
  std::string png() const;

 private:
  struct SurfaceFree {
    void operator()(cairo_surface_t* s) const noexcept { cairo_surface_destroy(s); }
  };
  struct ContextFree {
    void operator()(cairo_t* c) const noexcept { cairo_destroy(c); }
  };
  std::unique_ptr<cairo_surface_t, SurfaceFree> surface_;
  std::unique_ptr<cairo_t, ContextFree> cr_;
};

// Antialiasing on for its lifetime (the canvas draws without it by default).
class Smooth {
 public:
  explicit Smooth(cairo_t* cr);
  ~Smooth();
  Smooth(const Smooth&) = delete;
  Smooth& operator=(const Smooth&) = delete;

 private:
  cairo_t* cr_;
};

void set_colour(cairo_t* cr, Rgb colour);
// A closed polygon path (not yet filled or stroked).
void polygon_path(cairo_t* cr, const std::vector<Point>& corners);
// Corners of a regular hexagon of circumradius `radius`: pointy-top (HY 3, Gaia) or
// flat-top (Gates), starting at the right-hand corner (flat) or the top (pointy), clockwise.
std::vector<Point> hexagon_corners(Point centre, double radius, bool pointy);
// A filled circle with a thin dark rim: a stone.
void draw_stone(cairo_t* cr, Point centre, double radius, Rgb fill);
// A ring around a cell: the last move.
void draw_ring(cairo_t* cr, Point centre, double radius, Rgb colour, double width);

}  // namespace pbem::pictures
