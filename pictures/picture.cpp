#include "pictures/picture.h"

#include <stdexcept>

#include "pictures/gaia_picture.h"
#include "pictures/gates_picture.h"
#include "pictures/hy3_picture.h"

namespace pbem::pictures {

std::string draw_picture(const Game& game) {
  if (const auto* hy3 = dynamic_cast<const Hy3*>(&game)) return draw_hy3_picture(*hy3);
  if (const auto* gaia = dynamic_cast<const Gaia*>(&game)) return draw_gaia_picture(*gaia);
  if (const auto* gates = dynamic_cast<const gates::GatesGame*>(&game)) return draw_gates_picture(*gates);
  throw std::invalid_argument("no picture for the game '" + std::string(game.name()) + "'");
}

}  // namespace pbem::pictures
