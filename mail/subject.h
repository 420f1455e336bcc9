#pragma once
// Subject-line clean-up for inbound mail. The server reads the command from the Subject,
// so a reply ("Re: gates move 17 ...") or forward must yield the same command text.
#include <string>
#include <string_view>

namespace pbem::mail {

// One line of header text: folded line breaks (CRLF + blank) are removed as RFC 5322 says;
// any other CR, LF, TAB or control character becomes a blank,
// so what a mail client folded (or an attacker embedded) can never start a new line.
std::string unfold_header_text(std::string_view text);

// The subject without reply/forward prefixes, with runs of blanks (incl. U+00A0) collapsed
// to one space and both ends trimmed. Prefixes are stripped repeatedly, in any case, with
// an optional counter ("Re[2]:", "Re(3):", "Re^2:") and blanks around the colon:
// Re, Fwd, Fw, AW (German), WG (German forward), SV (Nordic), VS (Nordic forward),
// Antw (Dutch), TR (French forward). Only leading prefixes are removed.
std::string strip_reply_prefixes(std::string_view subject);

}  // namespace pbem::mail
