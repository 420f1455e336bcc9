#pragma once
// Extraction of what the sender actually wrote in a reply. Chat and message commands
// forward the body to another player; they should forward the new words, not the whole
// quoted history or the sender's signature.
#include <string>
#include <string_view>

namespace pbem::mail {

// `body` (LF line endings) without:
//  - quoted lines (starting with '>', or "| " or ": " as some clients quote),
//  - attribution lines introducing a quote ("On Mon, ... Alice <a@x> wrote:", also wrapped
//    over two lines, and the German/French/Spanish/Italian/Nordic/Dutch forms), recognised
//    only when a quoted line follows, so ordinary sentences ending in ':' stay,
//  - everything from an Outlook "-----Original Message-----" separator or an Outlook
//    "From: ... Sent: ..." header block (and the "____" rule above it) to the end,
//  - everything from the signature separator ("-- ", or "--" as clients that trim trailing
//    blanks send it) to the end.
// Runs of blank lines become one; the result is trimmed.
std::string extract_new_text(std::string_view body);

// What stands above the first quoted line or attribution line of `body` (an attribution is
// taken here without a quote after it too: "On <date>, <name> wrote:"), and before a
// signature or an Outlook block; blank lines as in extract_new_text. The text a `multiple`
// mail's command lines are read from: below the first quote nothing is the sender's
// command, even where extract_new_text keeps an interleaved answer.
std::string extract_top_text(std::string_view body);

}  // namespace pbem::mail
