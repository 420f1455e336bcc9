// What the commands that create and enter competitions (tournaments, leagues, ladders)
// share: the name's rule, their own -name=value options, the game options every game of
// theirs gets, who answers for an entrant (the computer is entered by the organiser), and
// the resignation of a leaver's game. `join` and `leave` reach each competition's own
// handler through its own table row (language/command_table.cpp, entry_arguments).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/competition/competition_game.h"
#include "server/context/command_context.h"

namespace pbem::server {

// Refuses a name that is not 1-40 printable ASCII characters without blanks, or that looks
// like an option; `what` is "tournament", "league" or "ladder".
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
// Resigns game `game_id` for `player`, who leaves `competition` (none: they erased their
// account), with its mail headed so; false when the game is over already.
bool resign_for_leaver(CommandContext& ctx, std::int64_t game_id, const Account& player,
                       const std::optional<std::string>& competition);
// The same for a player who left `competition` ("tournament T#3", "ladder L#2").
bool resign_on_leaving(CommandContext& ctx, std::int64_t game_id, const Account& player, const std::string& competition);

}  // namespace pbem::server
