// What the commands that create and enter competitions (tournaments, leagues) share: the
// name's rule, their own -name=value options, the game options every game of theirs gets,
// and who answers for an entrant (the computer is entered by the organiser).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/competition/competition_game.h"
#include "server/handlers/command_context.h"

namespace pbem::server {

// Refuses a name that is not 1-40 printable ASCII characters without blanks, or that looks
// like an option; `what` is "tournament" or "league".
void check_competition_name(const std::string& name, const std::string& what);
// "-name=value" -> value.
std::optional<std::string> option_value(const std::string& word, std::string_view name);
// The number of "-name=N", refused outside low..high.
int number_option(const std::string& word, std::string_view name, int low, int high);
// Every game's terms from the challenge options in `game_words` (`default_days` per move
// when neither -days nor -clock is given).
GameTerms parse_game_terms(const std::string& type, const std::vector<std::string>& game_words, int default_days);
// The entrant a join or leave is for: the player themself, or for the computer the
// organiser (`<game> join X bot organiser-password`).
Account competition_entrant(CommandContext& ctx, const Command& c, const std::string& organiser);

}  // namespace pbem::server
