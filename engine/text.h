// Small text helpers for user input: players type in any case with stray blanks.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pbem {

std::string_view trim(std::string_view text);
std::string to_lower(std::string_view text);
// Splits on runs of blanks (space, tab, CR, LF); no empty words.
std::vector<std::string> split_words(std::string_view text);
// "a, b or c" style list for error messages.
std::string join(const std::vector<std::string>& items, std::string_view separator);

}  // namespace pbem
