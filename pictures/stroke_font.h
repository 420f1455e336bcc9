// Letters and digits drawn as strokes, for the coordinates on a picture.
//
// Why not a font: the PNG bytes must be the same on every machine (tests compare digests),
// and text through cairo's toy API goes through fontconfig and FreeType, whose font choice,
// hinting and versions differ between installations. Strokes on a 4 x 6 grid depend on
// cairo alone. Letters are drawn in the case written: the notation's lower case (rows a-m,
// cells d4), capitals where the text diagram has them (Gaia's edge pairs).
#pragma once

#include <cstddef>
#include <string_view>

#include <cairo.h>

namespace pbem::pictures {

// Draws `text` centred on (x, y), `height` pixels tall, in the current source colour.
// Characters without a glyph (anything but a-z, A-Z, 0-9 and '-') are left as a gap.
// `height` is the capitals' height between the strokes' centre lines; the strokes are
// stroke_width(height) wide.
void draw_text(cairo_t* cr, std::string_view text, double x, double y, double height);

// The width of the strokes of text `height` pixels tall.
double stroke_width(double height);
// How wide `characters` characters `height` pixels tall are, the strokes' ends included.
double text_width(std::size_t characters, double height);
// The height at which `characters` characters are `width` pixels wide (text_width's inverse).
double text_height_for_width(std::size_t characters, double width);

}  // namespace pbem::pictures
