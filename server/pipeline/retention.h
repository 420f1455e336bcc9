// Retention (docs/operating.md "Retention"): what the server keeps only for a while goes
// once its window has passed, as one more duty of the clock tick (run_clock_duties: pbemd's
// processor thread, `pbem tick`). Settled mail's texts after outbox.keep_sent_days (as
// clear_old_texts, which pbemd's sender also runs), processed inbox rows after
// inbox.keep_days, settled outbox rows after outbox.keep_days, expired confirmation codes,
// password failures older than the throttle's hour, and the account codes (reset, delete)
// issued over a day ago, which no limit counts any more; then, on SQLite, the file gives
// the freed pages back. Moves, games,
// ratings, tournaments and accounts are the record and are never deleted.
#pragma once

#include <functional>

#include "server/pipeline/write_turn.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

struct RetentionDone {
  int texts = 0;              // settled mail's texts emptied (outbox.keep_sent_days)
  int inbox = 0;              // processed inbox rows deleted
  int outbox = 0;             // settled outbox rows deleted
  int confirmations = 0;      // expired confirmation codes deleted
  int password_failures = 0;  // failures older than the throttle's hour deleted
  int account_codes = 0;      // reset and delete codes issued over a day ago deleted
  int events = 0;             // events every consumer has passed, older than outbox.keep_days
  int pages = 0;              // free pages given back to the file system (SQLite)
  bool more = false;          // out of time with more due
  int rows() const { return inbox + outbox + confirmations + password_failures + account_codes; }
};

// Rows deleted in one transaction, and pages given back in one: a tick holds the write
// lock a few milliseconds at a time however large the backlog.
inline constexpr int kRetentionBatch = 500;
inline constexpr int kShrinkBatch = 256;
// Free pages given back even when this round deleted nothing (pbemd's sender empties texts
// too; a processed message's text is dropped): at least this many (1 MiB of 4 KiB pages).
// Fewer are simply reused by new rows.
inline constexpr int kShrinkAtPages = 256;

// Deletes what is past its window by the system clock now, a batch at a time, each batch
// in its own transaction taken in `turn` (may be null) like every write of pbemd's. Then,
// on SQLite with incremental auto-vacuum, gives the free pages back when this round deleted
// rows or emptied texts, or at least kShrinkAtPages are free. `out_of_time` is asked before each batch; when
// it says so, the round stops with `more` (the next tick goes on). With nothing due it only
// looks into one index per table: no write, no write lock. Logs what it did. Throws
// DatabaseError (a busy database) with the batches before it done.
RetentionDone run_retention(Database& db, const Config& config, WriteTurn* turn,
                            const std::function<bool()>& out_of_time = [] { return false; });

}  // namespace pbem::server
