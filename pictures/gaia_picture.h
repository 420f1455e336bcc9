// Gaia as a picture: the flattened board of the ASCII diagram (core and tube bands, notches
// at the six pentagons, which are tinted), cell names in empty cells, black and white stones.
#pragma once

#include <string>

#include "engine/gaia.h"

namespace pbem::pictures {

std::string draw_gaia_picture(const Gaia& game);

}  // namespace pbem::pictures
