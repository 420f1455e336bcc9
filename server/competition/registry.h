// The server's kinds of competition, registered in one list (play/competitions.h says what
// each answers): tournaments, leagues, ladders, in the order of their reactions and mails.
// A new kind is one class answering CompetitionKind and one line in registry.cpp.
#pragma once

#include "server/play/competitions.h"

namespace pbem::server {

const Competitions& competitions();

}  // namespace pbem::server
