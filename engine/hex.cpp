#include "engine/hex.h"

#include <cctype>

#include "engine/text.h"

namespace pbem {

std::vector<Hex> ring(int d) {
  if (d == 0) return {Hex{0, 0}};
  // E, SE, SW, W, NW, NE in pointy-top terms, starting at the ring's NW corner.
  static constexpr std::array<Hex, 6> walk{{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}};
  std::vector<Hex> cells;
  cells.reserve(6 * static_cast<std::size_t>(d));
  Hex h{0, -d};
  for (Hex step : walk) {
    for (int i = 0; i < d; ++i) {
      cells.push_back(h);
      h = h + step;
    }
  }
  return cells;
}

std::vector<Hex> hexagon(int radius) {
  std::vector<Hex> cells;
  for (int q = -radius; q <= radius; ++q)
    for (int r = -radius; r <= radius; ++r)
      if (length({q, r}) <= radius) cells.push_back({q, r});
  return cells;
}

std::optional<std::pair<int, int>> parse_letter_number(std::string_view text) {
  text = trim(text);
  if (text.size() < 2 || !std::isalpha(static_cast<unsigned char>(text[0]))) return std::nullopt;
  int letter = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  std::string_view digits = text.substr(1);
  if (digits.size() > 3 || digits[0] == '0') return std::nullopt;
  int number = 0;
  for (char c : digits) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    number = number * 10 + (c - '0');
  }
  return std::pair{letter, number};
}

std::string letter_number(int letter_index, int number) {
  std::string label(1, static_cast<char>('a' + letter_index));
  label += std::to_string(number);  // appended, not `string + string`: GCC 12 -O3 -Wrestrict false positive
  return label;
}

}  // namespace pbem
