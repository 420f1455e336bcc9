// The games this server plays, by name: how to create one from challenge options and
// the help texts the server mails out.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/options.h"

namespace pbem {

struct GameType {
  std::string name;       // as typed in commands: "gates"
  std::string title;      // "Gates"
  std::string summary;    // one line for `list`
  std::vector<OptionSpec> options;
  std::string rules_help; // rules, board and notation, for `<game> help`
  std::string sample_ply; // one ply as a player writes it ("d4", "c:d3"), for the server's examples
  // Builds a new game; throws OptionError for bad, conflicting or out-of-range options.
  std::function<std::unique_ptr<Game>(const std::vector<std::string>& options)> create;
};

const std::vector<GameType>& game_types();
// The registry names of the games, in registry order ("gates", "hy3", "gaia").
const std::vector<std::string>& game_type_names();
const GameType* find_game_type(std::string_view name);

// Throws OptionError for an unknown game (naming the known ones) or bad options.
std::unique_ptr<Game> create_game(std::string_view name, const std::vector<std::string>& options);

}  // namespace pbem
