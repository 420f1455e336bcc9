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
  LabelSizes (*label_sizes)(const Game&);
  // What the picture's colours stand for, where they are not the colours' own names.
  std::string_view colour_key;
};

// Each drawer takes the game its name says (Game::name() is the registry name); checked,
// so a game that answered to another's name is refused, not misread.
template <typename Concrete, typename Result, Result (*Function)(const Concrete&)>
Result as(const Game& game) {
  const auto* concrete = dynamic_cast<const Concrete*>(&game);
  if (!concrete) throw std::invalid_argument("'" + std::string(game.name()) + "' is not the game its drawer draws");
  return Function(*concrete);
}
template <typename Concrete, std::string (*Draw)(const Concrete&)>
constexpr auto draw_as = as<Concrete, std::string, Draw>;
template <typename Concrete, LabelSizes (*Sizes)(const Concrete&)>
constexpr auto sizes_as = as<Concrete, LabelSizes, Sizes>;

const std::vector<Drawer>& drawers() {
  static const std::vector<Drawer> table{
      {"gates", draw_as<Gates, draw_gates_picture>, sizes_as<Gates, gates_label_sizes>,
       "In the picture, dark's paths are drawn blue and light's white."},
      {"hy3", draw_as<Hy3, draw_hy3_picture>, sizes_as<Hy3, hy3_label_sizes>, ""},
      {"gaia", draw_as<Gaia, draw_gaia_picture>, sizes_as<Gaia, gaia_label_sizes>, ""},
  };
  return table;
}

const Drawer& drawer_of(const Game& game) {
  for (const Drawer& drawer : drawers())
    if (drawer.game == game.name()) return drawer;
  throw std::invalid_argument("no picture for the game '" + std::string(game.name()) + "'");
}

}  // namespace

std::string draw_picture(const Game& game) { return drawer_of(game).draw(game); }

LabelSizes label_sizes(const Game& game) { return drawer_of(game).label_sizes(game); }

std::string_view colour_key(const Game& game) { return drawer_of(game).colour_key; }

}  // namespace pbem::pictures
