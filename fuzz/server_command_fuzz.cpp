// A Subject line through the command parser, as every inbound mail's command goes; a refused
// one then through the words its error mail quotes (the refusal, the usage line), masked as
// the processor masks them (pipeline/processor.cpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "server/language/parser.h"
#include "server/mailing/usage_text.h"
#include "server/replies/parse_replies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = pbem::fuzz::as_text(data, size);
  const auto& names = pbem::fuzz::game_names();
  pbem::server::looks_like_command(text, names);
  const pbem::server::ParsedCommand parsed = pbem::server::parse_command(text, names);
  if (parsed.command || parsed.act) return 0;
  const std::string reason = pbem::server::parse_error(parsed);
  if (reason.empty()) __builtin_trap();  // a refusal the sender is told nothing about
  for (const bool order_proven : {false, true})
    parsed.secrets.masked_in(reason, order_proven, parsed.known_userid);
  pbem::server::command_usage(parsed.usage);
  return 0;
}
