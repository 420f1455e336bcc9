// What the clock does to a game when its time comes, and the mail that says so: the loss
// on time at a deadline (or the abort, when that player never moved) and the one reminder
// before it. The pipeline only schedules them
// (pipeline/clock_duties.*: which games are due, one transaction each, the outbox); the
// decisions and the wording are here, with the other game commands.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/support/config.h"
#include "server/handlers/processor.h"
#include "server/storage/game_records.h"

namespace pbem::server {

enum class ClockDuty { LossOnTime, Reminder };

struct ClockDutyDone {
  std::string log_line;
  std::vector<Reply> replies;  // no mail asked for them: none is "to the sender"
  int plies = 0;               // the game's plies: the duty's mails are about this move
  bool never_moved = false;    // the deadline aborted the game instead of losing it on time
};

// Carries out `duty` for game `game_id` at `now` (ISO 8601) inside the caller's
// transaction, if it is still due; nothing when it is not (another process was first, or
// a move came in), and then nothing is written.
std::optional<ClockDutyDone> carry_out_clock_duty(Database& db, const Config& config, std::int64_t game_id,
                                                  ClockDuty duty, const std::string& now);


}  // namespace pbem::server
