// The tick's handlers: what the server does when a time comes, with no mail asking for
// it, each in a unit of work of its own (play/unit_of_work.h) inside the caller's
// transaction. The clock's duties to a game (clock_events.cpp: the loss on time at a
// deadline, or the abort when that player never moved, and the one reminder before it),
// the daily digest (digest.cpp) and a tournament's start on its date
// (tournament_commands.cpp). The pipeline only schedules them (pipeline/clock_duties.*:
// which are due, one transaction each, the outbox).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/support/config.h"
#include "server/play/outcome.h"
#include "server/storage/game_records.h"

namespace pbem::server {

enum class ClockDuty { LossOnTime, Reminder };

struct ClockDutyDone {
  std::string log_line;
  std::vector<Reply> replies;  // no mail asked for them: none is "to the sender"
  int plies = 0;               // the game's plies: the duty's mails are about this move
  bool never_moved = false;    // the deadline aborted the game instead of losing it on time
  bool autovacation = false;   // a vacation day started instead of the loss (or the abort)
  // Tells apart in the Message-IDs duties done at the same ply: an autovacation day names
  // its UTC day (at most one a day), so a later one, or the loss after it, mints new ones.
  std::string message_key{};
  // A notice to this one user (a reminder, a vacation day, a lapsed invitation): the tick
  // sends each user's notices as one mail (pipeline/clock_duties.h). Empty for the end of a
  // game, the digest and a tournament's start, which stay mails of their own.
  std::optional<std::int64_t> notice_for{};
};

// Carries out `duty` for game `game_id` at `now` (ISO 8601) inside the caller's
// transaction, if it is still due; nothing when it is not (another process was first, or
// a move came in), and then nothing is written.
std::optional<ClockDutyDone> carry_out_clock_duty(Database& db, const Config& config, std::int64_t game_id,
                                                  ClockDuty duty, const std::string& now);


// The tick's duty for a user whose digest is due at `now`: the mail when it is their move
// in at least one game, and the next digest a day on. Nothing when it is no longer due
// (another tick was first).
std::optional<ClockDutyDone> send_digest(Database& db, const Config& config, std::int64_t user_id,
                                         const std::string& now);

// The tick's duty for an open tournament whose -start date has come (start_due_tournament
// in competition/tournament_play.h): started, or cancelled with too few players.
std::optional<ClockDutyDone> tournament_start_duty(Database& db, const Config& config, std::int64_t id,
                                                   const std::string& now);

// The tick's duty for an invitation whose lapse time has come (invitation_commands.cpp):
// ended as lapsed, the challenger told. Nothing when it was answered meanwhile.
std::optional<ClockDutyDone> lapse_invitation(Database& db, const Config& config, std::int64_t game_id,
                                              const std::string& now);

}  // namespace pbem::server
