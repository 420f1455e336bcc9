// The outbox: outgoing mail written in the same transaction as the change it reports
// (transactional outbox), drained by the sender. One recipient per row.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mail/outgoing_message.h"
#include "server/storage/database.h"
#include "server/storage/mail_kind.h"

namespace pbem::server {

struct QueuedMail {
  std::int64_t id = 0;
  std::string message_id;
  std::string envelope_from;
  std::string recipient;
  std::string data;  // RFC 5322 bytes, CRLF
  int attempts = 0;
  std::string created_at;
};

// A sender's identity for its claims on outbox rows (issue 58): on PostgreSQL a session
// advisory lock, held by the sender's connection for its life, whose key is the id its
// claims record. When the process dies the server drops the session and the lock, and
// every other sender knows at its next round that those claims are free. On SQLite: 0.
// The Database must outlive it and stay the one the sender claims with.
class OutboxClaimer {
 public:
  explicit OutboxClaimer(Database& db);
  std::int64_t id() const { return id_; }

 private:
  std::int64_t id_ = 0;
};

class Outbox {
 public:
  explicit Outbox(Database& db) : db_(db) {}

  // Queues `message` (one recipient), composed by the caller as `data`
  // (mail::compose(message)), inside the caller's transaction. The one door into the
  // outbox: the server's own mail comes here only through pipeline/reply_queue.*, which
  // threads it and holds it to the limits and budgets first. `forget_on_settle`: the row
  // goes whole once it is delivered or fails for good (the answer to an erasure, which
  // must leave no address behind).
  void enqueue(const mail::OutgoingMessage& message, const std::string& data, const std::string& envelope_from,
               std::optional<std::int64_t> inbox_id, std::optional<std::int64_t> game_id, MailKind kind,
               std::optional<std::int64_t> relayed_by, bool forget_on_settle = false);

  // Queued (not yet sent) mail, oldest first; `due_by` limits it to mail whose next attempt
  // is due by then.
  std::vector<QueuedMail> queued(std::optional<std::chrono::system_clock::time_point> due_by = std::nullopt,
                                 int limit = 1000) const;
  // The due mail this sender is to attempt now, oldest first: every due mail but
  // announcements first, then at most what is left of `paced_per_minute` announcements
  // (limits.announcements_per_minute, counting those sent in the last minute), so that an
  // announcement to a large club neither floods the smarthost nor delays game mail.
  // On PostgreSQL, where several pbemd may share the database, each row goes to one
  // sender only: it is claimed with SELECT ... FOR UPDATE SKIP LOCKED under `claimer`'s
  // id (OutboxClaimer) and its next attempt moved `lease` ahead, so no other sender takes
  // it meanwhile; mark_sent/mark_retry/mark_failed then settle it. A claim whose claimer
  // is gone (its session lock free: killed, crashed) is taken at once, not after the
  // lease. SQLite has one daemon per database and claims nothing.
  std::vector<QueuedMail> claim_due(std::chrono::system_clock::time_point now, int limit,
                                    std::chrono::seconds lease, std::int64_t claimer = 0,
                                    int paced_per_minute = 60);
  // Settle a row: delivered, or failed for good. Either keeps its metadata (recipient,
  // Subject, Message-ID, kind, times, with settled_at now) and its text for now, except a
  // confirmation request's: its text carries the code in clear, so it is deleted with the
  // mark, in the caller's transaction; and a row queued to be forgotten goes whole. The text is a row of outbox_texts (schema 021), so
  // marking rewrites only the small outbox row.
  void mark_sent(std::int64_t id);
  void mark_retry(std::int64_t id, const std::string& error, std::chrono::system_clock::time_point next_attempt);
  void mark_failed(std::int64_t id, const std::string& error);

  // Deletes the text (outbox_texts) of at most `limit` rows settled at or before `settled_by`,
  // oldest first, and returns how many (spec: a settled row keeps its text only
  // outbox.keep_sent_days). The metadata stays; text_cleared_at says when. When none is
  // due it only looks into an index, with no write and no write lock.
  int clear_settled_texts(std::chrono::system_clock::time_point settled_by, int limit);
  // Whether clear_settled_texts would empty anything (the same look, alone).
  bool has_text_settled_by(std::chrono::system_clock::time_point settled_by) const;

  // Retention (outbox.keep_days): deletes at most `limit` rows settled (delivered, or
  // failed for good) at or before `settled_by` whose text has been emptied
  // (clear_settled_texts; outbox.keep_days is never less than keep_sent_days), the oldest
  // first, metadata and all, and returns how many. Mail still
  // queued is never deleted, nor the newest row (SQLite would otherwise hand its id out
  // again). The per-address limits count rows of the last 24 hours at most, so a window
  // of a day or more leaves them as they are.
  int forget_settled(std::chrono::system_clock::time_point settled_by, int limit);
  // Whether forget_settled would delete anything: a read that looks into one index, so a
  // tick with nothing due takes no write lock.
  bool has_settled_by(std::chrono::system_clock::time_point settled_by) const;

  // Mail of `kind` queued since `since` for the mailbox `recipient` reaches
  // (mail::canonical_mailbox: Alice+x@ and alice@ count together), for the per-address
  // limits: replies, confirmation requests.
  int count_since(const std::string& recipient, MailKind kind, std::chrono::system_clock::time_point since) const;
  // Mail of `kind` queued since `since` to anyone (the server-wide confirmation cap).
  int count_since(MailKind kind, std::chrono::system_clock::time_point since) const;
  // Mail one player's command sent others (rows with relayed_by: chat and message texts,
  // proposals and their answers, ...) queued since `since`: sent by user `user_id`, or to
  // the mailbox `recipient` reaches. The relay limits count these.
  int count_relayed_by(std::int64_t user_id, std::chrono::system_clock::time_point since) const;
  int count_relayed_to(const std::string& recipient, std::chrono::system_clock::time_point since) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
