// The clock's duties to one game as acts (docs/commands.md "The clock"): each checks, in
// the caller's unit of work, that its duty is still due at `now` (ISO 8601, the tick's own
// time), changes the game and returns what it did as data; nothing when it is not due, and
// then nothing is written. `mailing/clock_mail.h` words what they did; the tick's duty
// (handlers/clock_events.cpp) calls both.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "engine/game.h"
#include "server/play/autovacation.h"
#include "server/play/end_of_ply.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace deadline {
// One of the late player's vacation days started instead (play/autovacation.h): `moved` is
// the game with its new deadline.
struct VacationDay {
  GameRecord moved;
  AutovacationDay day;
};
// The late player never moved in the game: it ends without a result (spec "Nobody loses a
// game they never played"; a competition's game, where joining was consent, is lost).
struct NeverMoved {
  PlyEnd end;
};
// The late player lost on time.
struct LostOnTime {
  PlyEnd end;
};
}  // namespace deadline

// A deadline that passed: the game as it was, who was late, and what came of it.
struct DeadlinePassed {
  std::unique_ptr<Game> game;
  int late_colour = 0;
  std::int64_t late_id = 0;
  std::string late_userid;
  std::variant<deadline::VacationDay, deadline::NeverMoved, deadline::LostOnTime> result;
};

// The deadline of `record`'s player to move, when it has passed by `now`.
std::optional<DeadlinePassed> pass_deadline(UnitOfWork& work, const GameRecord& record, const std::string& now);

// The one reminder before a deadline: to whom, and what the deadline will do.
struct ReminderDue {
  std::unique_ptr<Game> game;
  std::int64_t mover_id = 0;
  std::string mover;
  bool deadline_aborts = false;              // the mover never moved: the deadline ends the game unscored
  std::optional<int> vacation_days_left{};   // autovacation would spare them (on, and days left)
};

// The reminder of `record`'s player to move, when it is due at `now` (recorded as sent).
std::optional<ReminderDue> remind_of_deadline(UnitOfWork& work, const GameRecord& record, const std::string& now);

}  // namespace pbem::server
