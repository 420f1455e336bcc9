#pragma once
// A cheap, linear look at a message's header section, without GMime.
//
// Two jobs, both done before GMime ever sees the bytes:
//   - find the Message-ID (and From) of a message that has to be stored even if it
//     cannot be parsed, so storing never depends on a full MIME parse;
//   - refuse header sections that would make GMime's recursive parsers blow the stack
//     or burn CPU and memory: `Cc: ` + `g:` x 41,000 nests 41,000 address groups and
//     overflows the stack inside GMime's group parser (issue 9, item 1).
// Nothing here recurses and every loop is a single pass over the input.
#include <cstddef>
#include <string>
#include <string_view>

namespace pbem::mail {

// Bounds on the header section; real mail stays far below each of them.
struct HeaderLimits {
  std::size_t max_header_bytes = 256 * 1024;  // the whole header section
  std::size_t max_field_bytes = 32 * 1024;    // one field with its folded lines
  std::size_t max_fields = 1000;
  // Address fields (From, To, Cc, ...): open groups (':'), comments ('(') and angle
  // brackets ('<') at once. A real address list needs at most 3 (a group holding a
  // mailbox with a comment); RFC 5322 does not even allow nested groups.
  std::size_t max_address_nesting = 16;
};

// `raw` without a leading mbox "From sender date" line (an envelope marker).
std::string_view skip_mbox_from_line(std::string_view raw);

// What a header scan finds without parsing MIME; fields absent stay empty.
struct HeaderIdentity {
  std::string message_id;    // without angle brackets or blanks
  std::string from_address;  // the addr-spec of From as written (not normalised)
};

// The Message-ID and From of the first occurrence of each field. Never throws except
// std::bad_alloc; linear in the size of the header section.
HeaderIdentity scan_header_identity(std::string_view raw);

// Throws MailParseError naming the field and the limit when the header section of `raw`
// exceeds one of `limits`; otherwise does nothing.
void check_header_limits(std::string_view raw, const HeaderLimits& limits = {});

}  // namespace pbem::mail
