#include "pictures/stroke_font.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <vector>

namespace pbem::pictures {
namespace {

struct Point {
  double x, y;
};
using Stroke = std::vector<Point>;
using Glyph = std::vector<Stroke>;

constexpr double kGlyphWidth = 4, kGlyphHeight = 6, kAdvance = 5.5;

// Polylines on a grid 4 wide and 6 high, y growing downward.
// Lower-case letters (the notation's: rows a-m, cells d4) keep to the lower two thirds,
// with ascenders to the top; none descends below the baseline, so each fits the same box.
Glyph lower_case_glyph(char c) {
  switch (c) {
    case 'a': return {{{4, 2}, {4, 6}}, {{4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 5}, {1, 6}, {3, 6}, {4, 5}}};
    case 'b': return {{{0, 0}, {0, 6}}, {{0, 3}, {1, 2}, {3, 2}, {4, 3}, {4, 5}, {3, 6}, {1, 6}, {0, 5}}};
    case 'c': return {{{4, 2.5}, {3.5, 2}, {1, 2}, {0, 3}, {0, 5}, {1, 6}, {3.5, 6}, {4, 5.5}}};
    case 'd': return {{{4, 0}, {4, 6}}, {{4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 5}, {1, 6}, {3, 6}, {4, 5}}};
    case 'e': return {{{0, 4}, {4, 4}, {4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 5}, {1, 6}, {3.5, 6}}};
    case 'f': return {{{3.5, 0.5}, {3, 0}, {2, 0}, {1, 1}, {1, 6}}, {{0, 2.5}, {3, 2.5}}};
    case 'g':
      return {{{4, 2}, {4, 5}, {3, 6}, {0.5, 6}}, {{4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 3.5}, {1, 4.5}, {3, 4.5}, {4, 3.5}}};
    case 'h': return {{{0, 0}, {0, 6}}, {{0, 3}, {1, 2}, {3, 2}, {4, 3}, {4, 6}}};
    case 'i': return {{{1, 2.5}, {2, 2.5}, {2, 6}}, {{1, 6}, {3, 6}}, {{2, 0.2}, {2, 1}}};
    case 'j': return {{{2, 2.5}, {3, 2.5}, {3, 5}, {2, 6}, {0.5, 6}}, {{3, 0.2}, {3, 1}}};
    case 'k': return {{{0, 0}, {0, 6}}, {{4, 2}, {0, 5}}, {{1.5, 4}, {4, 6}}};
    case 'l': return {{{1.5, 0}, {1.5, 5}, {2.5, 6}, {3, 6}}};
    case 'm': return {{{0, 6}, {0, 2}}, {{0, 3}, {1, 2}, {2, 3}, {2, 6}}, {{2, 3}, {3, 2}, {4, 3}, {4, 6}}};
    case 'n': return {{{0, 2}, {0, 6}}, {{0, 3}, {1, 2}, {3, 2}, {4, 3}, {4, 6}}};
    case 'o': return {{{1, 2}, {3, 2}, {4, 3}, {4, 5}, {3, 6}, {1, 6}, {0, 5}, {0, 3}, {1, 2}}};
    case 'p': return {{{0, 2}, {0, 6}}, {{0, 3}, {1, 2}, {3, 2}, {4, 3}, {4, 3.5}, {3, 4.5}, {1, 4.5}, {0, 3.5}}};
    case 'q': return {{{4, 2}, {4, 6}}, {{4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 3.5}, {1, 4.5}, {3, 4.5}, {4, 3.5}}};
    case 'r': return {{{0, 2}, {0, 6}}, {{0, 3.5}, {1.5, 2}, {3, 2}, {4, 2.5}}};
    case 's':
      return {{{4, 2.5}, {3.5, 2}, {0.5, 2}, {0, 2.5}, {0, 3.5}, {0.5, 4}, {3.5, 4}, {4, 4.5}, {4, 5.5}, {3.5, 6},
               {0.5, 6}, {0, 5.5}}};
    case 't': return {{{1.5, 0.5}, {1.5, 5}, {2.5, 6}, {3.5, 6}}, {{0, 2}, {3.5, 2}}};
    case 'u': return {{{0, 2}, {0, 5}, {1, 6}, {3, 6}, {4, 5}}, {{4, 2}, {4, 6}}};
    case 'v': return {{{0, 2}, {2, 6}, {4, 2}}};
    case 'w': return {{{0, 2}, {1, 6}, {2, 3.5}, {3, 6}, {4, 2}}};
    case 'x': return {{{0, 2}, {4, 6}}, {{4, 2}, {0, 6}}};
    case 'y': return {{{0, 2}, {2, 4.5}}, {{4, 2}, {1, 6}}};
    case 'z': return {{{0, 2}, {4, 2}, {0, 6}, {4, 6}}};
    default: return {};
  }
}

Glyph glyph(char c) {
  if (c >= 'a' && c <= 'z') return lower_case_glyph(c);
  switch (c) {
    case '0': return {{{0, 0}, {4, 0}, {4, 6}, {0, 6}, {0, 0}}, {{4, 0}, {0, 6}}};
    case '1': return {{{1, 1}, {2, 0}, {2, 6}}, {{1, 6}, {3, 6}}};
    case '2': return {{{0, 1}, {1, 0}, {3, 0}, {4, 1}, {4, 2}, {0, 6}, {4, 6}}};
    case '3': return {{{0, 0}, {4, 0}, {2, 2.5}, {3, 2.5}, {4, 3.5}, {4, 5}, {3, 6}, {1, 6}, {0, 5}}};
    case '4': return {{{3, 6}, {3, 0}, {0, 4}, {4, 4}}};
    case '5': return {{{4, 0}, {0, 0}, {0, 3}, {3, 3}, {4, 4}, {4, 5}, {3, 6}, {0, 6}}};
    case '6': return {{{3, 0}, {1, 0}, {0, 1}, {0, 5}, {1, 6}, {3, 6}, {4, 5}, {4, 4}, {3, 3}, {0, 3}}};
    case '7': return {{{0, 0}, {4, 0}, {1, 6}}};
    case '8':
      return {{{1, 3}, {0, 2}, {0, 1}, {1, 0}, {3, 0}, {4, 1}, {4, 2}, {3, 3}, {1, 3}, {0, 4}, {0, 5}, {1, 6},
               {3, 6}, {4, 5}, {4, 4}, {3, 3}}};
    case '9': return {{{4, 3}, {1, 3}, {0, 2}, {0, 1}, {1, 0}, {3, 0}, {4, 1}, {4, 5}, {3, 6}, {1, 6}}};
    case 'A': return {{{0, 6}, {0, 2}, {2, 0}, {4, 2}, {4, 6}}, {{0, 4}, {4, 4}}};
    case 'B':
      return {{{0, 3}, {3, 3}, {4, 4}, {4, 5}, {3, 6}, {0, 6}, {0, 0}, {3, 0}, {4, 1}, {4, 2}, {3, 3}}};
    case 'C': return {{{4, 1}, {3, 0}, {1, 0}, {0, 1}, {0, 5}, {1, 6}, {3, 6}, {4, 5}}};
    case 'D': return {{{0, 0}, {0, 6}, {2, 6}, {4, 4}, {4, 2}, {2, 0}, {0, 0}}};
    case 'E': return {{{4, 0}, {0, 0}, {0, 6}, {4, 6}}, {{0, 3}, {3, 3}}};
    case 'F': return {{{4, 0}, {0, 0}, {0, 6}}, {{0, 3}, {3, 3}}};
    case 'G': return {{{4, 1}, {3, 0}, {1, 0}, {0, 1}, {0, 5}, {1, 6}, {3, 6}, {4, 5}, {4, 3}, {2, 3}}};
    case 'H': return {{{0, 0}, {0, 6}}, {{4, 0}, {4, 6}}, {{0, 3}, {4, 3}}};
    case 'I': return {{{1, 0}, {3, 0}}, {{2, 0}, {2, 6}}, {{1, 6}, {3, 6}}};
    case 'J': return {{{4, 0}, {4, 5}, {3, 6}, {1, 6}, {0, 5}}};
    case 'K': return {{{0, 0}, {0, 6}}, {{4, 0}, {0, 4}}, {{1, 3}, {4, 6}}};
    case 'L': return {{{0, 0}, {0, 6}, {4, 6}}};
    case 'M': return {{{0, 6}, {0, 0}, {2, 3}, {4, 0}, {4, 6}}};
    case 'N': return {{{0, 6}, {0, 0}, {4, 6}, {4, 0}}};
    case 'O': return {{{1, 0}, {3, 0}, {4, 1}, {4, 5}, {3, 6}, {1, 6}, {0, 5}, {0, 1}, {1, 0}}};
    case 'P': return {{{0, 6}, {0, 0}, {3, 0}, {4, 1}, {4, 2}, {3, 3}, {0, 3}}};
    case 'Q': return {{{1, 0}, {3, 0}, {4, 1}, {4, 5}, {3, 6}, {1, 6}, {0, 5}, {0, 1}, {1, 0}}, {{2, 4}, {4, 6}}};
    case 'R': return {{{0, 6}, {0, 0}, {3, 0}, {4, 1}, {4, 2}, {3, 3}, {0, 3}}, {{2, 3}, {4, 6}}};
    case 'S':
      return {{{4, 1}, {3, 0}, {1, 0}, {0, 1}, {0, 2}, {1, 3}, {3, 3}, {4, 4}, {4, 5}, {3, 6}, {1, 6}, {0, 5}}};
    case 'T': return {{{0, 0}, {4, 0}}, {{2, 0}, {2, 6}}};
    case 'U': return {{{0, 0}, {0, 5}, {1, 6}, {3, 6}, {4, 5}, {4, 0}}};
    case 'V': return {{{0, 0}, {2, 6}, {4, 0}}};
    case 'W': return {{{0, 0}, {1, 6}, {2, 3}, {3, 6}, {4, 0}}};
    case 'X': return {{{0, 0}, {4, 6}}, {{4, 0}, {0, 6}}};
    case 'Y': return {{{0, 0}, {2, 3}, {4, 0}}, {{2, 3}, {2, 6}}};
    case 'Z': return {{{0, 0}, {4, 0}, {0, 6}, {4, 6}}};
    case '-': return {{{1, 3}, {3, 3}}};
    default: return {};
  }
}

// Grid units per character: the glyph, and the glyph plus the gap to the next one.
double grid_width(std::size_t characters) {
  return characters == 0 ? 0 : (static_cast<double>(characters) - 1) * kAdvance + kGlyphWidth;
}

constexpr double kStroke = 0.9;  // stroke width in grid units

}  // namespace

double stroke_width(double height) { return std::max(1.0, height / kGlyphHeight * kStroke); }

double text_width(std::size_t characters, double height) {
  return grid_width(characters) * height / kGlyphHeight + stroke_width(height);
}

double text_height_for_width(std::size_t characters, double width) {
  // Strokes of kStroke grid units (text of at least kGlyphHeight / kStroke pixels), then
  // of one pixel.
  const double scaled = width / ((grid_width(characters) + kStroke) / kGlyphHeight);
  if (stroke_width(scaled) > 1.0) return scaled;
  return (width - 1.0) / (grid_width(characters) / kGlyphHeight);
}

void draw_text(cairo_t* cr, std::string_view text, double x, double y, double height) {
  if (text.empty()) return;
  const double unit = height / kGlyphHeight;
  const double width = grid_width(text.size()) * unit;
  const double left = x - width / 2, top = y - height / 2;
  cairo_save(cr);
  // Small strokes antialiased would be mostly grey fringe: sharper, and far smaller as PNG.
  cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
  cairo_set_line_width(cr, stroke_width(height));
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const double origin = left + static_cast<double>(i) * kAdvance * unit;
    for (const Stroke& stroke : glyph(text[i])) {
      for (std::size_t k = 0; k < stroke.size(); ++k) {
        const double px = origin + stroke[k].x * unit, py = top + stroke[k].y * unit;
        if (k == 0) cairo_move_to(cr, px, py);
        else cairo_line_to(cr, px, py);
      }
    }
  }
  cairo_stroke(cr);
  cairo_restore(cr);
}

}  // namespace pbem::pictures
