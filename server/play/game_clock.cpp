#include "server/play/game_clock.h"

#include <algorithm>
#include <array>

#include "engine/text.h"
#include "server/play/time_bank.h"
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

namespace {

std::size_t seat_of(const GameRecord& record, std::int64_t user_id) { return record.players[0] == user_id ? 0 : 1; }

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

std::string deadline_text(const std::string& iso) {
  const auto time = parse_iso8601(iso);
  return time ? readable_utc(*time) : iso;
}

namespace {

// The deadline of the player to move, and the banks of a game on a time bank.
std::string turn_clock_lines(Database& db, const GameRecord& record, const Game& game) {
  if (!record.active || game.over()) return "";
  const auto users = userids_by_colour(record, game);
  const std::string& mover = users[static_cast<std::size_t>(game.to_move())];
  std::string text;
  if (record.bank) {
    // The player to move has what their deadline leaves; the other what they kept.
    const std::int64_t mover_id = user_id_of_colour(record, game, game.to_move());
    std::vector<std::string> banks;
    for (int colour = 0; colour < 2; ++colour) {
      const std::int64_t user_id = user_id_of_colour(record, game, colour);
      banks.push_back(users[static_cast<std::size_t>(colour)] + " " +
                      bank_text(user_id == mover_id
                                    ? seconds_left(db, record, user_id, std::chrono::system_clock::now())
                                    : record.bank->seconds[seat_of(record, user_id)]));
    }
    text += "Time left: " + join(banks, ", ") + " (" + record.bank->text + ")\n";
    if (record.deadline_at)
      text += "Deadline for " + mover + " to move: " + deadline_text(*record.deadline_at) + " (their bank runs out).\n";
  } else if (record.deadline_at) {
    text += "Deadline for " + mover + " to move: " + deadline_text(*record.deadline_at) + " (" +
            std::to_string(record.days_per_move) + (record.days_per_move == 1 ? " day" : " days") + " per move).\n";
  } else {
    text += "No time limit.\n";
  }
  return text;
}

}  // namespace

std::string clock_lines(Database& db, const GameRecord& record, const Game& game, const std::string& reader) {
  std::string text = turn_clock_lines(db, record, game);
  if (text.empty()) return text;
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
  // The games waiting for their move, by the stored turn (schema 024): not every game
  // they ever played, and none replayed.
  for (std::int64_t id : records.awaiting(user_id))
    if (records.shift_turn_clock(id, seconds)) ++shifted;
  return shifted;
}

}  // namespace pbem::server
