#include "server/pipeline/mail_service.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <cstdlib>
#include <new>
#include <utility>
#include <iostream>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "mail/header_scan.h"
#include "mail/inbound_message.h"
#include "mail/outgoing_message.h"
#include "server/mailing/error_text.h"
#include "server/mailing/picture_cache.h"
#include "server/support/clock.h"
#include "server/language/command_table.h"
#include "server/language/parser.h"
#include "server/support/sha256.h"
#include "server/storage/account_erasure.h"
#include "server/storage/game_records.h"
#include "server/support/log.h"
#include "server/pipeline/crash_point.h"
#include "server/pipeline/intake.h"
#include "server/pipeline/picture_warmup.h"
#include "server/pipeline/reply_queue.h"
#include "server/pipeline/work_ahead.h"
#include "server/pipeline/multiple.h"
#include "server/storage/inbox.h"
#include "server/storage/metric_counts.h"
#include "server/storage/outbox.h"
#include "server/storage/password_throttle.h"
#include "server/storage/passwords.h"
#include "server/storage/verified_password_cache.h"
#include "server/pipeline/processor.h"
#include "server/pipeline/reply_move.h"
#include "server/storage/reply_limit.h"

namespace pbem::server {

namespace {

Outcome internal_error_outcome(const Request& request, const MaskedCommand& masked_command) {
  Outcome outcome;
  outcome.error = true;
  outcome.refusal = Refusal::internal_error;
  outcome.masked_command = masked_command;
  outcome.summary = "internal error";
  Reply reply;
  reply.to = request.sender;
  auto [subject, words] = internal_error(masked_command.text());
  reply.subject = std::move(subject);
  reply.text = std::move(words);
  reply.to_sender = true;
  outcome.replies.push_back(reply);
  return outcome;
}

// What bounds the mail `record` may cause; `lines`: its commands are a multiple's or a
// digest reply's lines, answered in one gathered mail.
AllowanceOfMail allowance_of(const IntakeRecord& record, bool lines) {
  return {.sender = record.sender,
          .dmarc_failed = record.dmarc_failed,
          .from_not_one_mailbox = record.from_not_one_mailbox,
          .answers_gathered = lines};
}

}  // namespace

MailService::MailService(Database& db, const Config& config, WriteTurn* turn)
    : db_(db), config_(config), turn_(turn) {}

ReceiveResult MailService::receive(std::string_view raw, std::optional<std::string> envelope_from,
                                  const std::vector<std::string>& envelope_to) {
  const IncomingMessage message{raw, std::move(envelope_from), envelope_to};
  return receive_batch(std::span(&message, 1)).front();
}

std::vector<ReceiveResult> MailService::receive_batch(std::span<const IncomingMessage> messages) {
  std::vector<ReceiveResult> results;
  WriteTurn::Scope turn(turn_);
  Transaction transaction(db_);
  Inbox inbox(db_);
  for (const IncomingMessage& incoming : messages) {
    const std::string sha256 = sha256_hex(incoming.raw);
    // No MIME parse before the bytes are stored: a hostile message must be on disk (and so
    // dealt with once, by the processor) before anything complex reads it. A linear header
    // scan finds the Message-ID and From for duplicate detection.
    const mail::HeaderIdentity identity = mail::scan_header_identity(incoming.raw);
    const std::string& message_id = identity.message_id;
    const std::string origin = mail::normalize_address(identity.from_address).value_or("");
    if (auto copy = inbox.find_copy(sha256, message_id, origin)) {
      const std::string tag = "inbox " + std::to_string(copy->id);
      if (copy->pending) {
        log_line(tag + ": redelivered while still pending");
        results.push_back({ReceiveStatus::Pending, copy->id});
        continue;
      }
      // A redelivery is a mail system's retry, not a request: it is logged, never answered
      // (an answer would have to quote the command, and the sender already has one).
      log_line(tag + ": duplicate" + (message_id.empty() ? "" : " <" + message_id + ">") + ", not processed again");
      results.push_back({ReceiveStatus::Duplicate, copy->id});
      continue;
    }
    results.push_back({ReceiveStatus::Stored, inbox.add(sha256, message_id, incoming.envelope_from,
                                                        incoming.envelope_to, incoming.raw, origin)});
  }
  crash_point("before-inbox-commit");
  transaction.commit();
  crash_point("after-inbox-commit");
  return results;
}

int MailService::process_pending() {
  const std::vector<std::int64_t> ids = Inbox(db_).pending();
  for (std::size_t at = 0; at < ids.size();)
    at += process_batch(std::span(ids).subspan(at, std::min(kBatchSize, ids.size() - at)));
  return static_cast<int>(ids.size());
}

void MailService::process(std::int64_t inbox_id) { process_batch(std::span(&inbox_id, 1)); }

// The slow parts of commands, done before the write transaction so neither the SMTP
// receiver nor the sender waits for them, and for a batch on several threads at once (both
// cores): the Argon2id check of a password, and the picture of the position a move makes
// (picture_warmup.h). What needs no check (a cached password, a throttled user, a command
// without a password) costs nothing here.
//
// The password throttle holds inside a batch too: one user's passwords (of commands and of
// a multiple's lines alike) are checked in the batch's order by one job, which stops once
// the user has no wrong password left this hour; the transaction then refuses the rest
// unchecked, as the failures are recorded in that same order.
void MailService::work_in_advance(std::vector<PreparedMessage>& batch) {
  std::vector<std::function<void()>> jobs;
  Accounts accounts(db_);
  PasswordThrottle throttle(db_, config_.limits.failed_passwords_per_hour);
  const auto now = std::chrono::system_clock::now();
  struct PasswordToCheck {
    const std::string* password;
    std::optional<PasswordCheck>* result;  // the command's own slot: no two jobs share one
  };
  struct PasswordsOfUser {
    std::string userid, hash;
    int failures_left = 0;
    std::vector<PasswordToCheck> checks;  // in the batch's order
  };
  std::map<std::int64_t, PasswordsOfUser> by_user;
  for (PreparedMessage& prepared : batch) {
    const std::vector<const ParsedCommand*> commands = commands_of(prepared.record);
    for (std::size_t n = 0; n < commands.size(); ++n) {
      if (!commands[n]->command) continue;
      const Command& command = *commands[n]->command;
      if (command.spec->secret != Secret::Password || command.userid.empty() || command.password.empty()) continue;
      const auto account = accounts.find(command.userid);
      if (!account) continue;
      auto [user, fresh] = by_user.try_emplace(account->id);
      if (fresh) {
        user->second.userid = command.userid;
        user->second.hash = accounts.password_hash(account->id).value_or("");
        user->second.failures_left = throttle.failures_left(account->id, now);
      }
      user->second.checks.push_back({&command.password, &prepared.prechecks.at(n)});
    }
  }
  for (auto& [id, user] : by_user) {
    // A throttled user's passwords are not checked at all (the processor refuses them).
    if (user.hash.empty() || user.failures_left == 0) continue;
    jobs.push_back([user = &user] {
      int wrong = 0;
      for (const PasswordToCheck& check : user->checks) {
        if (wrong == user->failures_left) return;  // the rest are refused unchecked
        if (*check.result) {  // checked for an earlier batch that did not get to it
          if (!(*check.result)->matches) ++wrong;
          continue;
        }
        const bool matches = verify_password_cached(user->userid, user->hash, *check.password);
        *check.result = PasswordCheck{user->hash, *check.password, matches};
        if (!matches) ++wrong;
      }
    });
  }
  std::vector<const IntakeRecord*> records;
  for (const PreparedMessage& prepared : batch) records.push_back(&prepared.record);
  for (auto& position : positions_after_moves(db_, records))
    jobs.push_back([game = std::shared_ptr<const Game>(std::move(position))] {
      shared_picture_cache().picture(*game);
    });
  run_ahead(jobs);
}

std::size_t MailService::process_batch(std::span<const std::int64_t> inbox_ids) {
  // A stored message's bytes never change, so they are read and parsed once (the intake
  // step), before the write transaction; inside it only the rows' state is checked again.
  Inbox inbox(db_);
  std::vector<PreparedMessage> batch;
  for (std::int64_t id : inbox_ids) {
    const auto row = inbox.load(id);
    if (!row || row->state != "received") continue;
    IntakeRecord record = read_stored_message(db_, *row, config_);
    std::vector<std::optional<PasswordCheck>> prechecks(commands_of(record).size());
    if (auto carried = carried_prechecks_.extract(id)) prechecks = std::move(carried.mapped());
    batch.push_back({id, std::move(record), std::move(prechecks)});
  }
  if (batch.empty()) return inbox_ids.size();
  const unsigned long long verifications_before = password_verifications();
  work_in_advance(batch);

  // One transaction (one fsync) for the whole batch; each command has its own savepoint, so
  // a refused command undoes only itself. A database error undoes the batch, which stays
  // pending for a retry.
  // The write lock is held for the whole transaction, and the SMTP side needs it to store
  // new mail: a batch stops taking messages once it has held it for kBatchTime.
  std::vector<std::string> log_lines;
  std::size_t done = 0;
  WriteTurn::Scope turn(turn_);
  Transaction transaction(db_);
  const auto started = std::chrono::steady_clock::now();
  for (PreparedMessage& prepared : batch) {
    if (done > 0 && std::chrono::steady_clock::now() - started > kBatchTime) break;
    if (inbox.still_pending(prepared.inbox_id)) log_lines.push_back(carry_out(prepared));  // else another process was first
    ++done;
  }
  crash_point("before-process-commit");
  transaction.commit();
  // An erased account's rows are zeroed in the log's new pages (secure_delete); a
  // checkpoint that empties the log leaves its old copies nowhere (SQLite; a no-op else).
  if (std::exchange(erased_in_batch_, false) && db_.dialect() == Dialect::sqlite)
    db_.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  for (std::size_t rest = done; rest < batch.size(); ++rest)
    carried_prechecks_[batch[rest].inbox_id] = std::move(batch[rest].prechecks);
  for (const std::string& line : log_lines) log_line(line);
  // What a flood of password guesses costs shows in the log (the throttle bounds it).
  if (const auto checks = password_verifications() - verifications_before; checks > 0)
    log_line("batch of " + std::to_string(done) + (done == 1 ? " message: " : " messages: ") + std::to_string(checks) +
             " password check" + (checks == 1 ? "" : "s") + " (Argon2id)");
  // The ids up to the last one carried out (rows skipped before the batch count as done).
  if (done == batch.size()) return inbox_ids.size();
  const auto next = std::find(inbox_ids.begin(), inbox_ids.end(), batch[done].inbox_id);
  return static_cast<std::size_t>(next - inbox_ids.begin());
}

ReplyQueue MailService::reply_queue_for(const PreparedMessage& prepared, const std::string& tag) {
  const mail::InboundMessage& message = *prepared.record.message;
  return ReplyQueue(db_, config_, tag, CommandThread{message.message_id, message.references},
                    "pbem-" + std::to_string(prepared.inbox_id) + "-", prepared.record.reply_salt, prepared.inbox_id,
                    kUnauthenticatedReplyBytes);
}

std::string MailService::carry_out(PreparedMessage& prepared) {
  Inbox inbox(db_);
  const std::int64_t inbox_id = prepared.inbox_id;
  const IntakeRecord& record = prepared.record;
  const std::string tag = "inbox " + std::to_string(inbox_id);
  if (!record.message) {
    // Stored, marked failed with the reason, and answered with nothing.
    const std::string& from = record.unreadable_from;
    inbox.finish(inbox_id, "failed", from, "", "unparseable: " + record.unreadable);
    return tag + ": dropped, not a mail message the server reads" + (from.empty() ? "" : " (from " + from + ")") +
           ": " + record.unreadable;
  }
  const mail::InboundMessage& message = *record.message;
  if (record.machine) {
    inbox.finish(inbox_id, "skipped", record.sender, "", "machine mail: " + *record.machine);
    return tag + ": skipped machine mail (" + *record.machine + ")";
  }

  if (record.lines) return carry_out_lines(prepared, tag);
  Request request{record.sender, record.from, std::move(prepared.record.command), message.body_new_text, std::nullopt, std::nullopt};
  // A mail to a player's game address is a move by reply: the address, checked at intake,
  // is its credential, unless the player's password changed since.
  if (const auto& owner = record.address_owner) {
    if (auto expired = expired_since(db_, *owner)) request.command = std::move(*expired);
    else request.authenticated_userid = owner->userid;
    if (owner->game != 0) request.address_game = owner->game;
  }
  ReplyQueue queue = reply_queue_for(prepared, tag);
  MailAllowance allowance(allowance_of(record, false));
  Outcome outcome = run_command(tag, std::move(request), std::move(prepared.prechecks.front()), queue, allowance);
  for (Reply& reply : outcome.replies)
    if (!is_owed(reply)) queue.add(std::move(reply), !outcome.credential_accepted);
  inbox.finish(inbox_id, "processed", record.sender, outcome.masked_command.text(), outcome.summary);
  forget_erased(outcome);
  return tag + " from " + record.sender + ": " + outcome.masked_command.text() + " -> " + outcome.summary + " (" +
         std::to_string(queue.sent()) + " replies queued)";
}

// Each line exactly as if it had come alone (in a mail with no text of its own: chat and
// message lines were refused at intake), in order, each seeing what the lines before it
// changed. Their replies to the sender are gathered into one mail (pipeline/multiple.h).
// The budget of mail anyone may ask for holds for the whole message: the gathered mail and
// every reply of a line without an accepted credential count against the one budget.
std::string MailService::carry_out_lines(PreparedMessage& prepared, const std::string& tag) {
  const IntakeRecord& record = prepared.record;
  CommandLines& lines = *prepared.record.lines;
  // The lines of a reply to a digest address are moves of the address's owner, who needs no
  // password, unless their password changed since (then every line is refused so).
  std::optional<std::string> owner;
  if (const auto& address_owner = record.address_owner) {
    if (auto expired = expired_since(db_, *address_owner)) lines = CommandLines{{std::move(*expired)}, 0};
    else owner = address_owner->userid;
  }
  ReplyQueue queue = reply_queue_for(prepared, tag);
  MailAllowance allowance(allowance_of(record, true));
  std::vector<Outcome> outcomes;
  for (std::size_t n = 0; n < lines.commands.size(); ++n) {
    Request request{record.sender, record.from, std::move(lines.commands[n]), "", owner, std::nullopt};
    outcomes.push_back(run_command(tag + " line " + std::to_string(n + 1), std::move(request),
                                   std::move(prepared.prechecks[n]), queue, allowance));
  }
  // The owed mail went out as each line was kept; the answers are gathered into one mail.
  MultipleAnswer answer = answer_lines(record.sender, std::move(outcomes), lines.left_out);
  queue.add(std::move(answer.gathered), true, std::move(answer.brief));
  for (Outcome& line : answer.lines)
    for (Reply& reply : line.replies)
      if (!is_owed(reply)) queue.add(std::move(reply), !line.credential_accepted);
  Inbox(db_).finish(prepared.inbox_id, "processed", record.sender, answer.masked.text(), answer.summary);
  for (const Outcome& line : answer.lines) forget_erased(line);
  return tag + " from " + record.sender + ": " + answer.masked.text() + " -> " + answer.summary + " (" +
         std::to_string(queue.sent()) + " replies queued)";
}

void MailService::forget_erased(const Outcome& outcome) {
  if (outcome.erased_addresses.empty()) return;
  AccountErasure(db_).forget_inbox_rows(outcome.erased_addresses);
  erased_in_batch_ = true;
}

Outcome MailService::run_command(const std::string& tag, Request request, std::optional<PasswordCheck> precheck,
                                 ReplyQueue& queue, MailAllowance& allowance) {
  Savepoint command(db_, "command");
  request.allowance = &allowance;
  // The limits of the whole inbound mail, and its owed mail queued at once, inside the
  // command's savepoint: a later command of the same mail counts it (relay limits), and a
  // command whose mail cannot all go is refused before anything of it is kept.
  CommandProcessor processor(db_, config_, std::move(precheck), [&](Outcome& out) {
    allowance.admit(out);
    if (!queue.add_owed(out.replies, !out.credential_accepted))
      throw CommandError(Refusal::limit, MailAllowance::over_budget_reason(kUnauthenticatedReplyBytes));
    allowance.spend(out);
  });
  Outcome outcome;
  try {
    outcome = processor.handle(request);
  } catch (const DatabaseError&) {
    throw;  // busy, disk full, ...: nothing is kept and the message stays pending for a retry
  } catch (const std::exception& e) {
    // A bug or a corrupt record must not block the queue behind this message forever:
    // the command is dropped with an apology, and the log says why.
    log_line(tag + ": internal error: " + e.what());
    // Whether the password was accepted is unknown here: quote only the words before the userid.
    outcome = internal_error_outcome(request, request.command.masked.cautious());
  }
  if (outcome.error) command.roll_back();
  else command.release();
  // Written after the rollback, so the refused command leaves these traces: its count for
  // /metrics, and the wrong password for the throttle.
  if (outcome.error) MetricCounts(db_).refused(outcome.refusal);
  if (outcome.wrong_password_for)
    PasswordThrottle(db_, config_.limits.failed_passwords_per_hour)
        .record_failure(*outcome.wrong_password_for, std::chrono::system_clock::now());
  crash_point("after-command");
  return outcome;
}

}  // namespace pbem::server
