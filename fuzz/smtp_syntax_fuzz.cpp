// Bytes as SMTP lines through every parser a peer's text reaches: command lines and their
// MAIL/RCPT path arguments (server side), reply lines (client side), address checks.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_support.h"
#include "mail/smtp_syntax.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pbem::mail;
  const auto line = pbem::fuzz::as_text(data, size);
  const SmtpCommand command = parse_command_line(line);
  parse_path_argument(command.argument, "FROM");
  parse_path_argument(command.argument, "TO");
  if (auto path = parse_path_argument(line, "FROM")) is_wellformed_address(path->address);
  is_wellformed_address(line);
  parse_reply_line(line);
  return 0;
}
