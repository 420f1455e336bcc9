#include "server/storage/outbox.h"

#include <algorithm>

#include <sodium.h>

#include "mail/address.h"
#include "server/support/clock.h"
#include "server/support/sodium.h"

namespace pbem::server {

namespace {

std::string kind_name(MailKind kind) {
  switch (kind) {
    case MailKind::Reply: return "reply";
    case MailKind::Game: return "game";
    case MailKind::Relay: return "relay";
    case MailKind::Confirmation: return "confirmation";
    case MailKind::Notice: return "notice";
    case MailKind::Announcement: return "notice";  // paced (schema 034 keeps the kinds' CHECK)
  }
  return "reply";
}

}  // namespace

void Outbox::enqueue(const mail::OutgoingMessage& message, const std::string& data, const std::string& envelope_from,
                     std::optional<std::int64_t> inbox_id, std::optional<std::int64_t> game_id, MailKind kind,
                     std::optional<std::int64_t> relayed_by, bool forget_on_settle) {
  const std::string now = now_iso8601();
  auto insert = db_.prepare(
      "INSERT INTO outbox (inbox_id, game_id, message_id, envelope_from, recipient, state, attempts, "
      "next_attempt_at, created_at, kind, relayed_by, subject, mailbox, paced, forget_on_settle) "
      "VALUES (?, ?, ?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, inbox_id).bind(2, game_id).bind(3, message.message_id).bind(4, envelope_from);
  insert.bind(5, message.to.at(0)).bind(6, now).bind(7, now);
  // The Subject as the header carries it (before RFC 2047), kept when the text is emptied.
  insert.bind(8, kind_name(kind)).bind(9, relayed_by).bind(10, mail::header_text(message.subject));
  insert.bind(11, mail::canonical_mailbox(message.to.at(0)));  // what the per-address limits count
  insert.bind(12, kind == MailKind::Announcement ? 1 : 0);  // claim_due paces these
  insert.bind(13, forget_on_settle ? 1 : 0);
  insert.run();
  // The text in its own table (schema/021_outbox_texts.sql): settling the row leaves it be.
  db_.prepare("INSERT INTO outbox_texts (outbox_id, data) VALUES (?, ?)")
      .bind(1, db_.last_insert_id())
      .bind_blob(2, data)
      .run();
}

std::vector<QueuedMail> Outbox::queued(std::optional<std::chrono::system_clock::time_point> due_by,
                                       int limit) const {
  auto query = db_.prepare(
      "SELECT o.id, o.message_id, o.envelope_from, o.recipient, t.data, o.attempts, o.created_at FROM outbox o "
      "JOIN outbox_texts t ON t.outbox_id = o.id "
      "WHERE o.state = 'queued' AND (CAST(?1 AS TEXT) IS NULL OR o.next_attempt_at <= ?1) ORDER BY o.id LIMIT ?2");
  if (due_by) query.bind(1, iso8601(*due_by));
  else query.bind(1, nullptr);
  query.bind(2, limit);
  std::vector<QueuedMail> mail;
  while (query.step())
    mail.push_back({query.column_int(0), query.column_text(1), query.column_text(2), query.column_text(3),
                    query.column_blob(4), static_cast<int>(query.column_int(5)), query.column_text(6)});
  return mail;
}

namespace {

// The first key of the senders' session locks ("pbmo"); the second is the claimer's id.
constexpr std::int64_t kClaimLockClass = 0x70626d6f;

std::vector<QueuedMail> mail_rows(Statement& rows) {
  std::vector<QueuedMail> mail;
  while (rows.step())
    mail.push_back({rows.column_int(0), rows.column_text(1), rows.column_text(2), rows.column_text(3),
                    rows.column_blob(4), static_cast<int>(rows.column_int(5)), rows.column_text(6)});
  return mail;
}

}  // namespace

OutboxClaimer::OutboxClaimer(Database& db) {
  if (db.dialect() != Dialect::postgresql) return;
  ensure_sodium_initialized();
  // A random key that no live sender holds (the try tells): ids of dead senders may come
  // again, their claims being free either way.
  for (;;) {
    std::int64_t candidate = 0;
    randombytes_buf(&candidate, sizeof candidate);
    candidate = (candidate & 0x7ffffffe) + 1;
    auto lock = db.prepare(
        "SELECT CASE WHEN pg_try_advisory_lock(CAST(? AS INTEGER), CAST(? AS INTEGER)) THEN 1 ELSE 0 END");
    lock.bind(1, kClaimLockClass).bind(2, candidate);
    if (lock.step() && lock.column_int(0) == 1) {
      id_ = candidate;
      return;
    }
  }
}

std::vector<QueuedMail> Outbox::claim_due(std::chrono::system_clock::time_point now, int limit,
                                          std::chrono::seconds lease, std::int64_t claimer, int paced_per_minute) {
  auto sent = db_.prepare("SELECT count(*) FROM outbox WHERE paced = 1 AND sent_at IS NOT NULL AND sent_at >= ?");
  sent.bind(1, iso8601(now - std::chrono::minutes(1)));
  sent.step();
  const int paced_room = std::max<std::int64_t>(0, paced_per_minute - sent.column_int(0));
  if (db_.dialect() != Dialect::postgresql) {
    auto due = db_.prepare(
        "SELECT o.id, o.message_id, o.envelope_from, o.recipient, t.data, o.attempts, o.created_at FROM outbox o "
        "JOIN outbox_texts t ON t.outbox_id = o.id "
        "WHERE o.state = 'queued' AND o.next_attempt_at <= ?1 AND o.paced = ?2 ORDER BY o.id LIMIT ?3");
    due.bind(1, iso8601(now)).bind(2, 0).bind(3, limit);
    std::vector<QueuedMail> mail = mail_rows(due);
    const int room = std::min<int>(paced_room, limit - static_cast<int>(mail.size()));
    if (room <= 0) return mail;
    due.bind(2, 1).bind(3, room);
    for (QueuedMail& paced : mail_rows(due)) mail.push_back(std::move(paced));
    return mail;
  }
  // Claims of senders that are gone are due now: their lock is free. Their rows are
  // found by the partial index outbox_claimed (schema 034), a handful at most.
  db_.prepare(
         "UPDATE outbox SET next_attempt_at = ?1, claimed_by = NULL WHERE claimed_by IS NOT NULL AND "
         "claimed_by <> ?2 AND state = 'queued' AND claimed_by NOT IN (SELECT objid::bigint FROM pg_locks "
         "WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint = CAST(?3 AS BIGINT) AND "
         "database = (SELECT oid FROM pg_database WHERE datname = current_database()))")
      .bind(1, iso8601(now))
      .bind(2, claimer)
      .bind(3, kClaimLockClass)
      .run();
  // One statement each, so it needs no write transaction: the row locks of SKIP LOCKED
  // keep two senders claiming at the same moment apart, the moved next_attempt_at keeps
  // them apart after.
  auto claim = db_.prepare(
      "UPDATE outbox o SET next_attempt_at = ?1, claimed_by = ?4 FROM outbox_texts t WHERE t.outbox_id = o.id "
      "AND o.id IN (SELECT id FROM outbox WHERE state = 'queued' AND next_attempt_at <= ?2 AND paced = ?5 "
      "ORDER BY id LIMIT ?3 FOR UPDATE SKIP LOCKED) "
      "RETURNING o.id, o.message_id, o.envelope_from, o.recipient, t.data, o.attempts, o.created_at");
  claim.bind(1, iso8601(now + lease)).bind(2, iso8601(now)).bind(3, limit).bind(4, claimer).bind(5, 0);
  std::vector<QueuedMail> mail = mail_rows(claim);
  const int room = std::min<int>(paced_room, limit - static_cast<int>(mail.size()));
  if (room > 0) {
    claim.bind(3, room).bind(5, 1);
    for (QueuedMail& paced : mail_rows(claim)) mail.push_back(std::move(paced));
  }
  std::stable_sort(mail.begin(), mail.end(), [](const QueuedMail& a, const QueuedMail& b) { return a.id < b.id; });
  return mail;
}

namespace {

// A settled confirmation request's text goes with the mark, anything else's stays until
// clear_settled_texts. Called after the row's text_cleared_at was set.
// What a settled row may not keep: a confirmation's text (the code in clear), and the
// whole of a row queued to be forgotten (its text goes with it, ON DELETE CASCADE).
void forget_on_settling(Database& db, std::int64_t id) {
  db.prepare("DELETE FROM outbox_texts WHERE outbox_id IN (SELECT id FROM outbox WHERE id = ? AND kind = 'confirmation')")
      .bind(1, id)
      .run();
  db.prepare("DELETE FROM outbox WHERE id = ? AND forget_on_settle = 1").bind(1, id).run();
}

}  // namespace

void Outbox::mark_sent(std::int64_t id) {
  auto update = db_.prepare(
      "UPDATE outbox SET state = 'sent', attempts = attempts + 1, sent_at = ?1, settled_at = ?1, last_error = NULL, "
      "text_cleared_at = CASE WHEN kind = 'confirmation' THEN ?1 ELSE text_cleared_at END WHERE id = ?2");
  update.bind(1, now_iso8601()).bind(2, id);
  update.run();
  forget_on_settling(db_, id);
}

void Outbox::mark_retry(std::int64_t id, const std::string& error, std::chrono::system_clock::time_point next_attempt) {
  auto update = db_.prepare(
      "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, claimed_by = NULL WHERE id = ?");
  update.bind(1, error).bind(2, iso8601(next_attempt)).bind(3, id);
  update.run();
}

void Outbox::mark_failed(std::int64_t id, const std::string& error) {
  auto update = db_.prepare(
      "UPDATE outbox SET state = 'failed', attempts = attempts + 1, last_error = ?1, settled_at = ?2, "
      "text_cleared_at = CASE WHEN kind = 'confirmation' THEN ?2 ELSE text_cleared_at END WHERE id = ?3");
  update.bind(1, error).bind(2, now_iso8601()).bind(3, id);
  update.run();
  forget_on_settling(db_, id);
}

bool Outbox::has_text_settled_by(std::chrono::system_clock::time_point settled_by) const {
  // The terms match the partial index outbox_text_kept (schema 012) word for word, so both
  // engines answer from it; a read, so an idle server's regular look takes no write lock.
  auto due = db_.prepare(
      "SELECT id FROM outbox WHERE text_cleared_at IS NULL AND settled_at IS NOT NULL AND settled_at <= ? "
      "ORDER BY settled_at LIMIT 1");
  due.bind(1, iso8601(settled_by));
  return due.step();
}

int Outbox::clear_settled_texts(std::chrono::system_clock::time_point settled_by, int limit) {
  if (limit <= 0) return 0;
  // The look for due rows is a read: with none due, no write and no write lock.
  const std::string by = iso8601(settled_by);
  const std::string now = now_iso8601();
  auto due = db_.prepare(
      "SELECT id FROM outbox WHERE text_cleared_at IS NULL AND settled_at IS NOT NULL AND settled_at <= ? "
      "ORDER BY settled_at LIMIT ?");
  due.bind(1, by).bind(2, limit);
  std::vector<std::int64_t> ids;
  while (due.step()) ids.push_back(due.column_int(0));
  int cleared = 0;
  for (const std::int64_t id : ids) {
    // The text_cleared_at test keeps a row another daemon emptied meanwhile as it was.
    db_.prepare("UPDATE outbox SET text_cleared_at = ? WHERE id = ? AND text_cleared_at IS NULL").bind_all(now, id).run();
    if (db_.changes() == 0) continue;
    db_.prepare("DELETE FROM outbox_texts WHERE outbox_id = ?").bind(1, id).run();
    ++cleared;
  }
  return cleared;
}

bool Outbox::has_settled_by(std::chrono::system_clock::time_point settled_by) const {
  auto query = db_.prepare(
      "SELECT 1 FROM outbox WHERE text_cleared_at IS NOT NULL AND settled_at <= ? AND state <> 'queued' "
      "AND id < (SELECT max(id) FROM outbox) LIMIT 1");
  query.bind(1, iso8601(settled_by));
  return query.step();
}

int Outbox::forget_settled(std::chrono::system_clock::time_point settled_by, int limit) {
  if (limit <= 0) return 0;
  // In the order of the index outbox_settled (schema 018). One statement: its own
  // transaction, or the caller's.
  auto remove = db_.prepare(
      "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE text_cleared_at IS NOT NULL AND settled_at <= ?1 "
      "AND state <> 'queued' AND id < (SELECT max(id) FROM outbox) ORDER BY settled_at, id LIMIT ?2)");
  remove.bind(1, iso8601(settled_by)).bind(2, limit);
  remove.run();
  return db_.changes();
}

int Outbox::count_since(const std::string& recipient, MailKind kind,
                        std::chrono::system_clock::time_point since) const {
  auto query = db_.prepare("SELECT count(*) FROM outbox WHERE kind = ? AND mailbox = ? AND created_at >= ?");
  query.bind(1, kind_name(kind)).bind(2, mail::canonical_mailbox(recipient)).bind(3, iso8601(since));
  query.step();
  return static_cast<int>(query.column_int(0));
}

int Outbox::count_since(MailKind kind, std::chrono::system_clock::time_point since) const {
  auto query = db_.prepare("SELECT count(*) FROM outbox WHERE kind = ? AND created_at >= ?");
  query.bind(1, kind_name(kind)).bind(2, iso8601(since));
  query.step();
  return static_cast<int>(query.column_int(0));
}

int Outbox::count_relayed_by(std::int64_t user_id, std::chrono::system_clock::time_point since) const {
  auto query = db_.prepare("SELECT count(*) FROM outbox WHERE relayed_by = ? AND created_at >= ?");
  query.bind(1, user_id).bind(2, iso8601(since));
  query.step();
  return static_cast<int>(query.column_int(0));
}

int Outbox::count_relayed_to(const std::string& recipient, std::chrono::system_clock::time_point since) const {
  auto query = db_.prepare(
      "SELECT count(*) FROM outbox WHERE mailbox = ? AND created_at >= ? AND relayed_by IS NOT NULL");
  query.bind(1, mail::canonical_mailbox(recipient)).bind(2, iso8601(since));
  query.step();
  return static_cast<int>(query.column_int(0));
}

}  // namespace pbem::server
