// Help texts mailed in reply to `help ...` and `<game> help` (handlers/help_commands.cpp).
#pragma once

#include <string>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/support/config.h"

namespace pbem::server {

// `help` with the given subjects (none: the overview). Unknown subjects are named in the text.
// `clock`: this server's clock settings, for `help clock`.
std::string help_text(const std::vector<std::string>& subjects, const std::string& server_address,
                      const ClockConfig& clock = ClockConfig{});

// `<game> help`: rules, notation, options and the game's commands.
std::string game_help_text(const std::string& game);

// The answers to `help ...` and `<game> help`: those texts wrapped for mail, with their Subject.
ReplyWords help_reply(const std::vector<std::string>& subjects, const std::string& server_address,
                      const ClockConfig& clock);
ReplyWords game_help_reply(const std::string& game);

}  // namespace pbem::server
