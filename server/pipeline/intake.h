// The intake step: a stored message's bytes read once — MIME parsed once, its command
// found and parsed once (a `multiple`'s lines too, each once), a game address among its
// recipients resolved once (game, player, the move in the Subject or body) — into the one
// record the processor works from. Nothing on the way after this reads the bytes or the
// command text again; inside the batch's transaction only a game address's password
// generation is checked again (reply_move.h's expired_since).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mail/inbound_message.h"
#include "server/language/parser.h"
#include "server/language/command_lines.h"
#include "server/pipeline/reply_move.h"
#include "server/storage/database.h"
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
  // The Subject, or the body's first line when only that parses; for a mail to a game
  // address, the move it carries for the address's player (or why it is refused).
  ParsedCommand command;
  // When the command is carried out as the lines of the body (`multiple`): those lines,
  // each parsed once, read from the body's text above its first quote.
  std::optional<CommandLines> lines;
  // For a mail to a valid game, digest or unsubscribe address (pipeline/unsubscribe_mail.h:
  // acted on even when it looks automatic, as it answers only the address's owner).
  std::optional<AddressOwner> address_owner;
  // The operator's own mail system (mail.authserv_id) found the mail fails DMARC: its From
  // proves nothing, and commands that rest on it alone are refused (MailAllowance).
  bool dmarc_failed = false;
  // With mail.authserv_id set, a From holding anything but exactly one mailbox: the
  // DMARC check covers one at most, so such a From proves nothing either (MailAllowance).
  bool from_not_one_mailbox = false;
  // Where a game address is looked for: the SMTP envelope recipients, then Delivered-To,
  // X-Original-To, To and Cc.
  std::vector<std::string> recipients;
};

// Reads `db` (games, accounts) to resolve a game address; writes nothing, so it runs before
// the batch's transaction.
IntakeRecord read_stored_message(Database& db, const InboxRow& row, const Config& config);

// The commands the mail asks for, in order: its lines, or else its one command (none for
// mail that is not read or not answered).
std::vector<const ParsedCommand*> commands_of(const IntakeRecord& record);

// The line of a body's new text (quotes and signature already gone) where a command or a
// reply's move is looked for: its first line that is not blank and not quoted.
std::string first_line_of(std::string_view new_text);

}  // namespace pbem::server
