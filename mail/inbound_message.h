#pragma once
// Inbound mail, parsed and normalised for the server.
//
// parse_inbound() turns the raw bytes of one RFC 5322 message -- as any real client sends
// it: folded headers, RFC 2047 encoded words, MIME multipart, quoted-printable, base64,
// any charset, format=flowed, HTML-only -- into plain UTF-8 fields the command layer can
// use without knowing anything about MIME. Parsing is done by GMime; this module decides
// what the server should see (which body part, which sender, whether a machine sent it).
// Thread-safe: each call is independent.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mail/authentication_results.h"
#include "mail/mail_parse_error.h"

namespace pbem::mail {

struct InboundMessage {
  std::string message_id;        // without angle brackets; empty if absent
  std::string from_address;      // addr-spec of From, domain lower-cased; empty when From
                                 // is missing or not a plausible address
  std::string from_name;         // display name, decoded UTF-8
  std::size_t from_mailboxes = 0;  // mailboxes in the From field(s): one in a proper mail
  std::string reply_address;     // Reply-To address if present and plausible, else from_address
  std::string subject;           // raw_subject with Re:/Fwd:/AW:/... prefixes (repeated, any
                                 // case, also "Re[2]:") stripped, blanks collapsed, trimmed
  std::string raw_subject;       // decoded (RFC 2047) and unfolded; nothing stripped
  std::string body_text;         // text/plain preferred, else text/html as text; transfer
                                 // encoding and charset decoded; format=flowed joined; LF
  std::string body_new_text;     // body_text without quoted replies, attribution lines,
                                 // Outlook original-message blocks and signature; trimmed
  // Who the mail was for: the addresses of Delivered-To, X-Original-To, To and Cc, in that
  // order, normalised (the first 50). A reply to a game address names it here.
  std::vector<std::string> recipient_addresses;
  std::string in_reply_to;       // first message id of In-Reply-To, without brackets
  std::vector<std::string> references;  // References ids, without brackets, in order
  // Every Authentication-Results field (RFC 8601), top first: whoever wrote them, the
  // receiving mail systems or the sender (authentication_results.h says which count).
  std::vector<AuthenticationResults> authentication_results;
  // Set when this mail must never be answered (auto-reply, bounce, list or bulk mail);
  // the text names the reason for the log, e.g. "Auto-Submitted: auto-replied".
  std::optional<std::string> machine_reason;
};

// MailParseError (mail_parse_error.h) is thrown when the input is not a mail message at
// all (empty, or no header fields) or its header section is over the bounds of
// header_scan.h (size, field count, nesting), which are checked before GMime runs.

// Parses one RFC 5322 message with CRLF or LF line endings. A leading mbox "From " line
// (as Postfix pipe(8) with the F flag writes it) is skipped. Tolerates everything real
// clients send; throws MailParseError for input that is not a message or whose header
// section is hostile (see header_scan.h). The body text is capped at 64 KB.
InboundMessage parse_inbound(std::string_view raw);

// How many times parse_inbound ran in this process (a test shows each message is parsed once).
std::uint64_t inbound_parse_count();

}  // namespace pbem::mail
