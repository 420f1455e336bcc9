#include "server/commands/game_clock.h"

#include <array>

#include "server/storage/vacations.h"
#include "server/support/clock.h"

namespace pbem::server {

std::int64_t user_id_of_colour(const GameRecord& record, const Game& game, int colour) {
  const std::size_t seat = static_cast<std::size_t>(colour) ^ (game.swapped() ? 1u : 0u);
  return record.players[seat];
}

int colour_of_user(const GameRecord& record, const Game& game, std::int64_t user_id) {
  return user_id_of_colour(record, game, 0) == user_id ? 0 : 1;
}

TurnClock turn_clock(Database& db, const ClockConfig& config, int days_per_move, std::int64_t user_to_move,
                     std::chrono::system_clock::time_point now) {
  using namespace std::chrono;
  if (days_per_move <= 0) return {};
  auto start = now;
  // A player on vacation has a clock that stands still: it starts when the vacation ends.
  if (auto vacation = Vacations(db).current(user_to_move, iso8601(now)))
    if (auto end = parse_iso8601(vacation->ends_at); end && *end > start) start = *end;
  const auto period = hours(24) * days_per_move;
  const auto deadline = start + period;
  TurnClock clock;
  clock.deadline_at = iso8601(deadline);
  const auto notice = hours(config.remind_before_hours);
  // No reminder when the whole period is shorter than the notice (spec); one exactly as
  // long is due at once, so it goes out with the next tick.
  if (notice.count() > 0 && period >= notice) clock.remind_at = iso8601(deadline - notice);
  return clock;
}

std::string deadline_text(const std::string& iso) {
  const auto time = parse_iso8601(iso);
  return time ? readable_utc(*time) : iso;
}

std::string clock_lines(Database& db, const GameRecord& record, const Game& game, const std::string& reader) {
  if (!record.active || game.over()) return "";
  const auto users = userids_by_colour(record, game);
  const std::string& mover = users[static_cast<std::size_t>(game.to_move())];
  std::string text;
  if (record.deadline_at)
    text += "Deadline for " + mover + " to move: " + deadline_text(*record.deadline_at) + " (" +
            std::to_string(record.days_per_move) + (record.days_per_move == 1 ? " day" : " days") + " per move).\n";
  else
    text += "No time limit.\n";
  const std::string now = now_iso8601();
  Vacations vacations(db);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    if (record.userids[seat] == reader) continue;
    if (auto vacation = vacations.current(record.players[seat], now))
      text += record.userids[seat] + " is on vacation until " + deadline_text(vacation->ends_at) +
              "; their clock stands still until then.\n";
  }
  return text;
}

int shift_deadlines_of(Database& db, std::int64_t user_id, std::int64_t seconds) {
  GameRecords records(db);
  int shifted = 0;
  for (const GameRecord& record : records.list("", {user_id})) {
    if (!record.active || !record.deadline_at) continue;
    const auto game = records.replay(record);
    if (game->over() || user_id_of_colour(record, *game, game->to_move()) != user_id) continue;
    records.shift_turn_clock(record.id, seconds);
    ++shifted;
  }
  return shifted;
}

}  // namespace pbem::server
