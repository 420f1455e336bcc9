// Gaia as a picture: the flattened board of the ASCII diagram (core and tube bands, notches
// at the six pentagons, which are tinted), cell names in empty cells, black and white stones.
#pragma once

#include <string>

#include "engine/gaia.h"
#include "pictures/label_size.h"

namespace pbem::pictures {

std::string draw_gaia_picture(const Gaia& game);
// The sizes draw_gaia_picture draws the labels at.
LabelSizes gaia_label_sizes(const Gaia& game);

}  // namespace pbem::pictures
