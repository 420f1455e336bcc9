// "Did you mean ...?" for mistyped command words.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::server {

// Levenshtein distance (insert, delete, substitute) plus adjacent transposition, so the
// common typo "mvoe" is one edit from "move".
int edit_distance(std::string_view a, std::string_view b);

// The known word closest to `word` when it is at most 2 edits away (and not the word
// itself); the first of equally close words wins.
std::optional<std::string> closest_word(std::string_view word, const std::vector<std::string>& known);

}  // namespace pbem::server
