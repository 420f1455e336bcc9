// The command language (pbmserv style): the Subject line parsed into a Command (command.h).
// Which words make which command, their usage lines and their argument parsers are rows of
// the command table (command_table.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/account_fields.h"
#include "server/language/command.h"

namespace pbem::server {

// Parses one command line. `game_names` are the games the server plays.
ParsedCommand parse_command(std::string_view text, const std::vector<std::string>& game_names);

// A move by a player whose identity and game the server already knows: a reply to their
// game address (reply_move.h), a line of a digest reply, or the computer opponent. The
// command is made from those (the move command of game `number` of `type` for `userid`,
// no password), and only the player's own words are read: `move_text` is a ply with an
// optional "#moveno", or one of the move words that are commands of their own (swap,
// resign, undo, abort, accept, decline), as pbmserv's `move 4 bob pw accept`; or
// `conditional ...` (clear, or a line of plies). Nothing is put back into words for
// parse_command; the quote (`masked`) reads as the whole command would.
ParsedCommand parse_player_move(std::string_view type, long long number, std::string_view userid,
                                std::string_view move_text);

// A note by a reply to a player's game address (server.md "Notes"): the reply's first line
// is `note` or `note -sealed` (the `note_line` words, lower-cased), and the note is the
// body's text below that line. Nothing when the first line is not that.
std::optional<ParsedCommand> parse_player_note(std::string_view type, long long number, std::string_view userid,
                                               std::string_view first_line);

// How many commands parse_command and parse_player_move have parsed in this process (for
// the test that shows a message's command is parsed once on its way through).
std::uint64_t command_parse_count();

// True if the first word starts a command (used to look for a command in a body line).
bool looks_like_command(std::string_view text, const std::vector<std::string>& game_names);


}  // namespace pbem::server
