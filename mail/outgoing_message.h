#pragma once
// Outbound mail composition.
//
// compose() turns a reply into the exact RFC 5322 bytes the SMTP client sends and the
// outbox stores. The output is deterministic for a given input (the MIME boundary is
// derived from the Message-ID, the Date comes from the caller), so a stored outbox row
// and a re-composed message are byte-identical.
//
// Shape: headers Date, From, To, Subject, Message-ID, In-Reply-To, References (folded),
// MIME-Version, Auto-Submitted: auto-replied (RFC 3834, so well-behaved autoresponders do
// not answer us), List-Unsubscribe when the mail has an unsubscribe address (RFC 2369: a
// mail a setting causes; no List-Unsubscribe-Post, as RFC 8058's one-click is an HTTPS
// POST this server does not serve), then multipart/alternative with
//   1. text/plain; charset=utf-8 -- 7bit when the text is ASCII with lines under 78
//      columns, else quoted-printable;
//   2. text/html; charset=utf-8 -- a page made for phones showing the SAME text, escaped
//      (html_page.h): the boards (`boards`) and other column-aligned lines in <pre>
//      blocks that scroll inside themselves, the prose in paragraphs that wrap, because
//      phone clients and Outlook show text/plain in a proportional font and would
//      scramble ASCII boards, and one <pre> for everything would cut the sentences;
//      under a board, its `links` (a board mail's moves as mailto: links, html_page.h).
//      With a picture (board mails), this second branch is instead multipart/related:
//      the text/html document (the picture as <img src="cid:..."> scaled with
//      max-width: 100%, then the text) and the image/png part, base64,
//      Content-Disposition: inline, whose Content-ID the cid: names. The text/plain part
//      is byte-identical either way.
//   With attachments (a game's record files), that multipart/alternative is the first part
//   of a multipart/mixed, each attachment a base64 part after it with
//   Content-Disposition: attachment and its file name (base64 whatever the content, since
//   a record's lines may pass 998 octets and its text must arrive byte for byte).
// Every line ends in CRLF and no line exceeds 998 characters.
//
// Header safety: CR, LF and other control characters in caller-supplied header values
// (subject, display name) become blanks; message ids lose every character a dot-atom
// msg-id cannot hold (blanks, line breaks, brackets, ':' ...); addresses must be plausible
// addr-specs (see normalize_address) or compose() throws std::invalid_argument. Nothing
// the caller passes can add a header.
#include <chrono>
#include <string>
#include <vector>

#include "mail/html_page.h"

namespace pbem::mail {

// A picture in the HTML part, drawn above the text from byte `at` of the message's text on
// (a board mail: one at 0; a digest: one above each game).
struct InlinePicture {
  std::size_t at = 0;
  std::string png;  // PNG bytes
};

// A file the mail carries (a game's SGF or JSON record): its name, its full Content-Type
// ("application/x-go-sgf; charset=UTF-8") and its bytes.
struct Attachment {
  std::string filename;
  std::string content_type;
  std::string data;

  bool operator==(const Attachment&) const = default;
};

struct OutgoingMessage {
  std::string from_name, from_address;   // "PBeM Server", "pbem@localhost"
  std::vector<std::string> to;           // addr-specs; at least one
  std::string reply_to;                  // addr-spec for Reply-To; empty: none (replies go to From)
  // addr-spec a mail to which turns off what sent this mail, as List-Unsubscribe:
  // <mailto:...>; empty: none (the mail is no subscription's).
  std::string list_unsubscribe;
  std::string subject;                   // UTF-8, may contain non-ASCII (RFC 2047-encoded)
  std::string message_id;                // without brackets; the caller makes it (stable)
  std::string in_reply_to;               // without brackets; may be empty
  std::vector<std::string> references;   // without brackets
  std::string text;                      // UTF-8 plain text body, LF line endings
  std::vector<InlinePicture> pictures;   // in the HTML part, in text order; none: no picture
  // Where boards drawn in ASCII stand in `text` (byte ranges, in text order, from line start
  // to line start): each is one <pre> in the HTML part, as it is, whatever its lines hold.
  std::vector<TextRange> boards;
  // Links under those boards in the HTML part only (a board mail's moves); none: none.
  std::vector<BoardLinks> links;
  std::vector<Attachment> attachments;   // after the text, in this order; none: no multipart/mixed
  std::chrono::system_clock::time_point date;
};

// RFC 5322 bytes with CRLF line endings. Throws std::invalid_argument for an implausible
// or non-ASCII from/to address (headers stay 7-bit), no recipient, a header line that would
// exceed 998 octets (address lists are folded, so only absurd input gets there), or a message_id that is not "left@right" (one '@', at
// most 250 characters) once cleaned. In-Reply-To/References ids that fail the same test
// are left out: they only help threading and come from other people's mail.
std::string compose(const OutgoingMessage& msg);

// A header text (a Subject, a display name) as compose() writes it before any RFC 2047
// encoding: valid UTF-8 on one line, controls as blanks, runs of blanks as one, trimmed.
// The outbox keeps each mail's Subject this way.
std::string header_text(const std::string& text);

// The multipart boundary compose() uses for a message id (exposed for tests).
std::string boundary_for(const std::string& message_id);
// The Content-ID (without brackets) of the picture in a message with this (cleaned) id.
std::string picture_content_id(const std::string& message_id);

}  // namespace pbem::mail
