// The command language (pbmserv style): the Subject line parsed into a Command.
// Keywords and user ids are case-insensitive; passwords and moves keep their case here
// (moves are lower-cased by the engine).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/commands/masked_command.h"

namespace pbem::server {

enum class Verb {
  Help,            // help [subject ...]
  Signup,          // signup userid password [address ...]
  Confirm,         // confirm userid code   (the code is kept in `password`: masked alike)
  ChangePassword,  // change password userid current new
  ChangeAddress,   // change address userid password [address ...]
  Signoff,         // signoff userid password
  List,            // list [game ...]
  Message,         // message userid password to1 [to2 ...]
  AllShow,         // all show userid [next|active]
  GameHelp,        // <game> help
  Challenge,       // <game> challenge userid1 userid2 [-options]
  Move,            // <game> move board userid password move[#moveno]
  Swap,            // <game> swap board userid password
  Resign,          // <game> resign board userid password
  Abort,           // <game> abort board userid password   (only before the first move)
  Show,            // <game> show board[#moveno] [board ...]
  Games,           // <game> games [userid ...] [all|active|inactive|next]
  History,         // <game> history board
  Chat,            // <game> chat board userid password
  Preview,         // <game> preview board move [move ...]
};

struct BoardRef {
  long long game = 0;
  std::optional<int> ply;  // "#moveno"
};

struct Command {
  Verb verb = Verb::Help;
  std::string game;                 // game name for game commands ("gates")
  std::string userid;               // lower-case
  std::string password;             // as typed
  std::string new_password;         // change password
  std::vector<BoardRef> boards;     // game numbers (show: several)
  std::string move;                 // move / swap / resign text
  std::optional<int> moveno;        // "#moveno" on a move
  std::vector<std::string> words;   // the rest: help subjects, addresses, userids, options,
                                    // preview moves, games filter words
  MaskedCommand masked;             // the command text with passwords replaced by "*****"
};

struct ParsedCommand {
  std::optional<Command> command;
  std::string error;   // when command is empty: what was wrong
  std::string usage;   // the usage line(s) of the command that was attempted, if known
  MaskedCommand masked;  // what replies and logs may quote, even on error
};

// Parses one command line. `game_names` are the games the server plays.
ParsedCommand parse_command(std::string_view text, const std::vector<std::string>& game_names);

// True if the first word starts a command (used to look for a command in a body line).
bool looks_like_command(std::string_view text, const std::vector<std::string>& game_names);

// The usage lines of every command, for `help commands` and error replies.
std::string command_usage(Verb verb, std::string_view game = "<game>");
std::string all_usages(std::string_view game = "<game>");
// Only the `<game> ...` commands, for one game.
std::string game_usages(std::string_view game);

// Account field rules, shared by signup and change.
std::optional<std::string> userid_problem(std::string_view userid);
std::optional<std::string> password_problem(std::string_view password);

}  // namespace pbem::server
