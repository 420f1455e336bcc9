// PLACEHOLDER: replaced by the real gates implementation.
#include "engine/gates.h"

namespace pbem {

GameType gates_game_type() {
  GameType type;
  type.name = "gates";
  type.title = "gates";
  type.summary = "not yet available";
  type.create = [](const std::vector<std::string>&) -> std::unique_ptr<Game> {
    throw OptionError("gates is not yet available on this server");
  };
  return type;
}

}  // namespace pbem
