// How big a picture's labels are drawn: legible on a phone (issue 32). A mail's HTML part
// shows the picture at its own size, or scaled down to the screen's width when it is wider
// (max-width: 100%, mail/html_page.cpp); on a phone 390 CSS pixels wide, less the page's
// margins of 8 px on each side, that leaves kPhoneWidth.
#pragma once

#include <algorithm>

namespace pbem::pictures {

inline constexpr double kPhoneWidth = 374;
// The least height of a label there, in CSS pixels (capitals, between the strokes' centre
// lines).
inline constexpr double kMinLabelHeight = 11;

// CSS pixels per image pixel at phone width, for a picture `width` pixels wide.
inline double phone_scale(double width) { return std::min(1.0, kPhoneWidth / width); }

// The rim letters' height in image pixels for a picture `width` pixels wide: one CSS pixel
// over the least at phone width, since the width is only known once the letters' room is.
inline double rim_label_height(double width) { return (kMinLabelHeight + 1) / phone_scale(width); }

// The sizes a picture's labels are drawn at, in image pixels, and the picture's width:
// what the drawer uses, so that tests can check them at phone width.
struct LabelSizes {
  int width = 0;           // the picture's width in pixels
  double cell_label = 0;   // the names (HY 3: numbers) in empty cells
  double rim_label = 0;    // the row or column letters outside the board; 0: none
};

}  // namespace pbem::pictures
