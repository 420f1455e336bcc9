#include "server/pipeline/intake.h"
#include "server/pipeline/digest_reply.h"

#include <algorithm>
#include <new>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "mail/header_scan.h"
#include "mail/reply_text.h"
#include "server/handlers/digest.h"
#include "server/pipeline/unsubscribe_mail.h"

namespace pbem::server {

namespace {

struct FoundCommand {
  ParsedCommand parsed;
  bool on_first_line = false;  // it is the body's first line, not the Subject
};

// "Error: ..." (its Re:-like prefixes already gone): the Subject of the server's answer
// to a refused command (mailing/error_text.h).
bool is_error_subject(const std::string& subject) { return to_lower(subject).starts_with("error:"); }

// The command: the Subject, or else the first line of the new body text when only that
// parses (phone mail apps make a Subject awkward to edit, and a reply's Subject is ours).
FoundCommand find_command(const std::string& subject, const std::string& first_line) {
  // A reply to an error mail ("Re: Error: ...") carries its command in the first line: our
  // own Subject is never read as one.
  if (is_error_subject(subject)) return {parse_command(first_line, game_type_names()), true};
  ParsedCommand from_subject = parse_command(subject, game_type_names());
  if (from_subject.command) return {std::move(from_subject)};
  if (looks_like_command(first_line, game_type_names()))
    if (ParsedCommand line = parse_command(first_line, game_type_names()); line.command) return {std::move(line), true};
  return {std::move(from_subject)};
}

// The text a multiple's lines are read from: what stands above the body's first quote,
// without the line that was the command itself when it was the body's first line.
std::string text_of_lines(const mail::InboundMessage& message, bool command_on_first_line) {
  std::string text = mail::extract_top_text(message.body_text);
  if (!command_on_first_line) return text;
  const auto first = text.find_first_not_of(" \t\n");
  const auto end = first == std::string::npos ? std::string::npos : text.find('\n', first);
  return end == std::string::npos ? "" : text.substr(end + 1);
}

// True when `address` is the server's own address or one of its aliases: answering it
// would make the server mail itself, and a forged From of ours must not start a loop.
bool is_own_address(const Config& config, const std::string& address) {
  if (address.empty()) return false;
  const std::string wanted = to_lower(address);
  if (to_lower(mail::normalize_address(config.server.address).value_or(config.server.address)) == wanted) return true;
  for (const auto& alias : config.server.aliases)
    if (to_lower(mail::normalize_address(alias).value_or(alias)) == wanted) return true;
  return false;
}

}  // namespace

std::string first_line_of(std::string_view new_text) {
  for (const std::string_view line : nonblank_lines(new_text))
    if (!line.starts_with('>')) return std::string(line);
  return "";
}

IntakeRecord read_stored_message(Database& db, const InboxRow& row, const Config& config) {
  IntakeRecord record;
  record.inbox_id = row.id;
  record.reply_salt = row.sha256.substr(0, 12);  // hashed once, when the mail was stored
  try {
    record.message = mail::parse_inbound(row.raw);
  } catch (const std::bad_alloc&) {
    // Mail that needs more memory than there is fails alone; it must not end the process.
    record.unreadable = "out of memory while parsing";
  } catch (const std::exception& e) {
    record.unreadable = e.what();
  }
  if (!record.message) {
    record.unreadable_from =
        mail::normalize_address(mail::scan_header_identity(row.raw).from_address).value_or("");
    return record;
  }
  const mail::InboundMessage& message = *record.message;
  record.from = mail::normalize_address(message.from_address).value_or("");
  const auto sender = mail::normalize_address(message.reply_address);
  record.sender = sender.value_or("");
  record.recipients = row.envelope_to;
  record.recipients.insert(record.recipients.end(), message.recipient_addresses.begin(),
                           message.recipient_addresses.end());
  // A mail to a valid unsubscribe address turns its setting off however automatic it looks
  // (a provider's unsubscribe button may send it so): it answers only the address's owner,
  // never its sender, so it can start no loop.
  auto unsubscribe = unsubscribe_mail(db, config, record.recipients);
  if (unsubscribe && unsubscribe->owner) {
    record.command = std::move(unsubscribe->command);
    record.address_owner = std::move(unsubscribe->owner);
    return record;
  }
  record.machine = message.machine_reason;
  if (!record.machine && row.envelope_from && row.envelope_from->empty()) record.machine = "empty envelope sender";
  if (!record.machine && !sender) record.machine = "no usable sender address";
  if (!record.machine && (is_own_address(config, message.from_address) || is_own_address(config, record.sender)))
    record.machine = "from the server's own address";
  if (record.machine) return record;
  // Only the operator's mail system's verdict counts: the sender can write fields by any
  // other authserv-id, and one by this id that says pass does not outweigh its fail.
  const std::string& authserv_id = config.mail.authserv_id;
  record.dmarc_failed = !authserv_id.empty() &&
                        std::any_of(message.authentication_results.begin(), message.authentication_results.end(),
                                    [&](const mail::AuthenticationResults& field) {
                                      return field.says(authserv_id, "dmarc", "fail");
                                    });
  record.from_not_one_mailbox = !authserv_id.empty() && message.from_mailboxes != 1;
  // An invalid unsubscribe address is refused to its sender, as an invalid game address is.
  if (unsubscribe) {
    record.command = std::move(unsubscribe->command);
    return record;
  }
  const std::string first_line = first_line_of(message.body_new_text);
  // A mail to a user's digest address: one move per line, the address their credential.
  if (auto digest = digest_reply(db, config, record.recipients, message.body_new_text)) {
    record.address_owner = std::move(digest->owner);
    if (digest->lines) record.lines = std::move(digest->lines);
    else record.command = std::move(digest->refused);
    return record;
  }
  // A mail to a player's game address is a move by reply: the address is its credential.
  auto by_reply = reply_move(db, config, record.recipients, message.subject, first_line);
  if (by_reply && !by_reply->whole_command) {
    record.command = std::move(by_reply->command);
    record.address_owner = std::move(by_reply->owner);
    return record;
  }
  FoundCommand found = by_reply ? FoundCommand{std::move(by_reply->command), by_reply->on_first_line}
                                : find_command(message.subject, first_line);
  record.command = std::move(found.parsed);
  if (takes_command_lines(record.command))
    record.lines = read_command_lines(text_of_lines(message, found.on_first_line), game_type_names());
  return record;
}

std::vector<const ParsedCommand*> commands_of(const IntakeRecord& record) {
  if (!record.message || record.machine) return {};
  if (!record.lines) return {&record.command};
  std::vector<const ParsedCommand*> commands;
  for (const ParsedCommand& line : record.lines->commands) commands.push_back(&line);
  return commands;
}

}  // namespace pbem::server
