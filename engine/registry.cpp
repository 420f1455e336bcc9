#include "engine/registry.h"

#include "engine/gaia.h"
#include "engine/gates.h"
#include "engine/hy3.h"
#include "engine/text.h"

namespace pbem {

const std::vector<GameType>& game_types() {
  static const std::vector<GameType> types{gates_game_type(), hy3_game_type(), gaia_game_type()};
  return types;
}

const std::vector<std::string>& game_type_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> found;
    for (const auto& type : game_types()) found.push_back(type.name);
    return found;
  }();
  return names;
}

const GameType* find_game_type(std::string_view name) {
  std::string wanted = to_lower(trim(name));
  for (const auto& type : game_types())
    if (type.name == wanted) return &type;
  return nullptr;
}

std::unique_ptr<Game> create_game(std::string_view name, const std::vector<std::string>& options) {
  const GameType* type = find_game_type(name);
  if (!type) {
    std::vector<std::string> names;
    for (const auto& t : game_types()) names.push_back(t.name);
    throw OptionError("unknown game " + quoted_word(name) + "; this server plays " + join(names, ", "));
  }
  return type->create(options);
}

}  // namespace pbem
