#include "server/play/game_clock.h"

#include <algorithm>

#include "engine/text.h"
#include "server/storage/vacations.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

// When the clock of `user_id` runs again: `now`, or the end of the vacation they are on.
std::chrono::system_clock::time_point clock_runs_from(Database& db, std::int64_t user_id,
                                                      std::chrono::system_clock::time_point now) {
  if (auto vacation = Vacations(db).current(user_id, iso8601(now)))
    if (auto end = parse_iso8601(vacation->ends_at); end && *end > now) return *end;
  return now;
}

}  // namespace

TurnClock turn_clock(Database& db, const ClockConfig& config, const GameRecord& record, std::int64_t user_to_move,
                     std::chrono::system_clock::time_point now) {
  using namespace std::chrono;
  TurnClock clock;
  if (record.bank) clock.banks = record.bank->seconds;
  const seconds period = record.bank ? seconds(record.bank->seconds[seat_of(record, user_to_move)])
                                     : seconds(hours(24) * record.days_per_move);
  if (!record.bank && record.days_per_move <= 0) return clock;  // no time limit
  // A player on vacation has a clock that stands still: it starts when the vacation ends.
  const auto deadline = clock_runs_from(db, user_to_move, now) + period;
  clock.deadline_at = iso8601(deadline);
  const auto notice = hours(config.remind_before_hours);
  // No reminder when the whole period is shorter than the notice (spec); one exactly as
  // long is due at once, so it goes out with the next tick.
  if (notice.count() > 0 && period >= notice) clock.remind_at = iso8601(deadline - notice);
  return clock;
}

std::int64_t seconds_left(Database& db, const GameRecord& record, std::int64_t user_to_move,
                          std::chrono::system_clock::time_point now) {
  const auto deadline = record.deadline_at ? parse_iso8601(*record.deadline_at) : std::nullopt;
  if (!deadline) return 0;
  const auto left = std::chrono::duration_cast<std::chrono::seconds>(*deadline - clock_runs_from(db, user_to_move, now));
  return std::max<std::int64_t>(0, left.count());
}

TurnClock clock_after_turn(Database& db, const ClockConfig& config, const GameRecord& record, std::int64_t mover,
                           bool moved, std::int64_t next, std::chrono::system_clock::time_point now) {
  if (!record.bank) return turn_clock(db, config, record, next, now);
  GameRecord after = record;
  std::int64_t& bank = after.bank->seconds[seat_of(record, mover)];
  bank = std::min(record.bank->limit_seconds,
                  seconds_left(db, record, mover, now) + (moved ? record.bank->increment_seconds : 0));
  return turn_clock(db, config, after, next, now);
}

int shift_deadlines_of(Database& db, std::int64_t user_id, std::int64_t seconds) {
  GameRecords records(db);
  int shifted = 0;
  // The games waiting for their move, by the stored turn (schema 024): not every game
  // they ever played, and none replayed.
  for (std::int64_t id : records.awaiting(user_id))
    if (records.shift_turn_clock(id, seconds)) ++shifted;
  return shifted;
}

}  // namespace pbem::server
