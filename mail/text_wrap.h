#pragma once
// Plain-text mail is read in 78 columns (RFC 5322 section 2.1.1 recommends lines of at
// most 78 characters). Replies are written in short lines, but some carry values of any
// length (addresses, game descriptions, usage lines): this folds what is too long.
#include <cstddef>
#include <string>
#include <string_view>

namespace pbem::mail {

inline constexpr std::size_t kTextColumns = 78;

// `text` with every line longer than `width` folded at single spaces:
//  - prose (words separated by single spaces) continues at the line's own indentation;
//  - a two-column line (a term, a run of two or more spaces, then a description, as in
//    usage and option lists) continues its description under the description's first
//    column, unless that leaves fewer than 24 columns for it;
//  - anything else is left as it is: drawings (board diagrams have runs of blanks or
//    `+-+` outlines), and words longer than the line.
// Lines end with '\n'; a final line without one keeps its ending.
std::string wrap_text(std::string_view text, std::size_t width = kTextColumns);

}  // namespace pbem::mail
