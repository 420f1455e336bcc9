// Every game's option and move parsing, through the engine's public interface. The input's
// first line holds the game's registry name and its challenge options (blank-separated), as
// a challenge names them; every further line is one ply. The game comes from the input, so
// this target covers every game in the registry without a list of names. After each accepted ply the
// game must still render and list its legal plies, as the server does for every mail.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"
#include "engine/registry.h"
#include "engine/text.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input = pbem::fuzz::as_text(data, size);
  const auto end_of_options = input.find('\n');
  std::vector<std::string> options = pbem::split_words(input.substr(0, end_of_options));
  if (options.empty() || !pbem::find_game_type(options.front())) return 0;
  const std::string name = options.front();
  options.erase(options.begin());
  std::unique_ptr<pbem::Game> game;
  try {
    game = pbem::create_game(name, options);
  } catch (const pbem::OptionError&) {
    return 0;  // refused options: the challenge is answered with the error
  }
  if (end_of_options == std::string_view::npos) return 0;
  input.remove_prefix(end_of_options + 1);
  while (!input.empty()) {
    const auto end = input.find('\n');
    const std::string_view ply = input.substr(0, end);
    input = end == std::string_view::npos ? std::string_view{} : input.substr(end + 1);
    if (game->over()) break;
    if (game->play(ply).ok) {
      game->render(pbem::RenderContext{});
      game->state_json();
    }
  }
  game->legal_plies();
  return 0;
}
