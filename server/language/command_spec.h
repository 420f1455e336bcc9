// One row of the command table (command_table.h): what a command is called, how its words
// are read, what secret it carries, and what other parts of the server may know of it
// without comparing its name. Who carries it out is not here: the command language knows
// no handler (server/handlers/dispatch.h maps each row's name to its handler); nor does it
// word its usage line, which is the catalogue's (mailing/usage_text.h).
#pragma once

#include <string_view>
#include <vector>

namespace pbem::server {

class ArgumentReader;
struct Command;

// What the command's password word is, which decides how it is checked and quoted.
enum class Secret {
  None,        // no password
  Password,    // the user's password, verified before anything happens
  NewAccount,  // a signup's chosen password: nothing to verify yet
  Code,        // a one-time confirmation code, kept in Command::password and masked alike
};

// What the rest of the server decides about a command by its kind. Every trait is false
// unless its row says otherwise (designated initializers).
struct CommandTraits {
  // `multiple`: its mail's body lines are the commands it carries out; it cannot stand as
  // one of those lines itself.
  bool body_is_commands = false;
  // `chat`, `message`: the mail's body is the text they send, so they cannot stand as a
  // line of a `multiple`, whose body is commands.
  bool sends_body = false;
  // `move`: the board after it may be drawn before the batch's transaction, once its
  // credential is known good (pipeline/picture_warmup.h).
  bool drawn_ahead = false;
  // `conditional`: a player who moves by reply writes a line of plies, not one move.
  bool takes_ply_line = false;
};

struct CommandSpec {
  std::string_view name;  // how code and tests name it: "move", "change password"
  bool for_game;          // written "<game> <words> ...", e.g. "hy3 move ..."
  // The words that call it (after the game name for a game command); several spellings may
  // call one command ("move", "play"), and a spelling may be two words ("change password").
  // None: no Subject calls it, only the mail intake makes it (`list unsubscribe`).
  std::vector<std::string_view> spellings;
  // Reads the words after the command's own into the Command; throws ParseFailure. It may
  // hand the command to another row (`move 4 bob pw swap` is a swap).
  void (*parse)(ArgumentReader& reader, Command& command);
  Secret secret;
  CommandTraits traits{};
};

}  // namespace pbem::server
