// Pointy-top hexagon layout shared by HY 3 and Gaia: axial coordinates to world units in
// which a cell's circumradius is 1, and the frame that fits a set of cells.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "engine/hex.h"
#include "pictures/canvas.h"

namespace pbem::pictures {

inline Point pointy_centre(Hex h) { return {std::sqrt(3.0) * (h.q + h.r / 2.0), 1.5 * h.r}; }

// Pixels per world unit: `preferred`, unless the board and its left and right margins would
// be wider than kMaxWidth.
double fitting_unit(double world_width, double preferred, const Margins& margins);

// A frame around the cells' hexagons plus `margins`.
Frame pointy_frame(const std::vector<Hex>& cells, double preferred_unit, const Margins& margins);

// The height of the names in empty cells when the longest has `characters` characters:
// as tall as fits across a cell with room to spare, at most `most` cell radii.
double pointy_label_height(double unit, std::size_t characters, double most);

// One cell of a stone game (HY 3, Gaia) and what is on it.
struct StoneCell {
  Hex at;
  Rgb face = palette::cell;
  std::string label;          // written when the cell is empty
  double label_height = 0;    // its height in pixels (pointy_label_height)
  std::optional<Rgb> stone;   // the stone's colour, if any
  bool last = false;          // placed by the last move: a green dot on the stone
  bool winning = false;       // in the winning group: an orange hexagon outline
};
void draw_pointy_cell(cairo_t* cr, const Frame& frame, const StoneCell& cell);

}  // namespace pbem::pictures
