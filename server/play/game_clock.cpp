#include "server/play/game_clock.h"

#include <algorithm>

#include "engine/text.h"
#include "server/play/running_time.h"
#include "server/storage/vacations.h"
#include "server/storage/game_listings.h"
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
  // The period and the notice are running time (weekends do not count with -weekends=off).
  const auto deadline = after_running(clock_runs_from(db, user_to_move, now), period, record.weekends_off);
  clock.deadline_at = iso8601(deadline);
  const auto notice = hours(config.remind_before_hours);
  // No reminder when the whole period is shorter than the notice (spec); one exactly as
  // long is due at once, so it goes out with the next tick.
  if (notice.count() > 0 && period >= notice)
    clock.remind_at = iso8601(before_running(deadline, notice, record.weekends_off));
  return clock;
}

std::int64_t seconds_left(Database& db, const GameRecord& record, std::int64_t user_to_move,
                          std::chrono::system_clock::time_point now) {
  const auto deadline = record.deadline_at ? parse_iso8601(*record.deadline_at) : std::nullopt;
  if (!deadline) return 0;
  return running_between(clock_runs_from(db, user_to_move, now), *deadline, record.weekends_off).count();
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

int restart_clocks_of(Database& db, std::int64_t user_id, std::chrono::system_clock::time_point stood_from,
                      std::chrono::system_clock::time_point runs_from) {
  GameRecords records(db);
  int restarted = 0;
  // The games waiting for their move, by the stored turn (schema 024): not every game
  // they ever played, and none replayed.
  for (std::int64_t id : GameListings(db).awaiting(user_id)) {
    auto record = records.find(id);
    const auto deadline = record && record->deadline_at ? parse_iso8601(*record->deadline_at) : std::nullopt;
    if (!deadline) continue;
    const bool off = record->weekends_off;
    TurnClock clock;
    const auto moved = after_running(runs_from, running_between(stood_from, *deadline, off), off);
    clock.deadline_at = iso8601(moved);
    // The reminder stays as far (in running time) before the deadline as it was; a
    // deadline already past has had its reminder (and an autovacation's mail says it all).
    const auto remind = record->remind_at && *deadline > stood_from ? parse_iso8601(*record->remind_at) : std::nullopt;
    if (remind)
      clock.remind_at = iso8601(before_running(moved, running_between(*remind, *deadline, off), off));
    records.set_turn_clock(*record, clock);
    ++restarted;
  }
  return restarted;
}

TurnClock extended_clock(const ClockConfig& config, const GameRecord& record, std::chrono::seconds more,
                         std::chrono::system_clock::time_point now) {
  TurnClock clock;
  const auto deadline = record.deadline_at ? parse_iso8601(*record.deadline_at) : std::nullopt;
  if (!deadline) return clock;
  const bool off = record.weekends_off;
  const auto moved = after_running(*deadline, more, off);
  clock.deadline_at = iso8601(moved);
  if (const auto remind = record.remind_at ? parse_iso8601(*record.remind_at) : std::nullopt) {
    clock.remind_at = iso8601(before_running(moved, running_between(*remind, *deadline, off), off));
  } else if (const auto notice = std::chrono::hours(config.remind_before_hours); notice.count() > 0) {
    // Sent already (or the period was too short for one): due again only when the new
    // deadline leaves the notice's time before it, never at once.
    if (const auto again = before_running(moved, notice, off); again > now) clock.remind_at = iso8601(again);
  }
  return clock;
}

}  // namespace pbem::server
