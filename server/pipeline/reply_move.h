// Moving by replying (docs/commands.md "Moving by replying"): a mail to a player's game
// address plays the move it carries for that player, with no password. This finds the
// address among the recipients, checks its token, and reads the move from the Subject or
// the first line of the reply, once, into the player's typed act (language/asked_act.h: no
// command is made of it), which the processor carries out through handlers/player_acts.h.
// The intake step (pipeline/intake.h) does this once per mail, before the batch's
// transaction; inside it, still_valid() checks the one thing that can have changed since.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/language/parser.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// The player a valid game address (or digest or unsubscribe address) belongs to, as it was
// when the address was checked.
struct AddressOwner {
  std::string address;
  std::string game_type;  // "" for a digest address
  std::int64_t game = 0;  // 0 for a digest address
  std::int64_t account_id = 0;
  std::string userid;           // the command needs no password for this userid
  int password_generation = 0;  // the address's token is made with it
  bool expires = true;  // false for an unsubscribe address, which a password change leaves valid
};

struct ReplyMove {
  ParsedCommand command;  // the act (a move, swap, resign, note ...) of the address's player, or the error
  std::optional<AddressOwner> owner;  // when the address's token is valid
  // The Subject or first line is a whole command with its password (spec "The newcomer's
  // path, third round"): carried out as if mailed to the server's address, with no owner.
  bool whole_command = false;
  bool on_first_line = false;  // that command is the body's first line
};

// Nothing when none of `recipients` is a game address of this server (an ordinary command
// mail); else the move, a whole command (ReplyMove::whole_command), or a ParsedCommand error saying why the address or the text is
// refused. `subject` has its Re:-style prefixes stripped; `first_line` is the first line of
// the body's new text (pipeline/intake.h says which line that is).
std::optional<ReplyMove> reply_move(Database& db, const Config& config, const std::vector<std::string>& recipients,
                                    const std::string& subject, const std::string& first_line);

// Whether the address `owner` was read from is still valid now: a password change since
// (a `password` command earlier in the same batch) makes every older game address expire.
// Nothing when it is; else the error that refuses the mail.
std::optional<ParsedCommand> expired_since(Database& db, const AddressOwner& owner);

// A refusal of a mail to `address`, saying `error`; and the one for a digest address whose
// password generation has passed (digest_reply.h).
ParsedCommand refused(std::string error, const std::string& address);
ParsedCommand expired_digest(const std::string& address);


}  // namespace pbem::server
