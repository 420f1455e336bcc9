// `multiple` (pbmserv): a mail whose body holds several commands, one on each line, carried
// out in order, each exactly as if it had come alone. Here: which lines those are (read
// once, at intake), the lines refused before anything runs, and the one mail that answers
// the sender for all of them. The pipeline runs the lines, each in its own savepoint
// (pipeline/mail_service.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/parser.h"
#include "server/language/masked_command.h"
#include "server/handlers/processor.h"

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

// How a multiple is answered: one mail to the sender with every line's result in order (its
// errors, acknowledgements, help and listings: the replies to the sender that are not game
// mail), and each line's other mail (board mails, notices, game-threaded replies) as it was.
struct MultipleAnswer {
  Reply gathered;
  // The same with each line's result in one line: sent instead when the gathered mail would
  // pass the budget of a mail without a password, so that the sender still learns which
  // lines were refused and why.
  Reply brief;
  std::vector<Outcome> lines;  // each line's outcome, the gathered replies taken out
  MaskedCommand masked;        // "multiple (3 lines: hy3 move 1 alice ***** b2; ...)"
  std::string summary;         // one line for the inbox row and the log
};
MultipleAnswer answer_lines(const std::string& sender, std::vector<Outcome> lines, std::size_t left_out);

}  // namespace pbem::server
