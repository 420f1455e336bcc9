// The server's reactions to every stored ply or result (play/ply_reactions.h), made once
// and shared by every unit of work: each command's (command_context.h) and each tick's.
#pragma once

#include "server/play/ply_reactions.h"

namespace pbem::server {

const PlyReactions& ply_reactions();

}  // namespace pbem::server
