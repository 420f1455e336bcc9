// PLACEHOLDER: replaced by the real hy3 implementation.
#include "engine/hy3.h"

namespace pbem {

GameType hy3_game_type() {
  GameType type;
  type.name = "hy3";
  type.title = "hy3";
  type.summary = "not yet available";
  type.create = [](const std::vector<std::string>&) -> std::unique_ptr<Game> {
    throw OptionError("hy3 is not yet available on this server");
  };
  return type;
}

}  // namespace pbem
