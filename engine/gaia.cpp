// PLACEHOLDER: replaced by the real gaia implementation.
#include "engine/gaia.h"

namespace pbem {

GameType gaia_game_type() {
  GameType type;
  type.name = "gaia";
  type.title = "gaia";
  type.summary = "not yet available";
  type.create = [](const std::vector<std::string>&) -> std::unique_ptr<Game> {
    throw OptionError("gaia is not yet available on this server");
  };
  return type;
}

}  // namespace pbem
