// A command as the parser reads it (parser.h): which row of the command table it is, and
// the words it was given. Keywords and user ids are case-insensitive; passwords and moves
// keep their case here (moves are lower-cased by the engine).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/asked_act.h"
#include "server/language/command_spec.h"
#include "server/language/masked_command.h"
#include "server/language/parse_refusal.h"

namespace pbem::server {

// A game named by its number, "17", or at a point of its record, "17#5".
struct BoardRef {
  long long number = 0;
  std::optional<int> ply;  // "#moveno"
};

struct Command {
  const CommandSpec* spec = nullptr;  // the table row: its name and traits
  std::string type;                   // the game's registry name for game commands ("gates")
  std::string userid;                 // lower-case
  std::string password;               // as typed (for confirm: the code)
  std::string new_password;           // change password
  std::string code;                   // delete: the one-time code it mailed (masked too)
  std::vector<BoardRef> boards;       // game numbers (show: several); a tournament's, league's or ladder's
  std::string move;                   // move / swap / resign text
  std::optional<int> moveno;          // "#moveno" on a move
  std::vector<std::string> words;     // the rest: help subjects, addresses, userids, options,
                                      // preview moves, games filter words
  MaskedCommand masked;               // the command text with passwords replaced by "*****"

  // True if this is the command the table calls `name` ("move", "change password").
  bool is(std::string_view name) const { return spec && spec->name == name; }
};

// The command whose usage line a refusal quotes, and the name its "<game>" reads as
// (worded by mailing/usage_text.h). No row: the refusal names no command's usage.
struct UsageOf {
  const CommandSpec* row = nullptr;
  std::string game = "<game>";
};

struct ParsedCommand {
  std::optional<Command> command;
  // Or, for a player the server already knows in a game it knows (a reply to a game or
  // digest address, the computer), the act their own words ask for: no command then.
  std::optional<PlayerAct> act;
  // When command and act are empty, why: the parser's typed refusal (worded by
  // replies/parse_replies.h, parse_error), or a refusal the intake worded already (a reply
  // to an address that is no game's, pipeline/reply_move.h).
  std::optional<ParseRefusal> refusal;
  std::string worded_refusal;
  UsageOf usage;         // the command that was attempted, if known
  MaskedCommand masked;  // what replies and logs may quote, even on error
  SecretWords secrets;   // what no error text may repeat (the processor masks it in them)
  std::string known_userid;  // a known player's, whose act was refused: it is no secret
  // For an act by reply: the player's own words as the answer to a refused reply quotes
  // them (`masked` without the words the server knew), cautious() as `masked` is.
  MaskedCommand own_words;
};

}  // namespace pbem::server
