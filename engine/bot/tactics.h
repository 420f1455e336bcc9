// Exact one-move tactics at the root of a search, which random playouts see only
// statistically: a ply that wins at once is played at once, and plies that leave the
// opponent an immediate win are left out of the search when some ply avoids that.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"

namespace pbem::bot {

// True if `ply` is legal and wins the game at once for the side to move.
bool wins_at_once(const Game& game, const std::string& ply);

// The first of `legal` that wins at once, if any.
std::optional<std::string> winning_ply(const Game& game, const std::vector<std::string>& legal);

// The plies of `legal` after which the opponent has no immediate win (and which do not
// lose at once); all of `legal` when none avoids that.
//
// Checking every reply after every ply costs the square of the number of plies, so it is
// bounded: the opponent's winning replies found so far are tried first after each ply (a
// ply that allows one is dropped at once), and all replies are tried only while a budget of
// kReplyChecks checks lasts; after that a ply is judged on the known threats alone. On the
// default boards of HY 3, Gaia and Cross Gates the whole check fits in the budget.
inline constexpr int kReplyChecks = 40000;
std::vector<std::string> safe_plies(const Game& game, const std::vector<std::string>& legal);

}  // namespace pbem::bot
