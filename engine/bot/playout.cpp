#include "engine/bot/playout.h"

#include <stdexcept>

namespace pbem::bot {

int winning_seat(const Game& game) {
  const Colour winner = game.winner() ? *game.winner() : other(game.to_move());
  return winner ^ (game.swapped() ? 1 : 0);
}

void random_playout(Game& game, MoveTable& moves, Rng& rng, std::vector<PlayedMove>& played,
                    std::vector<int>& candidates) {
  // Candidates are drawn without replacement from the legal plies at the start. A drawn
  // ply that has become illegal (its cell taken, a parity or span rule) is dropped; once
  // the list runs dry it is rebuilt from the position, so a ply that became legal again
  // later is not lost and every ply played is legal.
  //
  // Candidates are ply codes, listed in legal_plies() order, and numbered as they are
  // listed: exactly the draws, plies and numbers of the string-based playouts this
  // replaces (tests/engine/playout_identity_test.cpp keeps a copy of those and compares).
  auto refill = [&] {
    game.legal_ply_codes(candidates);
    for (int code : candidates) moves.id_of_code(game, code);
  };
  refill();
  while (!game.over()) {
    if (candidates.empty()) {
      refill();
      if (candidates.empty()) return;  // stuck: winning_seat() scores it
    }
    const std::size_t pick = rng.below(static_cast<std::uint32_t>(candidates.size()));
    const int code = candidates[pick];
    candidates[pick] = candidates.back();
    candidates.pop_back();
    const int seat = seat_to_move(game);
    if (game.play_code(code)) played.push_back({moves.id_of_code(game, code), seat});
  }
}

void random_playout(Game& game, MoveTable& moves, Rng& rng, std::vector<PlayedMove>& played) {
  std::vector<int> candidates;
  random_playout(game, moves, rng, played, candidates);
}

}  // namespace pbem::bot
