// The words of a command line refused as it was read (language/parse_refusal.h): the
// parser's, the argument readers' and a `multiple`'s line checks. The processor quotes the
// error with the secrets of the line masked (language/masked_command.h, SecretWords).
#pragma once

#include <string>

#include "server/language/command.h"
#include "server/language/parse_refusal.h"

namespace pbem::server {

std::string refusal_text(const ParseRefusal& why);

// Why `parsed` (a refused line: no command, no act) was refused, worded, with no word in it
// that may be a secret: its parse refusal, or the refusal the intake worded already.
std::string parse_error(const ParsedCommand& parsed);

}  // namespace pbem::server
