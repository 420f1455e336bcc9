#pragma once
// HTML-to-plain-text conversion for messages that have no text/plain part (some phone and
// web clients). This is not a browser: it keeps the words and the line structure a reader
// would see, which is all a command or a chat message needs.
#include <cstddef>
#include <string>
#include <string_view>

namespace pbem::mail {

// Bounds that keep a hostile document (10,000 nested <blockquote>s around a <pre> of
// 100,000 line breaks once made 1 GB of text) small: deeper quotes get no more '>'.
inline constexpr std::size_t kMaxHtmlQuoteDepth = 20;
inline constexpr std::size_t kMaxHtmlTextBytes = 64 * 1024;

// Tags are dropped; <br> and block elements (div, p, li, tr, h1..h6, ...) end lines, <p>
// leaves a blank line; text inside <blockquote> is prefixed with "> " per level so that
// quoted replies look like plain-text quotes; <pre> keeps its blanks and line breaks;
// elsewhere runs of white space collapse to one blank. <script>, <style> and <title> are
// skipped, comments too. Character references (&amp; &#233; &#x263A; and the common named
// ones) are decoded; &nbsp; becomes a plain blank. Output uses LF and has no trailing blanks.
// Quote prefixes stop at kMaxHtmlQuoteDepth levels; the text stops at `max_bytes` (cut at
// a UTF-8 boundary), and conversion stops as soon as that much is written.
std::string html_to_text(std::string_view html, std::size_t max_bytes = kMaxHtmlTextBytes);

}  // namespace pbem::mail
