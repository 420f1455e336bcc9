// Moving by replying (docs/commands.md "Moving by replying"): a mail to a player's game
// address plays the move it carries for that player, with no password. This finds the
// address among the recipients, checks its token, and reads the move from the Subject or
// the first line of the reply, as one ParsedCommand the processor carries out as usual.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/commands/commands.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

struct ReplyMove {
  ParsedCommand command;  // a move (or swap, resign ...) for the address's player, or the error
  // The player the game address belongs to, when its token is valid: the command needs no
  // password for this userid.
  std::optional<std::string> authenticated_userid;
};

// Nothing when none of `recipients` is a game address of this server (an ordinary command
// mail); else the move, or a ParsedCommand error saying why the address or the text is
// refused. `subject` has its Re:-style prefixes stripped; `new_text` is the body without
// quotes and signature.
std::optional<ReplyMove> reply_move(Database& db, const Config& config, const std::vector<std::string>& recipients,
                                    const std::string& subject, const std::string& new_text);

// The game address of a player for mail about `game`, for the Reply-To of their game mails.
std::string player_game_address(Database& db, const Config& config, std::int64_t game, const std::string& userid,
                                int password_generation);

}  // namespace pbem::server
