#pragma once
// Charset and line-ending normalisation for message text. Mail clients mislabel charsets
// all the time (8-bit text declared us-ascii, windows-1252 declared iso-8859-1, no charset
// at all), so decoding never fails: it falls back instead, and the result is always valid
// UTF-8 that the rest of the server can trust.
#include <string>
#include <string_view>

namespace pbem::mail {

// `bytes` (already transfer-decoded) declared as `charset` (any case, may be empty),
// converted to UTF-8. Order of trust: the declared charset via iconv; for an absent or
// ASCII declaration, UTF-8 if the bytes are valid UTF-8, else windows-1252 (which maps every
// byte); declared UTF-8 with broken sequences keeps the valid rest and marks the damage
// with U+FFFD. ISO-8859-1 is read as windows-1252 (as browsers do): its C1 range is
// never meant. A leading byte-order mark is dropped.
std::string decode_to_utf8(std::string_view bytes, std::string_view charset);

// windows-1252 bytes to UTF-8; the five bytes it leaves undefined map to U+FFFD.
std::string windows1252_to_utf8(std::string_view bytes);

// CRLF and lone CR become LF; NUL and other control characters except TAB and LF are
// dropped (they are never meant in a command or a chat message and confuse terminals).
std::string normalize_newlines(std::string_view text);

// `text` cut to at most `max_bytes`, never inside a UTF-8 sequence (a hostile mail must
// not make the server keep megabytes of text; commands need the first lines only).
std::string cut_at_utf8_boundary(std::string text, std::size_t max_bytes);

}  // namespace pbem::mail
