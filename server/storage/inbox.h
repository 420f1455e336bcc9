// The inbox: every inbound message, stored durably before anything reads it, then marked
// processed (or failed, or skipped) in the transaction that carries it out. Every SQL
// statement on the `inbox` table is here.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

// A message as stored, before it is processed.
struct InboxRow {
  std::int64_t id = 0;
  std::string state;                          // received | processed | failed | skipped
  std::optional<std::string> envelope_from;   // SMTP reverse path; "" = the null sender
  std::vector<std::string> envelope_to;       // SMTP recipients (empty for `pbem ingest` without --recipient)
  std::string raw;                            // the bytes as received (dropped once processed)
  std::string sha256;                         // of `raw`, taken when it was stored (the `digest` column)
  std::string message_id;
};

// A message that was stored before: its row and whether it still waits to be processed.
struct KnownMessage {
  std::int64_t id = 0;
  bool pending = false;
};

class Inbox {
 public:
  explicit Inbox(Database& db) : db_(db) {}

  // The earlier copy of a message: the same bytes (their SHA-256), or the same Message-ID
  // from the same sender (origin). A Message-ID alone is whatever the writer chose, so
  // another sender reusing it is a different message.
  std::optional<KnownMessage> find_copy(const std::string& sha256, const std::string& message_id,
                                        const std::string& origin) const;
  // Stores a new message as `received`; returns its id.
  std::int64_t add(const std::string& sha256, const std::string& message_id, const std::optional<std::string>& envelope_from,
                   const std::vector<std::string>& envelope_to, std::string_view raw, const std::string& origin);
  std::optional<InboxRow> load(std::int64_t id) const;
  // True while the row waits to be processed (inside a transaction: nobody else took it).
  bool still_pending(std::int64_t id) const;
  // Every row waiting to be processed, oldest first.
  std::vector<std::int64_t> pending() const;
  // Marks a row done. The raw message is dropped (privacy): only the SHA-256, the ids, the
  // masked command and the outcome stay.
  void finish(std::int64_t id, const std::string& state, const std::string& sender, const std::string& masked_command,
              const std::string& outcome);

  // Retention (inbox.keep_days): deletes at most `limit` rows processed at or before
  // `processed_by`, the oldest first, and returns how many; call inside a
  // transaction. A row still waiting to be processed is never deleted, nor the newest row
  // (SQLite would otherwise hand its id out again). Duplicate detection (find_copy) knows a
  // message only while its row is kept. The outbox rows answering a deleted row keep their
  // metadata and lose only the link (outbox.inbox_id becomes NULL).
  int forget_processed(std::chrono::system_clock::time_point processed_by, int limit);
  // Whether forget_processed would delete anything: a read that looks into one index, so a
  // tick with nothing due takes no write lock.
  bool has_processed_by(std::chrono::system_clock::time_point processed_by) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
