#include "engine/gates_board.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>

#include "engine/gates_tiles.h"

namespace pbem::gates {

BoardLimits board_limits(BoardKind kind) {
  switch (kind) {
    case BoardKind::y: return {10, 2, 26};
    case BoardKind::hex: return {10, 2, 13};
    case BoardKind::cross: return {5, 2, 13};
  }
  return {5, 2, 13};
}

std::string_view board_option(BoardKind kind) {
  switch (kind) {
    case BoardKind::y: return "y";
    case BoardKind::hex: return "hex";
    case BoardKind::cross: return "cross";
  }
  return "cross";
}

std::string_view board_title(BoardKind kind) {
  switch (kind) {
    case BoardKind::y: return "Y Gates";
    case BoardKind::hex: return "Hex Gates";
    case BoardKind::cross: return "Cross Gates";
  }
  return "Cross Gates";
}

namespace {

bool is_one_of(flat::Direction d, flat::Direction a, flat::Direction b) { return d == a || d == b; }

}  // namespace

bool Board::contains(Hex h) const {
  const int n = size_;
  switch (kind_) {
    case BoardKind::y: return h.q >= 0 && h.r >= 0 && h.q + h.r <= n - 1;
    case BoardKind::hex: {
      // (q, r) = (i + j, -j) with 0 <= i, j < n.
      int j = -h.r, i = h.q + h.r;
      return i >= 0 && i < n && j >= 0 && j < n;
    }
    case BoardKind::cross: return length(h) <= n - 1;
  }
  return false;
}

unsigned Board::edge_sides(int cell, flat::Direction d) const {
  Hex h = hex(cell);
  if (contains(h + flat::directions[d])) return 0;
  using namespace flat;
  const int n = size_;
  unsigned sides = 0;
  switch (kind_) {
    case BoardKind::y:
      if (h.q == 0 && is_one_of(d, NW, SW)) sides |= side::y_left;
      if (h.r == 0 && is_one_of(d, N, NE)) sides |= side::y_top;
      if (h.q + h.r == n - 1 && is_one_of(d, SE, S)) sides |= side::y_lower_right;
      break;
    case BoardKind::hex: {
      int i = h.q + h.r, j = -h.r;
      if (i == 0 && is_one_of(d, NW, N)) sides |= side::hex_upper_left;
      if (i == n - 1 && is_one_of(d, SE, S)) sides |= side::hex_lower_right;
      if (j == 0 && is_one_of(d, S, SW)) sides |= side::hex_lower_left;
      if (j == n - 1 && is_one_of(d, N, NE)) sides |= side::hex_upper_right;
      // The obtuse corners: the top cell's N edge and the bottom cell's S edge lie between
      // a dark and a light side and count for the dark side only (spec: this keeps exactly
      // one winner on a full board and the half-turn symmetry).
      if ((sides & side::hex_dark) && (sides & side::hex_light)) sides &= side::hex_dark;
      break;
    }
    case BoardKind::cross: {
      // A corner cell's edge in a direction shared by its two sides counts for both.
      const int R = n - 1;
      if (h.r == -R && is_one_of(d, N, NE)) sides |= 1u << 0;
      if (h.q == R && is_one_of(d, NE, SE)) sides |= 1u << 1;
      if (h.q + h.r == R && is_one_of(d, SE, S)) sides |= 1u << 2;
      if (h.r == R && is_one_of(d, S, SW)) sides |= 1u << 3;
      if (h.q == -R && is_one_of(d, SW, NW)) sides |= 1u << 4;
      if (h.q + h.r == -R && is_one_of(d, NW, N)) sides |= 1u << 5;
      break;
    }
  }
  return sides;
}

int Board::side_count() const {
  switch (kind_) {
    case BoardKind::y: return 3;
    case BoardKind::hex: return 4;
    case BoardKind::cross: return 6;
  }
  return 0;
}

std::string Board::description() const {
  return "size-" + std::to_string(size_) + " " + std::string(board_title(kind_)) + " board";
}

Board::Board(BoardKind kind, int size) : kind_(kind), size_(size) {
  BoardLimits limits = board_limits(kind);
  if (size < limits.min_size || size > limits.max_size)
    throw std::invalid_argument("Gates board size out of range");

  // Every candidate cell of a generous bounding box, kept if on the board, in label order:
  // by column q, then downwards (y grows with r inside a column).
  const int extent = 2 * size;
  for (int q = -extent; q <= extent; ++q)
    for (int r = -extent; r <= extent; ++r)
      if (contains({q, r})) cells_.push_back({q, r});

  q_min_ = cells_.front().q;
  int q_max = cells_.back().q, r_max = cells_.front().r;
  r_min_ = cells_.front().r;
  for (Hex h : cells_) {
    r_min_ = std::min(r_min_, h.r);
    r_max = std::max(r_max, h.r);
  }
  q_span_ = q_max - q_min_ + 1;
  r_span_ = r_max - r_min_ + 1;
  cell_grid_.assign(static_cast<std::size_t>(q_span_ * r_span_), -1);
  column_count_ = q_span_;
  column_first_cell_.assign(static_cast<std::size_t>(q_span_ + 1), 0);

  labels_.reserve(cells_.size());
  for (std::size_t i = 0; i < cells_.size(); ++i) {
    Hex h = cells_[i];
    int column = h.q - q_min_;
    if (i == 0 || cells_[i - 1].q != h.q) column_first_cell_[static_cast<std::size_t>(column)] = static_cast<int>(i);
    int number = static_cast<int>(i) - column_first_cell_[static_cast<std::size_t>(column)] + 1;
    labels_.push_back(letter_number(column, number));
    cell_grid_[static_cast<std::size_t>(column * r_span_ + (h.r - r_min_))] = static_cast<int>(i);
  }
  column_first_cell_[static_cast<std::size_t>(q_span_)] = cell_count();

  neighbours_.resize(cells_.size());
  for (int c = 0; c < cell_count(); ++c)
    for (int d = 0; d < 6; ++d) neighbours_[static_cast<std::size_t>(c)][d] = cell_at(hex(c) + flat::directions[d]).value_or(-1);

  // Vertices keyed by doubled coordinates: the R corner of (q, r) is the TL corner of
  // (q+1, r) and the BL corner of (q+1, r-1), so shared corners get one key.
  std::map<std::pair<int, int>, int> vertex_ids;
  corners_.resize(cells_.size());
  for (int c = 0; c < cell_count(); ++c) {
    Hex h = hex(c);
    const int x = 3 * h.q, y = 2 * h.r + h.q;
    for (int k = 0; k < 6; ++k) {
      std::pair<int, int> point{x + corner_offsets[k].first, y + corner_offsets[k].second};
      auto [it, inserted] = vertex_ids.try_emplace(point, static_cast<int>(vertex_points_.size()));
      if (inserted) {
        vertex_points_.push_back(point);
        vertex_class_.push_back(corner_class(static_cast<flat::Corner>(k)));
        vertex_sides_.push_back(0);
      } else if (vertex_class_[static_cast<std::size_t>(it->second)] != corner_class(static_cast<flat::Corner>(k))) {
        throw std::logic_error("Gates board: corner classes disagree at a shared vertex");
      }
      corners_[static_cast<std::size_t>(c)][k] = it->second;
    }
  }

  // A vertex belongs to a side if it is an endpoint of a boundary edge of that side.
  for (int c = 0; c < cell_count(); ++c)
    for (int d = 0; d < 6; ++d) {
      unsigned sides = edge_sides(c, static_cast<flat::Direction>(d));
      for (flat::Corner corner : flat::edge_corners[d])
        vertex_sides_[static_cast<std::size_t>(vertex(c, corner))] |= sides;
    }
}

std::optional<int> Board::cell_at(Hex h) const {
  int column = h.q - q_min_, row = h.r - r_min_;
  if (column < 0 || column >= q_span_ || row < 0 || row >= r_span_) return std::nullopt;
  int cell = cell_grid_[static_cast<std::size_t>(column * r_span_ + row)];
  if (cell < 0) return std::nullopt;
  return cell;
}

std::optional<int> Board::cell_at_label(int column, int number) const {
  if (column < 0 || column >= column_count_ || number < 1) return std::nullopt;
  int first = column_first_cell_[static_cast<std::size_t>(column)];
  int count = column_first_cell_[static_cast<std::size_t>(column) + 1] - first;
  if (number > count) return std::nullopt;
  return first + number - 1;
}

std::shared_ptr<const Board> board_for(BoardKind kind, int size) {
  static std::mutex mutex;
  static std::map<std::pair<BoardKind, int>, std::shared_ptr<const Board>> cache;
  std::lock_guard lock(mutex);
  auto& slot = cache[{kind, size}];
  if (!slot) slot = std::make_shared<const Board>(kind, size);
  return slot;
}

}  // namespace pbem::gates
