#include "server/pipeline/intake.h"

#include <atomic>
#include <new>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "mail/header_scan.h"
#include "server/support/digest.h"

namespace pbem::server {

namespace {

std::atomic<std::uint64_t> command_parses{0};

ParsedCommand parse_counted(std::string_view text, const std::vector<std::string>& names) {
  ++command_parses;
  return parse_command(text, names);
}

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& type : game_types()) names.push_back(type.name);
  return names;
}

// The command: the Subject, or else the first line of the new body text when only that
// parses (phone mail apps make a Subject awkward to edit, and a reply's Subject is ours).
ParsedCommand find_command(const mail::InboundMessage& message) {
  static const std::vector<std::string> names = game_names();
  ParsedCommand subject = parse_counted(message.subject, names);
  if (subject.command) return subject;
  std::string_view body = message.body_new_text;
  std::string first_line(trim(body.substr(0, body.find('\n'))));
  if (looks_like_command(first_line, names))
    if (ParsedCommand line = parse_counted(first_line, names); line.command) return line;
  return subject;
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

std::uint64_t command_parse_count() { return command_parses.load(); }

IntakeRecord read_stored_message(const InboxRow& row, const Config& config) {
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
  record.command = find_command(message);
  return record;
}

}  // namespace pbem::server
