// HY 3 as a picture: pointy-top hexagons, row letters on the left rim, each empty cell's
// number in its row (with the row's letter its name, d4), red and blue stones.
#pragma once

#include <string>

#include "engine/hy3.h"
#include "pictures/label_size.h"

namespace pbem::pictures {

std::string draw_hy3_picture(const Hy3& game);
// The sizes draw_hy3_picture draws the labels at.
LabelSizes hy3_label_sizes(const Hy3& game);

}  // namespace pbem::pictures
