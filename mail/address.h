#pragma once
// Email address normalisation shared by inbound parsing and outbound composition.
//
// normalize_address() is deliberately strict: it accepts a bare addr-spec such as
// "alice@Example.ORG" (optionally wrapped in <> and surrounding blanks) and returns it with
// the domain lower-cased ("alice@example.org"). The local part keeps its case, because
// RFC 5321 lets the receiving host treat it as case-sensitive. Anything that could not be
// safely written into a header on its own -- blanks, control characters, quotes, angle
// brackets, commas, a missing or doubled '@', an empty local part or domain, a local part
// over 64 octets or an address over 254 (RFC 5321 limits) -- is refused with std::nullopt,
// so callers can use the result as a header value without escaping.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pbem::mail {

// RFC 5321, section 4.5.3.1: a local part holds at most 64 octets, a path at most 256, so
// an address without its angle brackets at most 254.
inline constexpr std::size_t kMaxLocalPartLength = 64;
inline constexpr std::size_t kMaxAddressLength = 254;

// The canonical form of a plausible addr-spec, or nullopt when `text` is not one.
std::optional<std::string> normalize_address(std::string_view text);

// The mailbox an address most likely reaches, for limits that count per mailbox: the local
// part lower-cased and without a "+detail" (Alice+x@Example.org -> alice@example.org), the
// domain lower-cased; at gmail.com and googlemail.com (one domain) the local part without
// its dots too (V.ictim@googlemail.com -> victim@gmail.com). Most providers deliver all of
// these to one person, so a limit that counted the strings apart would let one message
// reach one inbox thousands of times. Not an address to send to: mail still goes to the
// address as given.
std::string canonical_mailbox(std::string_view address);

// An address the sender chose (a From, a Reply-To), as a reply's Subject or text may show
// it: at most kShownAddressChars characters, printable ASCII ('?' for anything else), "..."
// when cut. A forged 254-character From must not become the server's own words.
inline constexpr std::size_t kShownAddressChars = 32;
std::string shown_address(std::string_view address);

}  // namespace pbem::mail
