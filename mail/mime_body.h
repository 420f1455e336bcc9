#pragma once
// Internal to mail/: finding and decoding the readable text of a GMime message tree.
#include <gmime/gmime.h>

#include <cstddef>
#include <string>

namespace pbem::mail::detail {

// The message text as UTF-8 with LF line endings, or "" when the message has none.
// Candidates are the inline text/plain and text/html parts in document order: parts with
// Content-Disposition: attachment or a file name, attached messages (message/rfc822, e.g.
// the returned mail inside a bounce), encrypted parts and signatures are skipped. The first
// text/plain part wins, else the first text/html part converted to text. Transfer encoding
// and charset are decoded and format=flowed (with delsp) is joined. At most
// kMaxBodyTextBytes are kept (cut at a UTF-8 boundary): commands need the first lines.
inline constexpr std::size_t kMaxBodyTextBytes = 64 * 1024;
std::string extract_body_text(GMimeObject* mime_root);

}  // namespace pbem::mail::detail
