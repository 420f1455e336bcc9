#include "server/pipeline/mail_service.h"

#include <chrono>
#include <cstdlib>
#include <new>
#include <iostream>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "mail/header_scan.h"
#include "mail/inbound_message.h"
#include "server/support/clock.h"
#include "server/commands/commands.h"
#include "server/support/digest.h"
#include "server/storage/game_records.h"
#include "server/support/log.h"
#include "server/storage/outbox.h"
#include "server/storage/password_throttle.h"
#include "server/commands/processor.h"
#include "server/storage/reply_limit.h"

namespace pbem::server {

namespace {

// Crash points for the crash-safety tests: PBEM_TEST_CRASH_AT=<name> ends the process on
// the spot (no unwinding, no rollback, no cleanup), as a power cut or kill -9 would.
void crash_point(const char* name) {
  static const char* wanted = std::getenv("PBEM_TEST_CRASH_AT");
  if (wanted && std::string_view(wanted) == name) std::_Exit(99);
}

std::string domain_of(const std::string& address) { return address.substr(address.find('@') + 1); }

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& type : game_types()) names.push_back(type.name);
  return names;
}

// The command: the Subject, or else the first line of the new body text when only that
// parses (phone mail apps make a Subject awkward to edit, and a reply's Subject is ours).
std::string command_text(const mail::InboundMessage& message) {
  static const std::vector<std::string> names = game_names();
  if (parse_command(message.subject, names).command) return message.subject;
  std::string_view body = message.body_new_text;
  std::string first_line(trim(body.substr(0, body.find('\n'))));
  if (looks_like_command(first_line, names) && parse_command(first_line, names).command) return first_line;
  return message.subject;
}

Outcome internal_error_outcome(const Request& request, const MaskedCommand& masked_command) {
  Outcome outcome;
  outcome.error = true;
  outcome.masked_command = masked_command;
  outcome.summary = "internal error";
  Reply reply;
  reply.to = request.sender;
  reply.subject = "Error: the server could not carry out your command";
  reply.text = "Your command\n\n    " + masked_command.text() +
               "\n\nwas not carried out because of an internal error on the server.\n\n"
               "Nothing was changed. The operator can see the details in the server's log.\n";
  reply.to_sender = true;
  outcome.replies.push_back(reply);
  return outcome;
}

std::string lower(std::string text) {
  for (char& c : text) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return text;
}

// True when `address` is the server's own address or one of its aliases: answering it
// would make the server mail itself, and a forged From of ours must not start a loop.
bool is_own_address(const Config& config, const std::string& address) {
  if (address.empty()) return false;
  const std::string wanted = lower(address);
  if (lower(mail::normalize_address(config.server.address).value_or(config.server.address)) == wanted) return true;
  for (const auto& alias : config.server.aliases) {
    if (lower(mail::normalize_address(alias).value_or(alias)) == wanted) return true;
  }
  return false;
}

class InboxRow {
 public:
  std::int64_t id = 0;
  std::string state;
  std::optional<std::string> envelope_from;
  std::string raw;
  std::string message_id;
};

