// The notices of one clock tick to one player in one mail (spec "Limits, third round": a
// tick's reminders, vacation days taken and lapsed invitations to a player are one mail,
// its Subject naming how many). A forged mail's ten invitations lapse in one mail, not ten.
#pragma once

#include <string>
#include <vector>

#include "server/play/outcome.h"

namespace pbem::server {

// `notices`, two or more to one address (in the order the tick made them), as one mail to
// it: each notice's subject as a heading over its text, boards and pictures kept where they
// stand. `reply_to`: where a reply goes (the player's digest address, where `#N move` lines
// play), as no one game's address fits them all.
Reply gathered_notices(const std::vector<Reply>& notices, const std::string& reply_to);

}  // namespace pbem::server
