// The intake step: a stored message's bytes read once — MIME parsed once, its command
// found and parsed once — into the one record the processor works from. Nothing on the
// way after this reads the bytes or the command text again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mail/inbound_message.h"
#include "server/commands/commands.h"
#include "server/storage/inbox.h"
#include "server/support/config.h"

namespace pbem::server {

struct IntakeRecord {
  std::int64_t inbox_id = 0;
  std::string reply_salt;  // from the bytes' digest: reply Message-IDs stay the same on a retry
  std::optional<mail::InboundMessage> message;  // empty when the bytes are not a mail we read
  std::string unreadable;       // why not, then
  std::string unreadable_from;  // the From a linear header scan found, for the log
  std::optional<std::string> machine;  // why this mail must never be answered
  std::string sender;  // normalised address replies go to (Reply-To, else From)
  std::string from;    // normalised From
  ParsedCommand command;  // the Subject, or the body's first line when only that parses
  // Where a game address is looked for: the SMTP envelope recipients, then Delivered-To,
  // X-Original-To, To and Cc.
  std::vector<std::string> recipients;
};

IntakeRecord read_stored_message(const InboxRow& row, const Config& config);

// How many command lines parse_command has parsed in this process (for the test that
// shows a message's command is parsed once).
std::uint64_t command_parse_count();

}  // namespace pbem::server