std::optional<InboxRow> load_row(Database& db, std::int64_t id) {
  auto query = db.prepare("SELECT id, state, envelope_from, raw, message_id FROM inbox WHERE id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  InboxRow row;
  row.id = query.column_int(0);
  row.state = query.column_text(1);
  row.envelope_from = query.column_optional_text(2);
  row.raw = query.column_is_null(3) ? "" : query.column_blob(3);
  row.message_id = query.column_optional_text(4).value_or("");
  return row;
}

void finish_row(Database& db, std::int64_t id, const std::string& state, const std::string& sender,
                const MaskedCommand& command, const std::string& outcome) {
  // The raw message is dropped once processed: only the digest, ids, the masked command
  // and the outcome stay (privacy).
  auto update = db.prepare(
      "UPDATE inbox SET state = ?, sender = ?, command = ?, outcome = ?, raw = NULL, processed_at = ? WHERE id = ?");
  update.bind(1, state).bind(2, sender).bind(3, command.text()).bind(4, outcome).bind(5, now_iso8601()).bind(6, id);
  update.run();
}

// Turns replies into outbox rows with threading headers; returns how many were queued.
// Message-IDs are "<prefix><n>.<salt>@domain": stable per inbound message, so reprocessing
// can never mint new ones.
int queue_replies(Database& db, const Config& config, const std::string& tag, const mail::InboundMessage& message,
                  const std::vector<Reply>& replies, const std::string& id_prefix, const std::string& salt,
                  std::optional<std::int64_t> inbox_id) {
  Outbox outbox(db);
  GameRecords records(db);
  const ReplyLimit reply_limit(db, config.limits.replies_per_hour);
  const auto now = std::chrono::system_clock::now();
  const std::string domain = domain_of(config.server.address);
  int sent = 0, n = 0;
  for (Reply reply : replies) {
    ++n;
    if (reply.kind == MailKind::Reply) {
      const ReplyDecision decision = reply_limit.decide(reply.to, now);
      if (decision != ReplyDecision::Send)
        log_line(tag + ": reply to " + reply.to + " suppressed, over " +
                 std::to_string(config.limits.replies_per_hour) + " replies per hour" +
                 (decision == ReplyDecision::SendNotice ? "; one notice sent instead" : ""));
      if (decision == ReplyDecision::Drop) continue;
      if (decision == ReplyDecision::SendNotice) {
        reply.kind = MailKind::Notice;
        reply.subject = ReplyLimit::kNoticeSubject;
        reply.text = ReplyLimit::kNoticeText;
        reply.game_id.reset();
        reply.picture_png.clear();
      }
    }
    mail::OutgoingMessage out;
    out.from_name = config.server.name;
    out.from_address = config.server.address;
    out.to = {reply.to};
    out.subject = reply.subject;
    out.message_id = id_prefix + std::to_string(n) + "." + salt + "@" + domain;
    out.text = reply.text;
    out.picture_png = reply.picture_png;
    out.date = now;
    std::optional<std::string> thread;
    if (reply.game_id)
      if (auto record = records.find(*reply.game_id)) thread = record->thread_id;
    if (thread) out.references.push_back(*thread);
    if (reply.to_sender && !message.message_id.empty()) {
      out.in_reply_to = message.message_id;
      for (const auto& ref : message.references)
        if (ref != thread) out.references.push_back(ref);
      out.references.push_back(message.message_id);
    } else if (thread) {
      out.in_reply_to = *thread;
    }
    try {
      outbox.enqueue(out, config.server.address, inbox_id, reply.game_id, reply.kind, reply.relayed_by);
    } catch (const std::invalid_argument& e) {
      // A reply that cannot be written as valid mail (e.g. to an address only SMTPUTF8
      // could carry) is dropped; throwing would leave the message pending forever.
      log_line(tag + ": reply to " + reply.to + " not sent: " + e.what());
      continue;
    }
    ++sent;
  }
  return sent;
}

}  // namespace

MailService::MailService(Database& db, const Config& config) : db_(db), config_(config) {}

ReceiveResult MailService::receive(std::string_view raw, std::optional<std::string> envelope_from) {
  const std::string digest = sha256_hex(raw);
  // No MIME parse before the bytes are stored: a hostile message must be on disk (and so
  // dealt with once, by the processor) before anything complex reads it. A linear header
  // scan finds the Message-ID and From for duplicate detection.
  const mail::HeaderIdentity identity = mail::scan_header_identity(raw);
  const std::string& message_id = identity.message_id;
  const std::string origin = mail::normalize_address(identity.from_address).value_or("");
  Transaction transaction(db_);
  // A Message-ID is whatever the writer chose, so it only marks a duplicate together with
  // the same sender: another sender reusing it is a different message.
  auto existing = db_.prepare(
      "SELECT id, state FROM inbox WHERE digest = ?1 OR (?2 != '' AND message_id = ?2 AND origin = ?3) "
      "ORDER BY id LIMIT 1");
  existing.bind(1, digest).bind(2, message_id).bind(3, origin);
  if (existing.step()) {
    ReceiveResult result{existing.column_text(1) == "received" ? ReceiveStatus::Pending : ReceiveStatus::Duplicate,
                         existing.column_int(0)};
    existing.reset();
    const std::string tag = "inbox " + std::to_string(result.inbox_id);
    if (result.status == ReceiveStatus::Pending) {
      log_line(tag + ": redelivered while still pending");
      return result;
    }
    // A redelivery is a mail system's retry, not a request: it is logged, never answered
    // (an answer would have to quote the command, and the sender already has one).
    log_line(tag + ": duplicate" + (message_id.empty() ? "" : " <" + message_id + ">") + ", not processed again");
    return result;
  }
  existing.reset();
  auto insert = db_.prepare(
      "INSERT INTO inbox (digest, message_id, envelope_from, raw, state, received_at, origin) "
      "VALUES (?, ?, ?, ?, 'received', ?, ?)");
  insert.bind(1, digest);
  if (message_id.empty()) insert.bind(2, nullptr);
  else insert.bind(2, message_id);
  insert.bind(3, envelope_from).bind_blob(4, raw).bind(5, now_iso8601()).bind(6, origin);
  insert.run();
  ReceiveResult result{ReceiveStatus::Stored, db_.last_insert_id()};
  crash_point("before-inbox-commit");
  transaction.commit();
  crash_point("after-inbox-commit");
  return result;
}

