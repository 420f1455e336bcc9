// The command table: every command the server understands is one row here, with the words
// that call it, the parser of its arguments, what secret it carries and its traits
// (command_spec.h). The parser, the dispatcher, help texts and the usage quoted in error
// replies all read this table and nothing else; a row's usage line is worded by the
// catalogue (mailing/usage_text.h), as every text a player reads.
//
// A new command is one row in command_table.cpp, its usage line (mailing/usage_text.cpp and
// the catalogue) and one handler (server/handlers/handlers.h,
// named in server/handlers/dispatch.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/command_spec.h"

namespace pbem::server {

const std::vector<CommandSpec>& command_table();
// The row called `name`; throws std::logic_error for a name not in the table (a bug).
const CommandSpec& command_named(std::string_view name);

// The words a move command hands to a command of their own ("swap", "resign", ...).
const std::vector<std::string>& move_words();
// The command a move word calls ("swap" is the swap command), or nothing for a ply.
const CommandSpec* move_word_command(std::string_view move);

// A move as typed, `move[#moveno]`: the move lower-cased and its number. Reads one word
// (the caller checks that nothing follows); throws ParseFailure for a misplaced '#'.
struct PlyWords {
  std::string move;
  std::optional<int> moveno;
};
PlyWords take_ply_words(ArgumentReader& reader);

// The rest of a conditional command: nothing (the listing), {"clear"}, or a line of plies
// (read as private words: no error repeats them).
std::vector<std::string> take_conditional_words(ArgumentReader& reader);

}  // namespace pbem::server
