// Raw bytes as an inbound mail, through the path `pbem ingest` takes: MIME parsing
// (parse_inbound), then finding the command in the Subject or the body's first line, and
// the lines of a `multiple`.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/text.h"
#include "fuzz/fuzz_support.h"
#include "mail/inbound_message.h"
#include "mail/reply_text.h"
#include "server/language/parser.h"
#include "server/language/command_lines.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view raw = pbem::fuzz::as_text(data, size);
  pbem::mail::InboundMessage message;
  try {
    message = pbem::mail::parse_inbound(raw);
  } catch (const pbem::mail::MailParseError&) {
    return 0;  // not a mail at all: ingest rejects it the same way
  }
  // The same choice the server makes (server/pipeline/mail_service.cpp, command_text): the
  // Subject when it parses, else the first line of the new body text when that looks like one.
  const auto& names = pbem::fuzz::game_names();
  pbem::server::parse_command(message.subject, names);
  std::string_view body = message.body_new_text;
  std::string first_line(pbem::trim(body.substr(0, body.find('\n'))));
  if (pbem::server::looks_like_command(first_line, names)) pbem::server::parse_command(first_line, names);
  // A `multiple` reads its lines from the text above the first quote (server/pipeline/intake.cpp).
  pbem::server::read_command_lines(pbem::mail::extract_top_text(message.body_text), names);
  return 0;
}
