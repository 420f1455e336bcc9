#include "engine/bot/playout.h"

#include <stdexcept>

namespace pbem::bot {

int winning_seat(const Game& game) {
  const Colour winner = game.winner() ? *game.winner() : other(game.to_move());
  return winner ^ (game.swapped() ? 1 : 0);
}

void random_playout(Game& game, MoveTable& moves, Rng& rng, std::vector<PlayedMove>& played) {
  // Candidates are drawn without replacement from the legal plies at the start. A drawn
  // ply that has become illegal (its cell taken, a parity or span rule) is dropped; once
  // the list runs dry it is rebuilt from the position, so a ply that became legal again
  // later is not lost and every ply played is legal.
  std::vector<int> candidates;
  auto refill = [&] {
    candidates.clear();
    for (const std::string& ply : game.legal_plies()) candidates.push_back(moves.id(ply));
  };
  refill();
  while (!game.over()) {
    if (candidates.empty()) {
      refill();
      if (candidates.empty()) return;  // stuck: winning_seat() scores it
    }
    const std::size_t pick = rng.below(static_cast<std::uint32_t>(candidates.size()));
    const int id = candidates[pick];
    candidates[pick] = candidates.back();
    candidates.pop_back();
    const int seat = seat_to_move(game);
    if (game.play(moves.text(id)).ok) played.push_back({id, seat});
  }
}

}  // namespace pbem::bot
