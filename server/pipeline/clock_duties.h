// The clock's duties (docs/commands.md "The clock"): the one reminder before a deadline, and the loss
// on time at it (or the abort, when that player never moved); also the daily digests,
// tournaments' start dates and retention (deleting what is past its window,
// pipeline/retention.h). `pbem tick` runs them once; pbemd every
// few seconds on its processor thread. Each duty is stored with its mails in one
// transaction, so running them twice at the same moment sends nothing twice.
#pragma once

#include <chrono>
#include <optional>

#include "server/pipeline/write_turn.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

struct ClockDutiesDone {
  int reminders = 0;
  int timeouts = 0;
  int never_moved = 0;  // games aborted at a deadline: that player had not moved in them
  int autovacations = 0;  // vacation days started at a deadline instead of those
  int tournaments = 0;
  int invitations = 0;  // invitations that lapsed unanswered
  int digests = 0;      // daily digests sent (or skipped: no game waiting)  // started or cancelled at their -start date
  int events = 0;      // events delivered to the event queue's consumers (event_delivery.h)
  int deleted = 0;     // rows past their retention window (pipeline/retention.h)
  int pages_freed = 0; // free pages given back to the file system after deleting them
  bool more = false;  // the time budget ran out with duties still due
};

// `pbem clock extend HOURS [--game N]`: extend_clocks (handlers/clock_extension.h) at the
// system clock's now, with its mails, in one transaction; each invocation's Message-IDs are
// its own (they name the deadlines it wrote). Returns how many games' clocks were
// extended. Throws CommandError (nothing written) for an hours value out of range or a game
// that is not running with a clock.
int extend_clocks_now(Database& db, const Config& config, int hours, std::optional<std::int64_t> game_id);

// Carries out every duty due by the system clock now; with a `budget`, no new duty is
// begun once that much time has passed (pbemd: so that a backlog after downtime does not
// hold up the mail waiting to be processed). `turn`: as MailService's (may be null).
// Throws DatabaseError with the duty under way undone (those before it stay done).
ClockDutiesDone run_clock_duties(Database& db, const Config& config, WriteTurn* turn = nullptr,
                                 std::optional<std::chrono::milliseconds> budget = std::nullopt);

}  // namespace pbem::server
