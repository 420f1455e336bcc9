// The server's one path for every inbound message, whichever way it came in (SMTP or an
// MTA's pipe): store it durably, then process it exactly once in one transaction that also
// writes its replies to the outbox.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/parser.h"
#include "server/pipeline/processor.h"
#include "server/context/mail_allowance.h"
#include "server/pipeline/intake.h"
#include "server/pipeline/reply_queue.h"
#include "server/pipeline/write_turn.h"
#include "server/storage/accounts.h"
#include "server/support/config.h"
#include "server/storage/database.h"

namespace pbem::server {

enum class ReceiveStatus {
  Stored,     // new message, durably in the inbox, waiting to be processed
  Pending,    // seen before but not processed yet (e.g. a crash): process it now
  Duplicate,  // already processed: nothing is done again, nothing is sent (logged only)
};

// One message as it arrived, for receive_batch.
struct IncomingMessage {
  std::string_view raw;
  std::optional<std::string> envelope_from;
  std::vector<std::string> envelope_to;
};

struct ReceiveResult {
  ReceiveStatus status = ReceiveStatus::Stored;
  std::int64_t inbox_id = 0;
};

class MailService {
 public:
  // `turn`: shared by the threads of one process that write to the same database (pbemd),
  // so they take the write lock in turn; may be null.
  MailService(Database& db, const Config& config, WriteTurn* turn = nullptr);

  // Records a raw RFC 5322 message in the inbox in its own transaction. `envelope_from` is
  // the SMTP reverse path when known ("" = the null sender <>, which is never answered);
  // `envelope_to` the SMTP recipients when known (they may name a game address).
  ReceiveResult receive(std::string_view raw, std::optional<std::string> envelope_from,
                        const std::vector<std::string>& envelope_to = {});
  // Records several messages in one transaction (group commit: one fsync for all); the
  // results in the same order. Throws DatabaseError with none of them stored.
  std::vector<ReceiveResult> receive_batch(std::span<const IncomingMessage> messages);

  // Processes one received inbox row; a no-op if it was processed already.
  // Throws DatabaseError (e.g. busy) with nothing changed; the row stays pending.
  void process(std::int64_t inbox_id);

  // Processes received rows, in the order given, in one transaction with a savepoint per
  // command (group commit: one fsync for the batch), stopping early once the transaction
  // has been open kBatchTime. Returns how many of `inbox_ids` it got through (the rest are
  // still pending). Throws DatabaseError with nothing of the batch changed.
  std::size_t process_batch(std::span<const std::int64_t> inbox_ids);

  // Processes every pending row, oldest first, in batches; returns how many.
  int process_pending();

  static constexpr std::size_t kBatchSize = 64;
  static constexpr std::chrono::milliseconds kBatchTime{50};

 private:
  struct PreparedMessage {
    std::int64_t inbox_id = 0;
    IntakeRecord record;
    // One for each of commands_of(record): its password, verified before the transaction.
    std::vector<std::optional<PasswordCheck>> prechecks;
  };
  void work_in_advance(std::vector<PreparedMessage>& batch);
  // One message inside the batch's transaction; returns its log line (written after commit).
  std::string carry_out(PreparedMessage& prepared);
  // The queue of a message's replies: threaded to it, Message-IDs stable per message, and
  // the budget of a mail without a password (single commands and multiples alike).
  ReplyQueue reply_queue_for(const PreparedMessage& prepared, const std::string& tag);
  // A multiple's lines, each as if it had come alone; returns the message's log line.
  std::string carry_out_lines(PreparedMessage& prepared, const std::string& tag);
  // One command in its own savepoint: a failed one leaves nothing behind but its error
  // reply, and a wrong password is recorded for the throttle after the rollback. Before it
  // is kept, `allowance` may refuse it, and its owed mail goes into `queue` (all of it, or
  // the command is refused); its answers (kind Reply) are left to the caller to queue.
  Outcome run_command(const std::string& tag, Request request, std::optional<PasswordCheck> precheck,
                      ReplyQueue& queue, MailAllowance& allowance);

  // After an erasure's inbound mail is marked processed: its rows and those of every
  // address the account had emptied, and the batch checkpoints the log once committed.
  void forget_erased(const Outcome& outcome);

  Database& db_;
  const Config& config_;
  WriteTurn* turn_;
  bool erased_in_batch_ = false;
  // The password checks of messages a batch prepared but did not get to (it stopped at
  // kBatchTime), by inbox id: the next batch uses them instead of checking again, so the
  // throttle's count of Argon2id checks holds however the batches fall. Emptied by each
  // process_pending.
  std::map<std::int64_t, std::vector<std::optional<PasswordCheck>>> carried_prechecks_;
};

}  // namespace pbem::server
