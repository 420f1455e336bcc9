// The lines of a `multiple` (pbmserv): a mail whose body holds several commands, one on
// each line. Which lines those are, each parsed once at intake, and the lines refused
// before anything runs. Carrying them out and answering them is server/pipeline/multiple.h.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "server/language/parser.h"

namespace pbem::server {

struct CommandLines {
  static constexpr std::size_t kMaxLines = 20;
  std::vector<ParsedCommand> commands;  // the first kMaxLines lines, each parsed once, in order
  std::size_t left_out = 0;             // the lines after those: not carried out, one error for all
};

// True for a command carried out as the lines of its mail's body (`multiple`).
bool takes_command_lines(const ParsedCommand& command);

// The command lines of `text`, the new text of a body (mail::extract_top_text): every line
// that is not blank. A line that is `multiple` itself, or `chat` or `message` (which send
// the body, and this body is commands), is refused as it is read. Empty when there is no
// line: then `multiple` itself is carried out, and refused as empty.
std::optional<CommandLines> read_command_lines(std::string_view text, const std::vector<std::string>& game_names);

}  // namespace pbem::server
