// Help texts mailed in reply to `help ...` and `<game> help`.
#pragma once

#include <string>
#include <vector>

namespace pbem::server {

// `help` with the given subjects (none: the overview). Unknown subjects are named in the text.
std::string help_text(const std::vector<std::string>& subjects, const std::string& server_address);

// `<game> help`: rules, notation, options and the game's commands.
std::string game_help_text(const std::string& game);

}  // namespace pbem::server
