// What tournaments and leagues share when they start a game: its terms (the options,
// clock and rating every game of the competition has) and the game itself, created
// running with its first player's clock, watched as every new game of its kind is.
#pragma once

#include <optional>
#include <string>

#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"
#include "server/tournament/tournament_rules.h"

namespace pbem::server {

struct GameTerms {
  std::string type;          // the game
  std::string game_options;  // canonical
  bool rated = true;
  int days_per_move = 0;
  std::optional<std::string> time_bank;  // -clock's text; none: days_per_move
  bool weekends_off = false;             // -weekends=off: no clock runs at weekends
};

// A new game between the pairing's players (`first` moves first) on `terms`, its first
// player's clock running.
GameRecord create_competition_game(UnitOfWork& work, const GameTerms& terms, const tournament::Pairing& pairing);

// A mail about a competition to every confirmed address of `user_id` (the computer has none
// and gets nothing), ending with the link to the competition's web page `page`
// ("/leagues/3") when the web window has an address.
void mail_competitor(UnitOfWork& work, std::int64_t user_id, const std::string& page, const std::string& subject,
                     const std::string& text);

}  // namespace pbem::server
