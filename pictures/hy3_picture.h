// HY 3 as a picture: pointy-top hexagons, row letters on the left rim, cell names in the
// empty cells, red and blue stones.
#pragma once

#include <string>

#include "engine/hy3.h"

namespace pbem::pictures {

std::string draw_hy3_picture(const Hy3& game);

}  // namespace pbem::pictures
