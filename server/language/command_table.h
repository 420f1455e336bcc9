// The command table: every command the server understands is one row here, with the words
// that call it, its usage line, the parser of its arguments, what secret it carries and
// the handler that carries it out. The parser, the dispatcher, help texts and the usage
// quoted in error replies all read this table and nothing else.
//
// A new command is one row in command_table.cpp and one handler (handlers.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pbem::server {

class ArgumentReader;
class CommandContext;
struct Command;

// What the command's password word is, which decides how it is checked and quoted.
enum class Secret {
  None,        // no password
  Password,    // the user's password, verified before anything happens
  NewAccount,  // a signup's chosen password: nothing to verify yet
  Code,        // a one-time confirmation code, kept in Command::password and masked alike
};

struct CommandSpec {
  std::string_view name;  // how code and tests name it: "move", "change password"
  bool for_game;          // written "<game> <words> ...", e.g. "hy3 move ..."
  // The words that call it (after the game name for a game command); several spellings may
  // call one command ("move", "play"), and a spelling may be two words ("change password").
  // None: no Subject calls it, only the mail intake makes it (`list unsubscribe`).
  std::vector<std::string_view> spellings;
  std::string_view usage;  // "<game>" stands for the game's name
  // Reads the words after the command's own into the Command; throws ParseFailure. It may
  // hand the command to another row (`move 4 bob pw swap` is a swap).
  void (*parse)(ArgumentReader& reader, Command& command);
  Secret secret;
  void (*handle)(CommandContext& context, const Command& command);
};

const std::vector<CommandSpec>& command_table();
// The row called `name`; throws std::logic_error for a name not in the table (a bug).
const CommandSpec& command_named(std::string_view name);

// The words a move command hands to a command of their own ("swap", "resign", ...).
const std::vector<std::string>& move_words();
// The arguments of a move or conditional command whose player is already authenticated
// (a reply to a game address, the computer): board userid and the move[#moveno] or the
// conditional line, no password. `command.spec` says which.
void parse_authenticated_move(ArgumentReader& reader, Command& command);

// The usage line of one command, of every command, of every game command, with "<game>"
// replaced by `game`.
std::string command_usage(const CommandSpec& spec, std::string_view game = "<game>");
std::string all_usages(std::string_view game = "<game>");
std::string game_usages(std::string_view game);

}  // namespace pbem::server
