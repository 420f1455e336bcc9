#include "pictures/picture.h"

#include <stdexcept>
#include <string_view>
#include <vector>

#include "pictures/gaia_picture.h"
#include "pictures/gates_picture.h"
#include "pictures/hy3_picture.h"

namespace pbem::pictures {

namespace {

// One drawer per registered game, by the game's registry name (engine/registry.cpp): a
// new game adds one line here, as it adds one line to the engine's registry.
struct Drawer {
  std::string_view game;
  std::string (*draw)(const Game&);
};

// Each drawer takes the game its name says (Game::name() is the registry name); checked,
// so a game that answered to another's name is refused, not misread.
template <typename Concrete, std::string (*Draw)(const Concrete&)>
std::string draw_as(const Game& game) {
  const auto* concrete = dynamic_cast<const Concrete*>(&game);
  if (!concrete) throw std::invalid_argument("'" + std::string(game.name()) + "' is not the game its drawer draws");
  return Draw(*concrete);
}

const std::vector<Drawer>& drawers() {
  static const std::vector<Drawer> table{
      {"gates", draw_as<Gates, draw_gates_picture>},
      {"hy3", draw_as<Hy3, draw_hy3_picture>},
      {"gaia", draw_as<Gaia, draw_gaia_picture>},
  };
  return table;
}

}  // namespace

std::string draw_picture(const Game& game) {
  for (const Drawer& drawer : drawers())
    if (drawer.game == game.name()) return drawer.draw(game);
  throw std::invalid_argument("no picture for the game '" + std::string(game.name()) + "'");
}

}  // namespace pbem::pictures
