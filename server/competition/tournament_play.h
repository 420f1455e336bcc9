// A tournament's life once it has entrants (spec "Tournaments"): its start (by -players, by
// the organiser, by the tick at -start), each round's games created and announced in one
// mail per player, the result of each game, the next Swiss or knockout round begun in the
// transaction that ends the round's last game, the final table mailed to all. All inside
// the caller's transaction; who plays whom is server/tournament/ (pure), how a tournament
// reads is server/mailing/tournament_text.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "engine/game.h"
#include "server/mailing/competition_text.h"
#include "server/play/end_of_ply.h"
#include "server/play/game_limits.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"
#include "server/storage/tournaments.h"
#include "server/tournament/tournament_refusals.h"
#include "server/tournament/tournament_rules.h"

namespace pbem::server {

// The fewest entrants a format starts with (round robin 3, Swiss 4, knockout 2).
int minimum_entrants(tournament::Format format);
// The most (issue 29): 64, a round robin's own most 16 (120 games at once).
inline constexpr int kMaxEntrants = 64;
int maximum_entrants(tournament::Format format);

// `player` (the computer too, entered by the organiser) joins the tournament `t`: while it
// is open, once, with a confirmed address, within its -players cap, and within the caps on
// games at once: its games will count toward them, and a tournament with both the
// computer and a human in it holds the human's places for its games from the join
// (spec "The computer in competitions"). Refused as data; `full`: the join filled its
// -players, and the caller starts it.
struct TournamentJoined {
  int entered = 0;
  bool full = false;
};
using TournamentJoinRefusal = std::variant<TournamentRefusal, EntrantRefusal, GameLimitRefusal>;
std::variant<TournamentJoined, TournamentJoinRefusal> enter_tournament(UnitOfWork& work, const TournamentRecord& t,
                                                                       const Account& player);

// Starts the open tournament `t` (it has at least minimum_entrants): the ratings at the
// start, round 1's games, each player's mail.
void start_tournament(UnitOfWork& work, const TournamentRecord& t);

// The ply reaction (ply_reactions.h) for a game that has just ended: a tournament game
// records its winner, and the round's last game begins the next round or ends the
// tournament.
void score_tournament_game(UnitOfWork& work, PlyEnd& end, const Game* position);

// The tick's duty for an open tournament whose -start date has come: it starts with
// enough entrants, else it is cancelled and the entrants and organiser are told. Returns
// the log line; nothing when it is no longer due (and nothing is written).
std::optional<std::string> start_due_tournament(UnitOfWork& work, std::int64_t id, const std::string& now);

}  // namespace pbem::server
