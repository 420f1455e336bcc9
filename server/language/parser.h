// The command language (pbmserv style): the Subject line parsed into a Command (command.h).
// Which words make which command and their argument parsers are rows of the command table
// (command_table.h); a refusal names the row whose usage it quotes (ParsedCommand::usage).
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

// A move by a player whose identity and game the server already knows (`account`, whose
// userid is `userid`, in game `game` of `type`): a reply to their game address
// (pipeline/reply_move.h) or a line of a reply to their digest. Only the player's own
// words are read, into the typed act they ask for (asked_act.h), once: `move_text` is a
// ply with an optional "#moveno", or one of the move words (swap, resign, undo, abort,
// accept, decline, reject), as pbmserv's `move 4 bob pw accept`; or `conditional ...`
// (clear, or a line of plies). On failure the error, usage and quote read as those of the
// whole `move` (or `conditional`) command would, and no word that may be a password is
// repeated.
ParsedCommand read_player_act(std::string_view type, std::int64_t game, std::int64_t account, std::string_view userid,
                              std::string_view move_text);

// A note by a reply to a player's game address (server.md "Notes"): the reply's first line
// is `note` or `note -sealed` (the `note_line` words, lower-cased), and the note is the
// body's text below that line. Nothing when the first line is not that.
std::optional<ParsedCommand> read_player_note(std::string_view type, std::int64_t game, std::int64_t account,
                                              std::string_view userid, std::string_view first_line);

// How many commands (and players' acts) the functions above have read in this process (for
// the test that shows a message's command is parsed once on its way through).
std::uint64_t command_parse_count();

// True if the first word starts a command (used to look for a command in a body line).
bool looks_like_command(std::string_view text, const std::vector<std::string>& game_names);


}  // namespace pbem::server
