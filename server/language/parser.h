// The command language (pbmserv style): the Subject line parsed into a Command. Which
// words make which command, their usage lines and their argument parsers are rows of the
// command table (command_table.h); this is the parsed result.
// Keywords and user ids are case-insensitive; passwords and moves keep their case here
// (moves are lower-cased by the engine).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/masked_command.h"

namespace pbem::server {

struct CommandSpec;

// A game named by its number, "17", or at a point of its record, "17#5".
struct BoardRef {
  long long number = 0;
  std::optional<int> ply;  // "#moveno"
};

struct Command {
  const CommandSpec* spec = nullptr;  // the table row: its name, usage and handler
  std::string type;                   // the game's registry name for game commands ("gates")
  std::string userid;                 // lower-case
  std::string password;               // as typed (for confirm: the code)
  std::string new_password;           // change password
  std::vector<BoardRef> boards;       // game numbers (show: several)
  std::string move;                   // move / swap / resign text
  std::optional<int> moveno;          // "#moveno" on a move
  std::vector<std::string> words;     // the rest: help subjects, addresses, userids, options,
                                      // preview moves, games filter words
  MaskedCommand masked;               // the command text with passwords replaced by "*****"

  // True if this is the command the table calls `name` ("move", "change password").
  bool is(std::string_view name) const;
};

struct ParsedCommand {
  std::optional<Command> command;
  std::string error;     // when command is empty: what was wrong
  std::string usage;     // the usage line(s) of the command that was attempted, if known
  MaskedCommand masked;  // what replies and logs may quote, even on error
  SecretWords secrets;   // what no error text may repeat (the processor masks it in them)
};

// Parses one command line. `game_names` are the games the server plays.
ParsedCommand parse_command(std::string_view text, const std::vector<std::string>& game_names);

// A move by a player whose identity the server already knows: a reply to their game address
// (reply_move.h), or the computer opponent. The command `<type> move <number> <userid>
// <move_text>` with no password; `move_text` is a ply with an optional "#moveno", or one of
// the move words that are commands of their own (swap, resign, undo, abort, accept, decline),
// as pbmserv's `move 4 bob pw accept`; or `conditional ...` (clear, or a line of plies).
ParsedCommand parse_player_move(std::string_view type, long long number, std::string_view userid,
                                std::string_view move_text);

// How many commands parse_command and parse_player_move have parsed in this process (for
// the test that shows a message's command is parsed once on its way through).
std::uint64_t command_parse_count();

// True if the first word starts a command (used to look for a command in a body line).
bool looks_like_command(std::string_view text, const std::vector<std::string>& game_names);

// Account field rules, shared by signup and change.
std::optional<std::string> userid_problem(std::string_view userid);
std::optional<std::string> password_problem(std::string_view password);

}  // namespace pbem::server
