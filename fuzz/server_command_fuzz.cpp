// A Subject line through the command parser, as every inbound mail's command goes.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_support.h"
#include "server/language/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = pbem::fuzz::as_text(data, size);
  const auto& names = pbem::fuzz::game_names();
  pbem::server::looks_like_command(text, names);
  pbem::server::parse_command(text, names);
  return 0;
}
