// Which handler carries out which row of the command table (language/command_table.h): the
// command language names commands, this maps each name to its handler (handlers.h).
#pragma once

#include "server/language/command_spec.h"

namespace pbem::server {

class CommandContext;
struct Command;

using Handler = void (*)(CommandContext& context, const Command& command);

// The handler of `spec`; throws std::logic_error for a row without one (a bug, which the
// command table's test finds for every row).
Handler handler_for(const CommandSpec& spec);

}  // namespace pbem::server
