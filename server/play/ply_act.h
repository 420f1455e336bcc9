// The act of a ply (a placement or a swap; a resignation is resign_game): one call that knows
// no channel. A mail command, a reply to a game address, a line of a digest reply and the
// computer each authenticate their player their own way and then come here with the game,
// the player and the ply; what comes back is the ply as stored, or a refusal as data
// (mailing/refusal_text.h words it). The events are the unit of work's (end_of_ply.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "server/play/end_of_ply.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace refusal {
// The game was aborted (GameRecord::aborted_by says by whom and how).
struct GameAborted {};
// The game is over: its result stands.
struct GameOver {};
// It is `to_move`'s turn (a colour of the game), not the player's.
struct NotYourTurn {
  int to_move = 0;
};
// The ply was sent as move `asked` while the game is at move `next`.
struct WrongMoveNumber {
  int asked = 0, next = 0;
};
// The rules refuse `ply`: `why` is the engine's reason.
struct IllegalPly {
  std::string ply;
  std::string why;
};
}  // namespace refusal

using PlyRefusal = std::variant<refusal::GameAborted, refusal::GameOver, refusal::NotYourTurn,
                                refusal::WrongMoveNumber, refusal::IllegalPly>;

// A ply played: the game after it, the mover's colour, the ply's number and canonical
// text, and what its end came to (the reactions' PlyEnd).
struct PlyPlayed {
  std::unique_ptr<Game> game;
  int colour = 0;
  int number = 0;
  std::string ply;
  PlyEnd end;
};

// The result of an act: what it did, or why it did nothing. The game as read is kept with a
// refusal, for the words that explain it.
template <typename Done, typename Refused>
struct ActResult {
  std::variant<Done, Refused> outcome;
  std::unique_ptr<Game> position;  // the game as it was when refused (null when done)
  bool done() const { return outcome.index() == 0; }
};

// `player_id`, a player of `record`, plays `ply` (as move `moveno`, when given).
ActResult<PlyPlayed, PlyRefusal> play_ply(UnitOfWork& work, const GameRecord& record, std::int64_t player_id,
                                          const std::string& ply, std::optional<int> moveno);

// A resignation: the game after it, the resigner's colour, and what its end came to.
struct Resignation {
  std::unique_ptr<Game> game;
  int colour = 0;
  PlyEnd end;
};

// `player_id`, a player of `record`, resigns it: at any time while it runs, their turn or
// not (docs/decisions.md). Refused for an aborted or finished game.
ActResult<Resignation, PlyRefusal> resign_game(UnitOfWork& work, const GameRecord& record, std::int64_t player_id);

// Whether `ply` is a bare cell ("d3") in `game`, whose plies name a tile before their cell
// ("a:d3", Gates): a ply that picks the cell and leaves the tile to choose.
bool is_bare_cell_of_tile_game(const Game& game, const std::string& ply);

// The plies a tile game's player to move may play at one cell, each with the game after
// it ("Two taps to move": the reply of a bare cell shows them before one is chosen).
// Nothing is stored.
struct CellChoice {
  std::unique_ptr<Game> game;  // the position the choice is made in
  int number = 0;              // the move number the chosen ply will be
  std::string cell;            // as the engine names it ("d3")
  std::vector<std::string> plies;  // the legal plies at the cell, in the engine's order
};

// `player_id`'s choice at `cell` of `record` (as move `moveno`, when given): refused as a
// ply would be, and as an illegal ply (the engine's reason) when no tile may go there.
ActResult<CellChoice, PlyRefusal> choose_at_cell(UnitOfWork& work, const GameRecord& record, std::int64_t player_id,
                                                 const std::string& cell, std::optional<int> moveno);

}  // namespace pbem::server
