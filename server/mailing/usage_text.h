// The usage lines of the commands (language/command_table.h's rows), worded from the
// catalogue: the one line a refusal quotes, `help commands`' list and `<game> help`'s.
#pragma once

#include <string>
#include <string_view>

#include "server/catalogue/catalogue.h"
#include "server/language/command.h"

namespace pbem::server {

// The message of a row's usage line; std::logic_error for a row without one (a test reads
// every row through it).
Msg usage_message(const CommandSpec& spec);

// The usage line of one command with every "<game>" read as `game`; of the command a
// refusal names (empty when it names none).
std::string command_usage(const CommandSpec& spec, std::string_view game = "<game>");
std::string command_usage(const UsageOf& usage);

// Every command's usage, and every game command's with the game's name, one indented line each.
std::string all_usages(std::string_view game = "<game>");
std::string game_usages(std::string_view game);

}  // namespace pbem::server
