#include "server/records/record_source.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/reply_format.h"
#include "server/play/competitions.h"
#include "server/storage/game_notes.h"
#include "server/storage/game_records.h"

namespace pbem::server {

const char* reason_name(GameEnd reason) {
  switch (reason) {
    case GameEnd::Board: return "connection";
    case GameEnd::Resigned: return "resign";
    case GameEnd::Time: return "time";
    case GameEnd::Aborted: return "abort";
    case GameEnd::NeverMoved: return "never-moved";
    case GameEnd::Voided: return "void";
    case GameEnd::Adjudicated: return "adjudicated";
  }
  return "connection";
}

std::string clock_terms(const GameRecord& game) {
  std::string terms = game.bank ? "-clock=" + game.bank->text : "-days=" + std::to_string(game.days_per_move);
  if (game.weekends_off) terms += " -weekends=off";
  return terms;
}

std::optional<RecordResult> result_of(const GameRecord& game, const std::vector<StoredMove>& moves) {
  if (game.active || game.invitation) return std::nullopt;
  // The stored winner is a colour; after a swap the second seat holds the first colour.
  std::optional<int> winner_seat;
  if (game.winner_colour) winner_seat = *game.winner_colour ^ (game.swapped ? 1 : 0);
  // The operator's verdicts first: a void overrides whatever result the game had.
  if (game.voided) return RecordResult{std::nullopt, GameEnd::Voided};
  if (game.adjudicated) return RecordResult{winner_seat, GameEnd::Adjudicated};
  if (game.never_moved) return RecordResult{std::nullopt, GameEnd::NeverMoved};
  if (game.aborted_by) return RecordResult{std::nullopt, GameEnd::Aborted};
  if (game.lost_on_time) return RecordResult{winner_seat, GameEnd::Time};
  if (!moves.empty() && moves.back().move == "resign") return RecordResult{winner_seat, GameEnd::Resigned};
  return RecordResult{winner_seat, GameEnd::Board};
}

RecordSource record_source(Database& db, const Competitions& competitions, const GameRecord& game,
                           const std::string& server_address, std::optional<std::int64_t> reader) {
  return record_source(db, competitions, game, GameRecords(db).moves(game.id), server_address, reader);
}

RecordSource record_source(Database& db, const Competitions& competitions, const GameRecord& game,
                           const std::vector<StoredMove>& moves, const std::string& server_address,
                           std::optional<std::int64_t> reader) {
  RecordSource source;
  source.game = game;
  source.title = game_title(game.type);
  const auto position = create_game(game.type, split_words(game.options));
  // Seat 0 moved first with the first colour; a swap at ply 2 exchanged the colours.
  const int first_colour = game.swapped ? 1 : 0;
  for (int seat = 0; seat < 2; ++seat)
    source.players[static_cast<std::size_t>(seat)] = {
        game.userids[static_cast<std::size_t>(seat)],
        std::string(position->colour_name(seat == 0 ? first_colour : 1 - first_colour))};
  for (const StoredMove& move : moves) {
    if (move.move == "resign") continue;  // a resignation is a result, not a ply
    // The seats alternate ply by ply, a swap included: odd plies are the first player's.
    source.plies.push_back({move.ply, move.move, (move.ply + 1) % 2, move.created_at});
  }
  source.result = result_of(game, moves);
  source.server = server_address;
  if (const auto found = competitions.of_game(db, game.id)) source.competition = competition_number(found->of);
  if (game.fork_of_game) source.fork_of = ForkOf{*game.fork_of_game, game.fork_of_ply};
  for (GameNote& note : GameNotes(db).visible(game.id, reader, source.result.has_value()))
    source.notes.push_back({note.ply, std::move(note.userid), note.sealed, std::move(note.text)});
  return source;
}

}  // namespace pbem::server
