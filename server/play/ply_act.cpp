#include "server/play/ply_act.h"

#include <algorithm>

#include "engine/text.h"
#include "server/play/seats.h"

namespace pbem::server {

namespace {

// What refuses any ply of `player_id` in `record` before the rules are asked: an aborted or
// finished game, the other player's turn, a #moveno that is not the next move's.
std::optional<PlyRefusal> refused_before_the_rules(const GameRecord& record, const Game& game, std::int64_t player_id,
                                                   std::optional<int> moveno) {
  if (record.aborted_by) return refusal::GameAborted{};
  if (game.over() || !record.active) return refusal::GameOver{};
  if (colour_of_user(record, game, player_id) != game.to_move()) return refusal::NotYourTurn{game.to_move()};
  const int number = game.ply_count() + 1;
  if (moveno && *moveno != number) return refusal::WrongMoveNumber{*moveno, number};
  return std::nullopt;
}

// The cell a tile game's ply names after its tile ("d3" of "a:d3"); "" for any other ply.
std::string cell_of(const std::string& ply) {
  const std::size_t colon = ply.find(':');
  return colon == std::string::npos ? "" : ply.substr(colon + 1);
}

}  // namespace

ActResult<PlyPlayed, PlyRefusal> play_ply(UnitOfWork& work, const GameRecord& record, std::int64_t player_id,
                                          const std::string& ply, std::optional<int> moveno) {
  auto game = work.records.replay(record);
  const auto refused = [&](PlyRefusal why) {
    return ActResult<PlyPlayed, PlyRefusal>{std::move(why), std::move(game)};
  };
  if (auto why = refused_before_the_rules(record, *game, player_id, moveno)) return refused(std::move(*why));
  const int colour = game->to_move();
  const int number = game->ply_count() + 1;
  PlyResult result = game->play(ply);
  if (!result.ok) return refused(refusal::IllegalPly{ply, result.error});
  PlyEnd end = store_ply(work, record, *game, result.move, colour, player_id);
  return {PlyPlayed{std::move(game), colour, number, result.move, std::move(end)}, nullptr};
}

ActResult<Resignation, PlyRefusal> resign_game(UnitOfWork& work, const GameRecord& record, std::int64_t player_id) {
  auto game = work.records.replay(record);
  const auto refused = [&](PlyRefusal why) {
    return ActResult<Resignation, PlyRefusal>{std::move(why), std::move(game)};
  };
  if (record.aborted_by) return refused(refusal::GameAborted{});
  // (A game the board has decided is no longer active: its result stands.)
  if (!record.active || game->over()) return refused(refusal::GameOver{});
  const int colour = colour_of_user(record, *game, player_id);
  game->resign(colour);
  PlyEnd end = store_ply(work, record, *game, "resign", colour, player_id);
  return {Resignation{std::move(game), colour, std::move(end)}, nullptr};
}

bool is_bare_cell_of_tile_game(const Game& game, const std::string& ply) {
  // A cell's shape: letters, then digits ("d3", "aa12"); "swap" and "resign" are words.
  const std::string word = to_lower(ply);
  std::size_t letters = 0;
  while (letters < word.size() && word[letters] >= 'a' && word[letters] <= 'z') ++letters;
  if (letters == 0 || letters == word.size()) return false;
  for (std::size_t i = letters; i < word.size(); ++i)
    if (word[i] < '0' || word[i] > '9') return false;
  if (game.over()) return false;
  const auto legal = game.legal_plies();
  return std::any_of(legal.begin(), legal.end(), [](const std::string& p) { return p.find(':') != std::string::npos; });
}

ActResult<CellChoice, PlyRefusal> choose_at_cell(UnitOfWork& work, const GameRecord& record, std::int64_t player_id,
                                                 const std::string& cell, std::optional<int> moveno) {
  auto game = work.records.replay(record);
  const auto refused = [&](PlyRefusal why) {
    return ActResult<CellChoice, PlyRefusal>{std::move(why), std::move(game)};
  };
  if (auto why = refused_before_the_rules(record, *game, player_id, moveno)) return refused(std::move(*why));
  const std::string wanted = to_lower(cell);
  CellChoice choice{.game = nullptr, .number = game->ply_count() + 1, .cell = wanted, .plies = {}};
  for (const std::string& ply : game->legal_plies())
    if (cell_of(ply) == wanted) choice.plies.push_back(ply);
  if (choice.plies.empty()) {
    // The rules' own reason, as the first tile at the cell would have met it ("d3 is
    // occupied", "no cell z9 on this board", a missing support under -align).
    const std::string first_tile = "a:" + wanted;
    const PlyResult result = game->clone()->play(first_tile);
    return refused(refusal::IllegalPly{wanted, result.error});
  }
  choice.game = std::move(game);
  return {std::move(choice), nullptr};
}

}  // namespace pbem::server
