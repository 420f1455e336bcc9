// Gates as a picture: flat-top tiles with their two bands and two stubs on the tile face,
// dark paths blue and light paths white, column letters on the top rim.
#pragma once

#include <string>

#include "engine/gates.h"
#include "pictures/label_size.h"

namespace pbem::pictures {

std::string draw_gates_picture(const Gates& game);
// The sizes draw_gates_picture draws the labels at.
LabelSizes gates_label_sizes(const Gates& game);

}  // namespace pbem::pictures
