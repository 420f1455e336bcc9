#include "server/pipeline/intake.h"

#include <new>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "mail/header_scan.h"
#include "server/support/digest.h"

namespace pbem::server {

namespace {

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& type : game_types()) names.push_back(type.name);
  return names;
}

// The command: the Subject, or else the first line of the new body text when only that
// parses (phone mail apps make a Subject awkward to edit, and a reply's Subject is ours).
ParsedCommand find_command(const std::string& subject, const std::string& first_line) {
  static const std::vector<std::string> names = game_names();
  ParsedCommand from_subject = parse_command(subject, names);
  if (from_subject.command) return from_subject;
  if (looks_like_command(first_line, names))
    if (ParsedCommand line = parse_command(first_line, names); line.command) return line;
  return from_subject;
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
  while (!new_text.empty()) {
    const auto end = new_text.find('\n');
    const std::string line(trim(new_text.substr(0, end)));
    if (!line.empty() && !line.starts_with('>')) return line;
    new_text = end == std::string_view::npos ? std::string_view{} : new_text.substr(end + 1);
  }
  return "";
}

IntakeRecord read_stored_message(Database& db, const InboxRow& row, const Config& config) {
  IntakeRecord record;
  record.inbox_id = row.id;
  record.reply_salt = sha256_hex(row.raw).substr(0, 12);
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
  record.machine = message.machine_reason;
  if (!record.machine && row.envelope_from && row.envelope_from->empty()) record.machine = "empty envelope sender";
  if (!record.machine && !sender) record.machine = "no usable sender address";
  if (!record.machine && (is_own_address(config, message.from_address) || is_own_address(config, record.sender)))
    record.machine = "from the server's own address";
  if (record.machine) return record;
  record.recipients = row.envelope_to;
  record.recipients.insert(record.recipients.end(), message.recipient_addresses.begin(),
                           message.recipient_addresses.end());
  const std::string first_line = first_line_of(message.body_new_text);
  // A mail to a player's game address is a move by reply: the address is its credential.
  if (auto by_reply = reply_move(db, config, record.recipients, message.subject, first_line)) {
    record.command = std::move(by_reply->command);
    record.address_owner = std::move(by_reply->owner);
  } else {
    record.command = find_command(message.subject, first_line);
  }
  return record;
}

}  // namespace pbem::server
