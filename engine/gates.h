// PLACEHOLDER: replaced by the real gates implementation.
#pragma once

#include "engine/registry.h"

namespace pbem {

// The registry entry for gates: name, help, options and factory.
GameType gates_game_type();

}  // namespace pbem
