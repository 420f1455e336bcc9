// How tournaments read in mail, on `tournament T` and on the web window: their names and
// titles, the line at the top of a tournament game's mails, the table. The tournament's
// life (its start, its rounds, its end) is server/competition/tournament_play.h.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/tournaments.h"
#include "server/tournament/tournament_rules.h"

namespace pbem::server {

// The rules' settings of tournament `t` (server/tournament/: pairings, tallies).
tournament::Settings settings_of(const TournamentRecord& t);
// "T#3 spring"
std::string tournament_name(const TournamentRecord& t);
// "round robin", "Swiss", "knockout"
std::string format_words(tournament::Format format);
// "T#3 spring (HY 3, round robin)"
std::string tournament_title(const TournamentRecord& t);
// The options every game of a competition is played with: "size=3, 3 days per move,
// weekends off, rated".
std::string game_settings_text(const std::string& game_options, int days_per_move,
                               const std::optional<std::string>& time_bank, bool weekends_off, bool rated);
// "1 player", "5 players".
std::string players_words(std::size_t n);
// The words of a table (tournament::table_text lays it out), from the catalogue.
const tournament::TableWords& table_words();
// The table of `t` as the mails and `tournament T` show it.
std::string tournament_table_text(Database& db, const TournamentRecord& t);

}  // namespace pbem::server
