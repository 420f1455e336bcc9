// The computer's review of a finished game (server.md "The computer's review of a finished
// game"): for each ply, the chance that the first player wins after it, the ply the
// computer preferred in its place and that ply's chance; the turning points (the plies
// after which the mover's chance fell most); and every missed win (a ply played where
// another won at once on the board, found by the rules, not by playouts). Pure and seeded:
// the same game, budget and seed always give the same review.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.h"

namespace pbem::bot {

// The least fall of the mover's chance, in points of 100, that makes a turning point, and
// how many a review names at most.
inline constexpr double kTurningPointDrop = 0.15;
inline constexpr int kMostTurningPoints = 3;

struct PlyReview {
  int number = 0;          // 1 for the first ply
  std::string move;        // as stored ("d4", "a:c3", "swap", "resign")
  int seat = 0;            // who played it: 0 the first player (the user of ply 1), 1 the other
  double first_win = 0.5;  // the first player's chance after it, 0 to 1
  std::string best;        // the ply the computer preferred in its place
  double best_win = 0.5;   // the first player's chance after `best`
  // Every ply that would have won at once instead (empty when none did, or when the ply
  // played was one of them).
  std::vector<std::string> missed_wins;
};

struct TurningPoint {
  int number = 0;  // the ply's number
  std::string played, best;
  double drop = 0;  // how far the mover's chance fell by it, 0 to 1
};

struct Review {
  int playouts = 0;  // per position
  std::vector<PlyReview> plies;
  std::vector<TurningPoint> turning_points;  // at most kMostTurningPoints, the largest drop first
};

// A ply as the game's record holds it: its text and the colour that played it (a player may
// resign out of turn).
struct RecordedPly {
  std::string move;
  int colour = 0;
};

// Reviews the game that `start` (the empty board of its options) and `plies` (every ply as
// stored, "resign" included) make, `playouts` per position. Throws std::invalid_argument
// for a ply the rules refuse or a budget out of range (mcts.h). `stopping`, asked before each
// position, cuts the review short: it then throws ReviewStopped (a server shutting down).
struct ReviewStopped : std::runtime_error {
  ReviewStopped() : std::runtime_error("the review was stopped") {}
};
Review review_game(const Game& start, const std::vector<RecordedPly>& plies, int playouts, std::uint64_t seed,
                   const std::function<bool()>& stopping = {});

}  // namespace pbem::bot
