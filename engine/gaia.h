// PLACEHOLDER: replaced by the real gaia implementation.
#pragma once

#include "engine/registry.h"

namespace pbem {

// The registry entry for gaia: name, help, options and factory.
GameType gaia_game_type();

}  // namespace pbem
