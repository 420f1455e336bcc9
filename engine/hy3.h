#pragma once
#include "engine/registry.h"
namespace pbem {
GameType hy3_game_type();
}
