// The daily digest's mail (docs/commands.md "The daily digest"): every game where it is the
// user's move, each with its opponent, the last move, the clock and the board as they set it
// (`set board`, `set pictures`), the open invitations they could take, and each game's move
// links to that game's address. The tick's duty (handlers/digest.cpp) decides when one is
// due and sends it.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "server/play/outcome.h"
#include "server/play/unit_of_work.h"
#include "server/storage/accounts.h"

namespace pbem::server {

struct DigestMail {
  Reply mail;
  int waiting = 0;  // the games in it
};

// The digest of `account` for `day` (YYYY-MM-DD), with the lines of `open_invitations` (or
// none, for "") after the games; nothing when no game waits for their move (open invitations
// alone send none, and are then not read).
std::optional<DigestMail> digest_mail(UnitOfWork& work, const Account& account, const std::string& day,
                                      const std::function<std::string()>& open_invitations);

}  // namespace pbem::server
