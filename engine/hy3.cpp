#include "engine/hy3.h"

#include <algorithm>

#include "engine/hy3_render.h"

namespace pbem {

namespace {
std::string capitalised_colour(Colour colour) { return colour == 0 ? "Red" : "Blue"; }
}  // namespace

Hy3::Hy3(int size, bool swap_enabled)
    : Game(swap_enabled),
      board_(Hy3Board::of_size(size)),
      stones_(static_cast<std::size_t>(board_->cell_count()), -1),
      parent_(static_cast<std::size_t>(board_->cell_count())),
      anchors_(static_cast<std::size_t>(board_->cell_count())) {
  for (int c = 0; c < board_->cell_count(); ++c) parent_[static_cast<std::size_t>(c)] = c;
}

std::string Hy3::options_text() const {
  return "-size=" + std::to_string(board_->size()) + (swap_enabled() ? " -swap" : "");
}

int Hy3::find_root(int cell) const {
  while (parent_[static_cast<std::size_t>(cell)] != cell) {
    int& up = parent_[static_cast<std::size_t>(cell)];
    up = parent_[static_cast<std::size_t>(up)];  // path halving keeps later lookups short
    cell = up;
  }
  return cell;
}

Hy3::Anchors Hy3::anchors_if_placed(int cell, Colour colour) const {
  Anchors anchors;
  if (int index = board_->ring_index(cell); index >= 0) anchors.set(index);
  for (int n : board_->neighbours(cell))
    if (stones_[static_cast<std::size_t>(n)] == colour) anchors |= anchors_[static_cast<std::size_t>(find_root(n))];
  return anchors;
}

int Hy3::span_of(const Anchors& anchors) const {
  const int perimeter = board_->perimeter();
  int first = -1, previous = -1, largest_gap = 0;
  for (std::size_t w = 0; w < anchors.words.size(); ++w) {
    for (std::uint64_t bits = anchors.words[w]; bits != 0; bits &= bits - 1) {
      const int i = 64 * static_cast<int>(w) + std::countr_zero(bits);  // set bits in ring order
      if (first < 0) first = i;
      else largest_gap = std::max(largest_gap, i - previous);
      previous = i;
    }
  }
  if (first < 0) return 0;
  largest_gap = std::max(largest_gap, first + perimeter - previous);  // the wrap-around gap
  return perimeter - largest_gap + 1;
}

int Hy3::group_span(int cell) const {
  if (stones_[static_cast<std::size_t>(cell)] < 0) return 0;
  return span_of(anchors_[static_cast<std::size_t>(find_root(cell))]);
}

bool Hy3::placement_legal(int cell, Colour colour) const {
  return stones_[static_cast<std::size_t>(cell)] < 0 && !spans_half(span_of(anchors_if_placed(cell, colour)));
}

bool Hy3::has_legal_placement(Colour colour) const {
  for (int c = 0; c < board_->cell_count(); ++c)
    if (placement_legal(c, colour)) return true;
  return false;
}

PlyResult Hy3::place(std::string_view ply, Colour colour) {
  auto lookup = board_->find(ply);
  if (!lookup.cell) return PlyResult::rejected(lookup.error);
  const int cell = *lookup.cell;
  const std::string& label = board_->label(cell);
  if (int owner = stones_[static_cast<std::size_t>(cell)]; owner >= 0)
    return PlyResult::rejected(label + " is occupied (" + std::string(colour_name(owner)) + ")");
  const Anchors anchors = anchors_if_placed(cell, colour);
  const int span = span_of(anchors);
  if (spans_half(span))
    return PlyResult::rejected("this placement would form a group spanning exactly half the perimeter (" +
                               std::to_string(span) + " of " + std::to_string(board_->perimeter()) +
                               " perimeter cells)");
  put_stone(cell, colour, anchors, span);
  return PlyResult::accepted(label);
}

bool Hy3::place_code(int code, Colour colour) {
  if (stones_[static_cast<std::size_t>(code)] >= 0) return false;
  const Anchors anchors = anchors_if_placed(code, colour);
  const int span = span_of(anchors);
  if (spans_half(span)) return false;
  put_stone(code, colour, anchors, span);
  return true;
}

void Hy3::put_stone(int cell, Colour colour, const Anchors& anchors, int span) {
  stones_[static_cast<std::size_t>(cell)] = colour;
  for (int n : board_->neighbours(cell))
    if (stones_[static_cast<std::size_t>(n)] == colour) parent_[static_cast<std::size_t>(find_root(n))] = cell;
  anchors_[static_cast<std::size_t>(cell)] = anchors;
  last_cell_ = cell;
  if (anchors.count() >= 2 && 2 * span > board_->perimeter()) declare_winner(colour);
}

void Hy3::after_ply() {
  // A player left without a legal placement loses at once (spec section 3).
  if (!has_legal_placement(to_move())) declare_winner(other(to_move()));
}

void Hy3::legal_placement_codes(std::vector<int>& codes) const {
  for (int c = 0; c < board_->cell_count(); ++c)
    if (placement_legal(c, to_move())) codes.push_back(c);
}

nlohmann::json Hy3::cells_json() const {
  nlohmann::json cells = nlohmann::json::object();
  for (int c = 0; c < board_->cell_count(); ++c)
    if (int s = stones_[static_cast<std::size_t>(c)]; s >= 0) cells[board_->label(c)] = std::string(colour_name(s));
  return cells;
}

std::string Hy3::diagram() const { return draw_hy3_board(*board_, stones_, last_cell_); }

std::string Hy3::render(const RenderContext& context) const {
  const std::string reason = end_reason();
  return diagram() + hy3_key(*board_) + (reason.empty() ? "" : reason + "\n") + status_lines(context);
}

int Hy3::winning_root() const {
  if (!winner() || record().back() == "resign") return -1;
  for (int c = 0; c < board_->cell_count(); ++c)
    if (stones_[static_cast<std::size_t>(c)] == *winner() && find_root(c) == c &&
        2 * group_span(c) > board_->perimeter())
      return c;
  return -1;
}

std::vector<int> Hy3::winning_cells() const {
  std::vector<int> cells;
  const int root = winning_root();
  if (root < 0) return cells;
  for (int c = 0; c < board_->cell_count(); ++c)
    if (stones_[static_cast<std::size_t>(c)] == *winner() && find_root(c) == root) cells.push_back(c);
  return cells;
}

std::string Hy3::end_reason() const {
  if (!winner() || record().back() == "resign") return {};
  const int root = winning_root();
  if (root < 0)  // the loser was left without a legal placement (spec section 3)
    return capitalised_colour(other(*winner())) + " had no legal placement left, which loses.";
  return "A " + std::string(colour_name(*winner())) + " group spans " + std::to_string(group_span(root)) +
         " of the " + std::to_string(board_->perimeter()) + " perimeter cells, more than half.";
}

}  // namespace pbem
