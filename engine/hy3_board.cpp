#include "engine/hy3_board.h"

#include <algorithm>
#include <array>
#include <mutex>

#include "engine/text.h"

namespace pbem {

std::shared_ptr<const Hy3Board> Hy3Board::of_size(int size) {
  static std::mutex mutex;
  static std::array<std::shared_ptr<const Hy3Board>, kMaxSize + 1> boards;
  std::lock_guard lock(mutex);
  auto& board = boards.at(static_cast<std::size_t>(size));
  if (!board) board.reset(new Hy3Board(size));  // private constructor: make_shared cannot reach it
  return board;
}

Hy3Board::Hy3Board(int size) : size_(size) {
  const int radius = size - 1;
  rows_.resize(static_cast<std::size_t>(2 * size - 1));
  for (int r = -radius; r <= radius; ++r) {
    int first_q = std::max(-radius, -radius - r);
    int last_q = std::min(radius, radius - r);
    for (int q = first_q; q <= last_q; ++q) {
      int row = r + radius;
      rows_[static_cast<std::size_t>(row)].push_back(static_cast<int>(cells_.size()));
      cells_.push_back({q, r});
      labels_.push_back(letter_number(row, q - first_q + 1));
    }
  }
  ring_index_.assign(cells_.size(), -1);
  std::vector<Hex> perimeter = ring(radius);
  for (std::size_t i = 0; i < perimeter.size(); ++i)
    ring_index_[static_cast<std::size_t>(*index_of(perimeter[i]))] = static_cast<int>(i);
  neighbours_.resize(cells_.size());
  for (std::size_t c = 0; c < cells_.size(); ++c)
    for (Hex d : pointy::directions)
      if (auto n = index_of(cells_[c] + d)) neighbours_[c].push_back(*n);
}

std::optional<int> Hy3Board::index_of(Hex h) const {
  const int radius = size_ - 1;
  if (length(h) > radius) return std::nullopt;
  int row = h.r + radius;
  int first_q = std::max(-radius, -radius - h.r);
  return rows_[static_cast<std::size_t>(row)].front() + (h.q - first_q);
}

Hy3Board::Lookup Hy3Board::find(std::string_view label) const {
  auto parsed = parse_letter_number(label);
  std::string last_row(1, static_cast<char>('a' + row_count() - 1));
  std::string board = "a size-" + std::to_string(size_) + " HY 3 board";
  if (!parsed) {
    return {std::nullopt, quoted_word(label) + " is not a cell: expected a row letter a-" + last_row + " and a number, e.g. d4"};
  }
  auto [row, number] = *parsed;
  std::string text = letter_number(row, number);
  if (row >= row_count())
    return {std::nullopt, "cell " + text + " does not exist on " + board + " (rows a-" + last_row + ")"};
  const auto& cells = rows_[static_cast<std::size_t>(row)];
  if (number < 1 || number > static_cast<int>(cells.size()))
    return {std::nullopt, "cell " + text + " does not exist on " + board + " (row " + text.substr(0, 1) +
                              " has cells " + letter_number(row, 1) + "-" +
                              letter_number(row, static_cast<int>(cells.size())) + ")"};
  return {cells[static_cast<std::size_t>(number - 1)], {}};
}

}  // namespace pbem
