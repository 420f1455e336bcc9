// PNG bytes from a cairo RGB24 image, written with libpng rather than cairo's own writer.
// Why: cairo always writes 24-bit truecolour at zlib's default effort, and encoding was
// half of pbemd's CPU time per move (issue 15). A board picture has few colours (most
// edges are drawn without antialiasing), so it is written as an indexed-colour PNG: a
// third of the bytes to compress, and smaller files. An image with more than 256 colours
// is written as truecolour. Pixels are kept exactly; equal images give equal bytes (no
// time stamp, no text chunk).
#pragma once

#include <string>

#include <cairo.h>

namespace pbem::pictures {

// `surface` must be a CAIRO_FORMAT_RGB24 image surface (flushed by the caller).
std::string encode_png(cairo_surface_t* surface);

}  // namespace pbem::pictures
