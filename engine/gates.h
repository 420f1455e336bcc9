// Gates (Cameron Browne, 2008): the registry entry, i.e. options, help text and factory.
// The game itself is gates::GatesGame (engine/gates_game.h).
#pragma once

#include "engine/registry.h"

namespace pbem {

// The registry entry for gates: name, help, options and factory. The factory accepts
// -cross (default) | -y | -hex, -size=<n>, and at most one of -phase, -invert_min (alias
// -invert) and -align; anything else throws OptionError naming what is accepted.
GameType gates_game_type();

}  // namespace pbem
