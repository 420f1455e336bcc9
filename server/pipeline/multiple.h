// `multiple` (pbmserv): a mail whose body holds several commands, one on each line, carried
// out in order, each exactly as if it had come alone. Here: the one mail that answers the
// sender for all of them (the lines themselves are read by language/command_lines.h). The pipeline runs the lines, each in its own savepoint
// (pipeline/mail_service.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/command_lines.h"
#include "server/language/masked_command.h"
#include "server/pipeline/processor.h"

namespace pbem::server {

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
