#include "server/pipeline/retention.h"

#include <chrono>
#include <string>

#include "server/storage/account_codes.h"
#include "server/storage/address_confirmations.h"
#include "server/pipeline/event_delivery.h"
#include "server/storage/event_queue.h"
#include "server/storage/file_space.h"
#include "server/storage/inbox.h"
#include "server/storage/outbox.h"
#include "server/storage/password_throttle.h"
#include "server/support/log.h"

namespace pbem::server {

namespace {

// Runs `batch` (deleting at most kRetentionBatch rows, in the transaction opened here) until
// it deletes fewer, when `due` said anything is; returns how many rows went.
template <typename Due, typename Batch>
int in_batches(Database& db, WriteTurn* turn, const std::function<bool()>& out_of_time, bool& more, Due due,
               Batch batch) {
  int deleted = 0;
  if (more || !due()) return 0;
  for (;;) {
    if (out_of_time()) {
      more = true;
      break;
    }
    WriteTurn::Scope scope(turn);
    Transaction transaction(db);
    const int done = batch();
    transaction.commit();
    deleted += done;
    if (done < kRetentionBatch) break;
  }
  return deleted;
}

std::string plural(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

RetentionDone run_retention(Database& db, const Config& config, WriteTurn* turn,
                            const std::function<bool()>& out_of_time) {
  RetentionDone done;
  const auto now = std::chrono::system_clock::now();
  const auto days = [&](int n) { return now - std::chrono::days(n); };
  // Sent mail's texts first (outbox.keep_sent_days): a settled row goes only once its text
  // has (keep_days is never less than keep_sent_days), and its pages are then free too.
  Outbox outbox(db);
  done.texts = in_batches(
      db, turn, out_of_time, done.more, [&] { return outbox.has_text_settled_by(days(config.outbox.keep_sent_days)); },
      [&] { return outbox.clear_settled_texts(days(config.outbox.keep_sent_days), kRetentionBatch); });
  // Then the rows: the outbox's before the inbox's, which unlink the younger ones.
  done.outbox = in_batches(
      db, turn, out_of_time, done.more, [&] { return outbox.has_settled_by(days(config.outbox.keep_days)); },
      [&] { return outbox.forget_settled(days(config.outbox.keep_days), kRetentionBatch); });
  Inbox inbox(db);
  done.inbox = in_batches(
      db, turn, out_of_time, done.more, [&] { return inbox.has_processed_by(days(config.inbox.keep_days)); },
      [&] { return inbox.forget_processed(days(config.inbox.keep_days), kRetentionBatch); });
  AddressConfirmations confirmations(db, config.limits);
  done.confirmations = in_batches(
      db, turn, out_of_time, done.more, [&] { return confirmations.has_expired(now); },
      [&] { return confirmations.forget_expired(now, kRetentionBatch); });
  PasswordThrottle throttle(db, config.limits.failed_passwords_per_hour);
  done.password_failures = in_batches(
      db, turn, out_of_time, done.more, [&] { return throttle.has_stale(now); },
      [&] { return throttle.forget_stale(now); });
  AccountCodes codes(db);
  done.account_codes = in_batches(
      db, turn, out_of_time, done.more, [&] { return codes.has_old(now); },
      [&] { return codes.forget_old(now, kRetentionBatch); });
  // The event queue: what every consumer has dealt with, kept as long as the mail it caused.
  EventQueue events(db);
  const std::vector<std::string> consumers = event_consumer_names(event_consumers());
  done.events = in_batches(
      db, turn, out_of_time, done.more, [&] { return events.has_older_than(days(config.outbox.keep_days)); },
      [&] { return events.forget_passed(days(config.outbox.keep_days), consumers, kRetentionBatch); });

  FileSpace space(db);
  if (!done.more && space.can_shrink()) {
    const auto free = space.free_pages();
    if (free > 0 && (done.rows() > 0 || done.texts > 0 || free >= kShrinkAtPages)) {
      for (;;) {
        if (out_of_time()) {
          done.more = true;
          break;
        }
        WriteTurn::Scope scope(turn);
        Transaction transaction(db);
        const int given = space.shrink(kShrinkBatch);
        transaction.commit();
        done.pages += given;
        if (given < kShrinkBatch) break;
      }
    }
  }

  // In the words clear_old_texts uses (pbemd's sender does the same every few minutes).
  if (done.texts > 0)
    log_line("outbox: emptied the text of " + plural(done.texts, "mail", "mails") + " settled over " +
             std::to_string(config.outbox.keep_sent_days) + " days ago");
  if (done.events > 0)
    log_line("retention: deleted " + plural(done.events, "event", "events") + " older than " +
             std::to_string(config.outbox.keep_days) + " days that every consumer has dealt with");
  if (done.rows() > 0 || done.pages > 0)
    log_line("retention: deleted " + plural(done.inbox, "inbox row", "inbox rows") + " processed over " +
             std::to_string(config.inbox.keep_days) + " days ago, " +
             plural(done.outbox, "outbox row", "outbox rows") + " settled over " +
             std::to_string(config.outbox.keep_days) + " days ago, " +
             plural(done.confirmations, "expired confirmation code", "expired confirmation codes") + ", " +
             plural(done.password_failures, "old password failure", "old password failures") + ", " +
             plural(done.account_codes, "day-old account code", "day-old account codes") + "; " +
             plural(done.pages, "free page", "free pages") + " given back to the file system" +
             (done.more ? "; more at the next tick" : ""));
  return done;
}

}  // namespace pbem::server
