#include "engine/bot/review.h"

#include <algorithm>
#include <stdexcept>

#include "engine/bot/mcts.h"
#include "engine/bot/playout.h"
#include "engine/bot/tactics.h"

namespace pbem::bot {

namespace {

// The seat that holds `colour` in `game` (a swap exchanges them).
int seat_of(const Game& game, int colour) { return colour ^ (game.swapped() ? 1 : 0); }

struct Estimate {
  double mover_win = 0.5;  // the chance of the side to move
  std::string best;        // its preferred ply
};

// The side to move's chance in `game`, and its preferred ply. A position the search does
// not score (one legal ply, or one ply that stops an immediate win) is scored through the
// position after that ply; a ply that wins at once scores 1.
Estimate estimate(const Game& game, int playouts, std::uint64_t seed) {
  const Choice choice = choose_ply(game, SearchLimits{playouts, seed});
  if (choice.reason == "search" || choice.reason == "wins at once") return {choice.win_rate, choice.ply};
  auto after = game.clone();
  if (!after->play(choice.ply).ok) throw std::invalid_argument("the computer chose an illegal ply");
  if (after->over()) return {after->winner() && seat_of(*after, *after->winner()) == seat_to_move(game) ? 1.0 : 0.0,
                             choice.ply};
  const bool same_mover = seat_to_move(*after) == seat_to_move(game);
  const double next = estimate(*after, playouts, seed + 1).mover_win;
  return {same_mover ? next : 1.0 - next, choice.ply};
}

// The first player's chance in `game`: exact once it is over.
double first_player_chance(const Game& game, int playouts, std::uint64_t seed) {
  if (game.over()) return game.winner() && seat_of(game, *game.winner()) == 0 ? 1.0 : 0.0;
  const double mover = estimate(game, playouts, seed).mover_win;
  return seat_to_move(game) == 0 ? mover : 1.0 - mover;
}

// One spelling each: legal_plies() lists both labels of a Gaia edge pair, which are one ply
// (Game::ply_identity), and a review names that ply once.
std::vector<std::string> plies_that_win_at_once(const Game& game) {
  std::vector<std::string> winning;
  for (const std::string& ply : game.legal_plies()) {
    if (!wins_at_once(game, ply)) continue;
    const std::string identity = game.ply_identity(ply);
    const bool named = std::any_of(winning.begin(), winning.end(),
                                   [&](const std::string& other) { return game.ply_identity(other) == identity; });
    if (!named) winning.push_back(ply);
  }
  return winning;
}

bool same_ply(const Game& game, const std::string& a, const std::string& b) {
  return game.ply_identity(a) == game.ply_identity(b);
}

}  // namespace

Review review_game(const Game& start, const std::vector<RecordedPly>& plies, int playouts, std::uint64_t seed,
                   const std::function<bool()>& stopping) {
  if (playouts < 1 || playouts > kMaxPlayouts)
    throw std::invalid_argument("the playout budget must be 1 to " + std::to_string(kMaxPlayouts));
  Review review;
  review.playouts = playouts;
  auto game = start.clone();
  // Whether each ply was the computer's own choice (by Game::ply_identity, while its
  // position is at hand): such a ply is no turning point, whatever the chances say.
  std::vector<bool> played_best;
  // Each position is searched once: its estimate is the chance after the ply that led to
  // it, and its preferred ply the computer's choice in place of the next.
  Estimate here = game->over() ? Estimate{} : estimate(*game, playouts, seed);
  for (std::size_t i = 0; i < plies.size(); ++i) {
    if (game->over()) throw std::invalid_argument("a ply after the end of the game");
    if (stopping && stopping()) throw ReviewStopped();
    const RecordedPly& recorded = plies[i];
    const bool resigned = recorded.move == "resign";
    PlyReview ply;
    ply.number = static_cast<int>(i) + 1;
    ply.move = recorded.move;
    ply.seat = resigned ? seat_of(*game, recorded.colour) : seat_to_move(*game);
    ply.best = here.best;
    ply.best_win = seat_to_move(*game) == 0 ? here.mover_win : 1.0 - here.mover_win;
    // A win missed: the mover had a ply that won at once and played another (or resigned).
    if (!resigned || recorded.colour == game->to_move()) {
      std::vector<std::string> winning = plies_that_win_at_once(*game);
      if (std::none_of(winning.begin(), winning.end(),
                       [&](const std::string& win) { return same_ply(*game, win, recorded.move); }))
        ply.missed_wins = std::move(winning);
    }
    played_best.push_back(!resigned && same_ply(*game, here.best, recorded.move));
    const PlyResult result = resigned ? game->resign(recorded.colour) : game->play(recorded.move);
    if (!result.ok) throw std::invalid_argument("ply " + std::to_string(ply.number) + ": " + result.error);
    const std::uint64_t position_seed = seed + 7919u * static_cast<std::uint64_t>(i + 1);
    if (game->over()) {
      ply.first_win = first_player_chance(*game, playouts, position_seed);
    } else {
      here = estimate(*game, playouts, position_seed);
      ply.first_win = seat_to_move(*game) == 0 ? here.mover_win : 1.0 - here.mover_win;
    }
    review.plies.push_back(std::move(ply));
  }
  // The turning points: the mover's chance before the ply (as the computer's best play
  // would keep it) against after it.
  for (std::size_t i = 0; i < review.plies.size(); ++i) {
    const PlyReview& ply = review.plies[i];
    const double before = ply.seat == 0 ? ply.best_win : 1.0 - ply.best_win;
    const double after = ply.seat == 0 ? ply.first_win : 1.0 - ply.first_win;
    if (before - after >= kTurningPointDrop && !played_best[i])
      review.turning_points.push_back({ply.number, ply.move, ply.best, before - after});
  }
  std::stable_sort(review.turning_points.begin(), review.turning_points.end(),
                   [](const TurningPoint& a, const TurningPoint& b) { return a.drop > b.drop; });
  if (review.turning_points.size() > kMostTurningPoints) review.turning_points.resize(kMostTurningPoints);
  return review;
}

}  // namespace pbem::bot
