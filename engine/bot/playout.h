// Random playouts for the Monte Carlo search, on any game of the registry.
//
// A playout plays uniformly random legal plies through Game::play_code() until the game is
// decided. Ply codes are the integer form of Game::play() and legal_plies(), which are built
// on them: no text is written or parsed per ply, yet a playout runs on each game's own
// incremental union-find board and follows every rule and option exactly as a player's ply
// would (HY 3's "exactly half" ban, Gates' parity rules and inversions, Gaia's paired edge
// cells and its "no way left" win): no rule is written twice. The plies, draws and winner
// are those of the string-based playouts this replaced, from the same seed
// (tests/engine/playout_identity_test.cpp). Filling the board blindly and judging once at
// the end would be faster, but is wrong for these games: HY 3 forbids some placements and
// ends when a player has none left, Cross Gates can make the mover lose, and Gates
// inversions recolour earlier paths.
#pragma once

#include <vector>

#include "engine/bot/move_table.h"
#include "engine/bot/rng.h"
#include "engine/game.h"

namespace pbem::bot {

// A seat is a user, not a colour: after a swap at ply 2 the user who played colour 0
// plays colour 1. The search scores moves for the user who chose them.
inline int seat_to_move(const Game& game) { return game.to_move() ^ (game.swapped() ? 1 : 0); }

// The seat that won a finished playout. A game that is not over but has no legal ply left
// (no rule of ours lets that happen) counts as a loss for the side to move.
int winning_seat(const Game& game);

struct PlayedMove {
  int id;    // MoveTable number
  int seat;  // who played it
};

// Plays random legal plies on `game` until it is over or stuck; appends each to `played`.
// `candidates` is the caller's scratch buffer, kept between playouts so that they allocate
// nothing; the overload without it makes its own.
void random_playout(Game& game, MoveTable& moves, Rng& rng, std::vector<PlayedMove>& played,
                    std::vector<int>& candidates);
void random_playout(Game& game, MoveTable& moves, Rng& rng, std::vector<PlayedMove>& played);

}  // namespace pbem::bot
