#include "engine/gaia_board.h"

#include <stdexcept>

#include "engine/text.h"

namespace pbem {

namespace {

// Turns a pointy-top axial position 60 degrees clockwise about the centre; ring index j
// of ring d goes to j + d, so side s of a ring is side 0 turned s times.
Hex turned_clockwise(Hex h, int times) {
  for (int t = 0; t < times; ++t) h = Hex{-h.r, h.q + h.r};
  return h;
}

}  // namespace

std::shared_ptr<const GaiaBoard> GaiaBoard::of_size(int size) {
  if (size < min_size || size > max_size)
    throw std::out_of_range("Gaia board size " + std::to_string(size) + " is not in " +
                            std::to_string(min_size) + "-" + std::to_string(max_size));
  // Built once, on first use (thread-safe static initialisation); each table is tiny.
  static const auto boards = [] {
    std::array<std::shared_ptr<const GaiaBoard>, max_size + 1> all{};
    for (int n = min_size; n <= max_size; ++n)
      all[static_cast<std::size_t>(n)] = std::make_shared<const GaiaBoard>(n);
    return all;
  }();
  return boards[static_cast<std::size_t>(size)];
}

int GaiaBoard::ring_length(int ring) const {
  if (ring == 0) return 1;
  return ring <= size_ ? 6 * ring : 6 * size_;
}

bool GaiaBoard::is_pentagon(int cell) const {
  return ring_of(cell) == size_ && index_of(cell) % size_ == 0;
}

int GaiaBoard::pair_of(int cell) const {
  return is_edge(cell) ? index_of(cell) % pair_count() : -1;
}

void GaiaBoard::add_neighbour(int cell, int other) {
  neighbours_[at(cell)][neighbour_counts_[at(cell)]++] = other;
  neighbours_[at(other)][neighbour_counts_[at(other)]++] = cell;
}

GaiaBoard::GaiaBoard(int size) : size_(size) {
  const int n = size;
  const int rings = 2 * n;
  for (int d = 0; d < rings; ++d) {
    ring_start_.push_back(static_cast<int>(rings_.size()));
    for (int j = 0; j < ring_length(d); ++j) {
      rings_.push_back(d);
      indices_.push_back(j);
      labels_.push_back(letter_number(d, j + 1));
    }
  }
  const std::size_t cells = rings_.size();
  neighbours_.assign(cells, {});
  neighbour_counts_.assign(cells, 0);
  opposed_.assign(cells, -1);
  drawn_.assign(cells, Hex{});

  // The core: ordinary hex adjacency within radius n. Cells are found by position through a
  // (2n+1) x (2n+1) table.
  const int span = 2 * n + 1;
  std::vector<int> core_at(static_cast<std::size_t>(span * span), -1);
  auto core_slot = [&](Hex h) { return static_cast<std::size_t>((h.q + n) * span + (h.r + n)); };
  for (int d = 0; d <= n; ++d) {
    std::vector<Hex> positions = ring(d);
    for (int j = 0; j < ring_length(d); ++j) {
      drawn_[at(cell(d, j))] = positions[static_cast<std::size_t>(j)];
      core_at[core_slot(positions[static_cast<std::size_t>(j)])] = cell(d, j);
    }
  }
  for (int c = 0; c < ring_start_[static_cast<std::size_t>(n + 1)]; ++c) {
    for (Hex step : pointy::directions) {
      Hex next = drawn_[at(c)] + step;
      if (length(next) > n) continue;
      int other = core_at[core_slot(next)];
      if (other > c) add_neighbour(c, other);  // each pair once
    }
  }

  // The tube: ring d (n < d < 2n) cell j touches j +- 1 of its ring and cells j, j+1 of
  // ring d-1 (ring n included, by its own indices). Each ring is one side's band turned.
  const int N = 6 * n;
  for (int d = n + 1; d < rings; ++d) {
    const int k = d - n;
    for (int j = 0; j < N; ++j) {
      add_neighbour(cell(d, j), cell(d, (j + 1) % N));
      add_neighbour(cell(d, j), cell(d - 1, j));
      add_neighbour(cell(d, j), cell(d - 1, (j + 1) % N));
      // Side s = j / n, position i = j % n along it: band row k above side 0, turned.
      drawn_[at(cell(d, j))] = turned_clockwise(Hex{j % n + k, -n - k}, j / n);
    }
  }

  for (int j = 0; j < N; ++j) opposed_[at(cell(edge_ring(), j))] = cell(edge_ring(), (j + 3 * n) % N);

  first_half_bits_.assign(cells, 0);
  second_half_bits_.assign(cells, 0);
  for (int c = 0; c < cell_count(); ++c) {
    if (!is_edge(c)) continue;
    (is_first_half(c) ? first_half_bits_ : second_half_bits_)[at(c)] = std::uint32_t{1} << pair_of(c);
  }
}

GaiaBoard::Lookup GaiaBoard::find(std::string_view text) const {
  const std::string board = "a size-" + std::to_string(size_) + " Gaia board";
  auto parsed = parse_letter_number(text);
  if (!parsed) {
    return {-1, quoted_word(text) + " is not a cell on " + board + ": a cell is a ring letter and a number, e.g. c4"};
  }
  auto [ring, number] = *parsed;
  std::string label = letter_number(ring, number);
  if (ring >= ring_count())
    return {-1, "cell " + label + " does not exist on " + board + ": rings run from a to " +
                    std::string(1, ring_letter(ring_count() - 1))};
  if (number < 1 || number > ring_length(ring)) {
    std::string ring_cells = ring_length(ring) == 1
                                 ? "only " + letter_number(ring, 1)
                                 : letter_number(ring, 1) + " to " + letter_number(ring, ring_length(ring));
    return {-1, "cell " + label + " does not exist on " + board + ": ring " +
                    std::string(1, ring_letter(ring)) + " has " + ring_cells};
  }
  return {cell(ring, number - 1), {}};
}

}  // namespace pbem
