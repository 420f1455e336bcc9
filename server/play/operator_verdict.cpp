#include "server/play/operator_verdict.h"

#include <optional>

#include "server/play/rated_game.h"
#include "server/play/seats.h"

namespace pbem::server {

namespace {

// The game, or why no verdict can fall on it.
std::variant<GameRecord, VerdictRefusal> judged_game(UnitOfWork& work, std::int64_t game_id) {
  auto record = work.records.find(game_id);
  if (!record) return refusal::NoSuchGame{};
  if (record->invitation) return refusal::NeverStarted{};
  if (record->voided) return refusal::AlreadyVoid{};
  return *record;
}

// The players' ratings in the game's kind, by seat (nothing for one not rated yet).
std::array<std::optional<PlayerRating>, 2> ratings_of(UnitOfWork& work, const GameRecord& record) {
  return {work.ratings.find(record.type, record.players[0]), work.ratings.find(record.type, record.players[1])};
}

}  // namespace

std::variant<Verdict, VerdictRefusal> void_game(UnitOfWork& work, std::int64_t game_id) {
  auto judged = judged_game(work, game_id);
  if (auto* why = std::get_if<VerdictRefusal>(&judged)) return *why;
  const GameRecord record = std::get<GameRecord>(judged);
  if (const auto of = work.competitions.of_game(work.db, record.id); of && !of->kind.games_may_abort())
    return refusal::InCompetition{of->of.kind, of->of.id, of->of.name};
  const bool counted = rated_result(record).has_value();
  const auto before = ratings_of(work, record);
  Verdict verdict;
  verdict.was_running = record.active;
  verdict.end = store_void(work, record);
  if (!counted) return verdict;
  // The one rebuild there is (`pbem ratings --rebuild --write`), not a second account of
  // what the void undoes: every later game's ratings follow from the stored games.
  work.ratings.rebuild(true, rated_result);
  const auto after = ratings_of(work, record);
  event::RatingsChanged changed{record.id, {}};
  for (std::size_t seat = 0; seat < 2; ++seat) {
    RatingChange change;
    change.user_id = record.players[seat];
    change.userid = record.userids[seat];
    if (before[seat]) change.before = before[seat]->rating;
    if (after[seat]) change.after = after[seat]->rating;
    verdict.rebuilt.push_back(change);
    changed.changes.push_back({change.user_id, change.before.rating, change.after.rating});
  }
  work.record(std::move(changed));
  return verdict;
}

std::variant<Verdict, VerdictRefusal> adjudicate_game(UnitOfWork& work, std::int64_t game_id, std::int64_t winner) {
  auto judged = judged_game(work, game_id);
  if (auto* why = std::get_if<VerdictRefusal>(&judged)) return *why;
  const GameRecord record = std::get<GameRecord>(judged);
  if (!record.active) return refusal::NotRunning{};
  if (record.players[0] != winner && record.players[1] != winner) return refusal::NotAPlayer{};
  // The colour the winner holds: a swap gave the first seat's colour to the second seat.
  const int colour = static_cast<int>(seat_of(record, winner) ^ (record.swapped ? 1u : 0u));
  Verdict verdict;
  verdict.was_running = true;
  verdict.end = store_adjudication(work, record, colour);
  return verdict;
}

}  // namespace pbem::server
