// Small text helpers for user input: players type in any case with stray blanks.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pbem {

// "1 game", "3 games": a count and its noun, the plural made with an s.
std::string counted(std::size_t n, std::string_view noun);

std::string_view trim(std::string_view text);
std::string to_lower(std::string_view text);
// Splits on runs of blanks (space, tab, CR, LF); no empty words.
std::vector<std::string> split_words(std::string_view text);
// The lines of `text`, each trimmed, the blank ones left out (views into `text`).
std::vector<std::string_view> nonblank_lines(std::string_view text);
// "a, b or c" style list for error messages.
std::string join(const std::vector<std::string>& items, std::string_view separator);

// What an error message may repeat of a word the sender wrote: at most kMaxQuotedChars
// characters, printable ASCII only (any other character, however many bytes its UTF-8
// takes, as one '?'), with "..." after a cut. Error replies go to whatever address a mail
// names, under the server's own name: they must not carry an attacker's text.
inline constexpr std::size_t kMaxQuotedChars = 32;
std::string printable_prefix(std::string_view word, std::size_t max_chars = kMaxQuotedChars);
// The same in single quotes: 'word'.
std::string quoted_word(std::string_view word);

}  // namespace pbem