int MailService::process_pending() {
  std::vector<std::int64_t> ids;
  {
    auto query = db_.prepare("SELECT id FROM inbox WHERE state = 'received' ORDER BY id");
    while (query.step()) ids.push_back(query.column_int(0));
  }
  for (std::int64_t id : ids) process(id);
  return static_cast<int>(ids.size());
}

// The slow part of a command, the Argon2id check of its password, done before the write
// transaction so neither the SMTP receiver nor the sender waits for it.
std::optional<PasswordCheck> MailService::password_check_in_advance(const std::string& command) {
  ParsedCommand parsed = parse_command(command, game_names());
  if (!parsed.command || parsed.command->userid.empty() || parsed.command->password.empty()) return std::nullopt;
  if (parsed.command->verb == Verb::Confirm) return std::nullopt;  // a code, not a password
  // A throttled user's password is not checked at all (the processor refuses the command).
  if (auto account = Accounts(db_).find(parsed.command->userid))
    if (PasswordThrottle(db_, config_.limits.failed_passwords_per_hour)
            .blocked_until(account->id, std::chrono::system_clock::now()))
      return std::nullopt;
  return Accounts::check_in_advance(db_, parsed.command->userid, parsed.command->password);
}

void MailService::process(std::int64_t inbox_id) {
  // A stored message's bytes never change, so they are read and parsed once, before the
  // write transaction; inside it only the row's state is checked again.
  auto row = load_row(db_, inbox_id);
  if (!row || row->state != "received") return;
  const std::string tag = "inbox " + std::to_string(inbox_id);
  std::optional<mail::InboundMessage> parsed;
  std::string parse_error;
  try {
    parsed = mail::parse_inbound(row->raw);
  } catch (const std::bad_alloc&) {
    // Mail that needs more memory than there is fails alone; it must not end the process.
    parse_error = "out of memory while parsing";
  } catch (const std::exception& e) {
    parse_error = e.what();
  }
  const std::string command = parsed ? command_text(*parsed) : "";
  std::optional<PasswordCheck> precheck;
  if (parsed && !parsed->machine_reason) precheck = password_check_in_advance(command);

  Transaction transaction(db_);
  {
    auto state = db_.prepare("SELECT state FROM inbox WHERE id = ?");
    state.bind(1, inbox_id);
    if (!state.step() || state.column_text(0) != "received") return;  // another process was first
  }
  if (!parsed) {
    // Stored, marked failed with the reason, and answered with nothing.
    const std::string from = mail::normalize_address(mail::scan_header_identity(row->raw).from_address).value_or("");
    finish_row(db_, inbox_id, "failed", from, {}, "unparseable: " + parse_error);
    transaction.commit();
    log_line(tag + ": dropped, not a mail message the server reads" + (from.empty() ? "" : " (from " + from + ")") +
             ": " + parse_error);
    return;
  }
  const mail::InboundMessage& message = *parsed;
  std::optional<std::string> machine = message.machine_reason;
  if (!machine && row->envelope_from && row->envelope_from->empty()) machine = "empty envelope sender";
  auto sender = mail::normalize_address(message.reply_address);
  if (!machine && !sender) machine = "no usable sender address";
  if (!machine && (is_own_address(config_, message.from_address) || is_own_address(config_, sender.value_or(""))))
    machine = "from the server's own address";
  if (machine) {
    finish_row(db_, inbox_id, "skipped", sender.value_or(""), {}, "machine mail: " + *machine);
    transaction.commit();
    log_line(tag + ": skipped machine mail (" + *machine + ")");
    return;
  }

  // A failed command must leave nothing behind but its error reply.
  db_.exec("SAVEPOINT command");
  CommandProcessor processor(db_, config_, std::move(precheck));
  Request request{*sender, mail::normalize_address(message.from_address).value_or(""), command,
                  message.body_new_text};
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
    outcome = internal_error_outcome(request, parse_command(command, game_names()).masked.cautious());
  }
  db_.exec(outcome.error ? "ROLLBACK TO command; RELEASE command" : "RELEASE command");
  // Written after the rollback, so the refused command leaves this one trace for the throttle.
  if (outcome.wrong_password_for)
    PasswordThrottle(db_, config_.limits.failed_passwords_per_hour)
        .record_failure(*outcome.wrong_password_for, std::chrono::system_clock::now());
  crash_point("after-command");

  const int sent = queue_replies(db_, config_, tag, message, outcome.replies,
                                 "pbem-" + std::to_string(inbox_id) + "-", sha256_hex(row->raw).substr(0, 12), inbox_id);
  finish_row(db_, inbox_id, "processed", *sender, outcome.masked_command, outcome.summary);
  crash_point("before-process-commit");
  transaction.commit();
  log_line(tag + " from " + *sender + ": " + outcome.masked_command.text() + " -> " + outcome.summary + " (" +
           std::to_string(sent) + " replies queued)");
}

}  // namespace pbem::server
