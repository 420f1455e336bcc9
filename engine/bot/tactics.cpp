#include "engine/bot/tactics.h"

#include <algorithm>

namespace pbem::bot {

bool wins_at_once(const Game& game, const std::string& ply) {
  if (ply == "swap") return false;  // the board is unchanged
  const Colour mover = game.to_move();
  auto after = game.clone();
  return after->play(ply).ok && after->winner() == mover;
}

std::optional<std::string> winning_ply(const Game& game, const std::vector<std::string>& legal) {
  for (const std::string& ply : legal)
    if (wins_at_once(game, ply)) return ply;
  return std::nullopt;
}

std::vector<std::string> safe_plies(const Game& game, const std::vector<std::string>& legal) {
  const Colour mover = game.to_move();
  std::vector<std::string> threats;  // the opponent's winning replies met so far
  std::vector<std::string> safe;
  int checks_left = kReplyChecks;
  for (const std::string& ply : legal) {
    // A swap hands our stones to the opponent and changes whose threats are whose; the
    // search judges it like any other ply.
    if (ply == "swap") {
      safe.push_back(ply);
      continue;
    }
    auto after = game.clone();
    if (!after->play(ply).ok) continue;
    if (after->over()) {
      if (after->winner() == mover) safe.push_back(ply);
      continue;
    }
    bool allows_a_win = std::any_of(threats.begin(), threats.end(),
                                    [&](const std::string& reply) { return wins_at_once(*after, reply); });
    if (!allows_a_win && checks_left > 0) {
      for (const std::string& reply : after->legal_plies()) {
        --checks_left;
        if (wins_at_once(*after, reply)) {
          threats.push_back(reply);
          allows_a_win = true;
          break;
        }
      }
    }
    if (!allows_a_win) safe.push_back(ply);
  }
  return safe.empty() ? legal : safe;
}

}  // namespace pbem::bot
