#include "server/play/end_of_ply.h"

#include <chrono>
#include <stdexcept>

#include "server/play/game_clock.h"
#include "server/play/seats.h"

namespace pbem::server {

namespace {

// What follows every stored ply or result: the event of a game's end (`reason`: how a
// game that `stored` shows over ended; `by`: who aborted it), then the unit of work's
// reactions, in their order. `stored` is the game as its store_* left it (GameRecords
// returns what it wrote); `position` is the game after a ply, null after a result, a
// takeback or an abort.
PlyEnd finish(UnitOfWork& work, const GameRecord& stored, const Game* position, GameEnd reason,
              std::optional<std::int64_t> by = std::nullopt) {
  if (!stored.active) work.record(event::GameEnded{stored.id, winner_id(stored), reason, by, stored.plies});
  PlyEnd end;
  end.record = stored;
  work.reactions.run(work, end, position);
  return end;
}

}  // namespace

PlyEnd store_ply(UnitOfWork& work, const GameRecord& record, const Game& game, const std::string& ply, int colour,
                 std::int64_t user_id) {
  const TurnClock clock = game.over() ? TurnClock{}
                                      : clock_after_turn(work.db, work.config.clock, record, user_id, true,
                                                         user_id_of_colour(record, game, game.to_move()),
                                                         std::chrono::system_clock::now());
  const GameRecord stored = work.records.append(record, ply, colour, user_id, game, clock);
  work.record(event::PlyStored{stored.id, stored.plies, ply, colour, user_id});
  return finish(work, stored, &game, ply == "resign" ? GameEnd::Resigned : GameEnd::Board);
}

PlyEnd store_loss_on_time(UnitOfWork& work, const GameRecord& record, int winner_colour) {
  return finish(work, work.records.lose_on_time(record, winner_colour), nullptr, GameEnd::Time);
}

PlyEnd store_takeback(UnitOfWork& work, const GameRecord& record, std::int64_t proposal_id) {
  work.records.take_back_last(record, proposal_id);
  // take_back_last answers with the move it took back (what its audit needs), so the
  // shorter record is read; the clock it gets is kept in it.
  GameRecord shorter = *work.records.find(record.id);
  const auto position = work.records.replay(shorter);
  // The turn of the player who was to move ends without a move (a time bank keeps what
  // is left of theirs, without the increment); the player to move again starts a turn.
  const std::int64_t again = user_id_of_colour(shorter, *position, position->to_move());
  const std::int64_t waited = shorter.players[0] == again ? shorter.players[1] : shorter.players[0];
  work.records.set_turn_clock(shorter, clock_after_turn(work.db, work.config.clock, shorter, waited, false, again,
                                                       std::chrono::system_clock::now()));
  work.record(event::PlyTakenBack{shorter.id, shorter.plies});
  return finish(work, shorter, nullptr, GameEnd::Board);
}

PlyEnd store_abort(UnitOfWork& work, const GameRecord& record, std::int64_t user_id, AbortCause cause) {
  return finish(work, work.records.abort(record, user_id, cause), nullptr,
                cause == AbortCause::NeverMoved ? GameEnd::NeverMoved : GameEnd::Aborted, user_id);
}

PlyEnd store_void(UnitOfWork& work, const GameRecord& record) {
  const GameRecord stored = work.records.void_game(record);
  if (record.active) return finish(work, stored, nullptr, GameEnd::Voided);
  // Over already: its end is told again (a record's consumer reads the new result), and no
  // reaction runs twice for one game (a competition has scored it; ratings are rebuilt).
  work.record(event::GameEnded{stored.id, std::nullopt, GameEnd::Voided, std::nullopt, stored.plies});
  PlyEnd end;
  end.record = stored;
  return end;
}

PlyEnd store_adjudication(UnitOfWork& work, const GameRecord& record, int winner_colour) {
  return finish(work, work.records.adjudicate(record, winner_colour), nullptr, GameEnd::Adjudicated);
}

}  // namespace pbem::server
