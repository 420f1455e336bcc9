// What the commands of tournaments and ladders share (spec "Tournaments", "Ladders"): a
// competition's name and own options, the options of its games, who a join or leave is
// for (a player, or the computer entered by the organiser), and `join`/`leave`, which
// name either (a ladder with its prefix, L#3) and hand on to its handler.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/accounts.h"

namespace pbem::server {

class CommandContext;
struct Command;

// A competition's name: 1-40 printable ASCII characters without blanks, before the options.
void check_competition_name(const std::string& name, std::string_view what);

// "-name=value" -> value, for a competition's own options.
std::optional<std::string> option_value(const std::string& word, std::string_view name);
// The number of "-name=N", refused unless low..high.
int number_option(const std::string& word, std::string_view name, int low, int high);

// The options every game of a competition is played with (challenge_options.h), with
// `default_days` per move when neither -days nor -clock is given.
struct CompetitionGames {
  std::string game_options;  // canonical, as games.options
  bool rated = true;
  int days_per_move = 0;
  std::optional<std::string> time_bank;
};
CompetitionGames competition_games(const std::string& type, const std::vector<std::string>& words, int default_days);

// The entrant a join or leave is for, and who answers for them: the player themself, or
// for the computer the organiser (`<game> join T bot organiser-password`).
Account entrant_of(CommandContext& ctx, const Command& c, const std::string& organiser);

// Resigns game `game_id` for `player`, who left `competition` ("tournament T#3", "ladder
// L#2"), with its mail; false when the game is over already.
bool resign_on_leaving(CommandContext& ctx, std::int64_t game_id, const Account& player, const std::string& competition);

}  // namespace pbem::server
