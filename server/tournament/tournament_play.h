// A tournament's life once it has entrants (spec "Tournaments"): its start (by -players, by
// the organiser, by the tick at -start), each round's games created and announced in one
// mail per player, the result of each game, the next Swiss or knockout round begun in the
// transaction that ends the round's last game, the final table mailed to all. All inside
// the caller's transaction; who plays whom is server/tournament/ (pure).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/game.h"
#include "server/handlers/clock_events.h"
#include "server/handlers/command_context.h"
#include "server/storage/game_records.h"
#include "server/storage/tournaments.h"

namespace pbem::server {

// The fewest entrants a format starts with (round robin 3, Swiss 4, knockout 2).
int minimum_entrants(tournament::Format format);

// Starts the open tournament `t` (it has at least minimum_entrants): the ratings at the
// start, round 1's games, each player's mail.
void start_tournament(CommandContext& ctx, const TournamentRecord& t);

// end_of_ply's hook for a game that has just ended (`stored`; `position` the game after its
// last ply, null after a loss on time): a tournament game records its winner, and the
// round's last game begins the next round or ends the tournament.
void tournament_game_ended(CommandContext& ctx, const GameRecord& stored, const Game* position);

// "Tournament T#3 spring, round 2\n\n" at the top of every mail of a tournament game; ""
// for another game.
std::string tournament_line(Database& db, const GameRecord& record);

// The tick's duty for an open tournament whose -start date has come: it starts with
// enough entrants, else it is cancelled and the entrants and organiser are told. Inside
// the caller's transaction; nothing when it is no longer due.
std::optional<ClockDutyDone> start_due_tournament(Database& db, const Config& config, std::int64_t id,
                                                  const std::string& now);

// The table of `t` as the mails and `tournament T` show it.
std::string tournament_table_text(Database& db, const TournamentRecord& t);

// "round robin", "Swiss", "knockout"
std::string format_words(tournament::Format format);

// "T#3 spring (HY 3, round robin)"
std::string tournament_title(const TournamentRecord& t);

}  // namespace pbem::server
