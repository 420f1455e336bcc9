#include "engine/gaia.h"

#include <algorithm>

#include "engine/gaia_render.h"

namespace pbem {

Gaia::Gaia(int size, bool swap_enabled)
    : Game(swap_enabled),
      board_(GaiaBoard::of_size(size)),
      stones_(static_cast<std::size_t>(board_->cell_count()), empty),
      links_(static_cast<std::size_t>(board_->cell_count())) {
  for (int c = 0; c < board_->cell_count(); ++c) links_[static_cast<std::size_t>(c)].parent = c;
}

std::string Gaia::options_text() const {
  return "-size=" + std::to_string(board_->size()) + (swap_enabled() ? "" : " -noswap");
}

std::optional<Colour> Gaia::stone(int cell) const {
  std::int8_t s = stones_[static_cast<std::size_t>(cell)];
  if (s == empty) return std::nullopt;
  return Colour{s};
}

int Gaia::root(int cell) const {
  while (links_[static_cast<std::size_t>(cell)].parent != cell) {
    int& up = links_[static_cast<std::size_t>(cell)].parent;
    up = links_[static_cast<std::size_t>(up)].parent;  // path halving keeps later lookups short
    cell = up;
  }
  return cell;
}

void Gaia::put_stone(int cell, Colour colour) {
  stones_[static_cast<std::size_t>(cell)] = static_cast<std::int8_t>(colour);
  Link& own = links_[static_cast<std::size_t>(cell)];
  own.first_half |= board_->first_half_bit(cell);
  own.second_half |= board_->second_half_bit(cell);
  for (int next : board_->neighbours(cell)) {
    if (stones_[static_cast<std::size_t>(next)] != colour) continue;
    int a = root(cell), b = root(next);
    if (a == b) continue;
    Link& kept = links_[static_cast<std::size_t>(a)];
    Link& joined = links_[static_cast<std::size_t>(b)];
    joined.parent = a;
    kept.first_half |= joined.first_half;
    kept.second_half |= joined.second_half;
  }
}

bool Gaia::has_opposed_group(Colour colour) const {
  for (int c = 0; c < board_->cell_count(); ++c) {
    if (stones_[static_cast<std::size_t>(c)] != colour || root(c) != c) continue;
    const Link& group = links_[static_cast<std::size_t>(c)];
    if (group.first_half & group.second_half) return true;
  }
  return false;
}

bool Gaia::can_still_join(Colour colour) const { return find_way(colour, nullptr); }

bool Gaia::find_way(Colour colour, std::vector<int>* way) const {
  // One flood fill over the cells the opponent does not hold: `colour` could own each such
  // region entirely, and owns an edge pair whole (empty pairs fill together). A region that
  // holds both cells of some pair is a type-1 group waiting to happen. On the stack, no
  // allocation: the playouts ask after every ply.
  const int cells = board_->cell_count();
  const auto blocked = static_cast<std::int8_t>(other(colour));
  constexpr int unseen = -2, start_of_region = -1;
  std::array<int, GaiaBoard::max_cells> from;  // the cell each seen cell was reached from
  std::array<int, GaiaBoard::max_cells> todo;
  std::fill_n(from.begin(), cells, unseen);
  auto at = [](int cell) { return static_cast<std::size_t>(cell); };
  for (int start = 0; start < cells; ++start) {
    if (from[at(start)] != unseen || stones_[at(start)] == blocked) continue;
    std::uint32_t first = 0, second = 0;
    from[at(start)] = start_of_region;
    std::size_t pending = 0;
    todo[pending++] = start;
    while (pending > 0) {
      const int c = todo[--pending];
      first |= board_->first_half_bit(c);
      second |= board_->second_half_bit(c);
      if (first & second) {
        // `c` completed a pair, so its opposed cell was reached earlier in this region.
        if (way) {
          way->clear();
          for (int x = c; x >= 0; x = from[at(x)]) way->push_back(x);
          for (int x = board_->opposed(c); x >= 0; x = from[at(x)]) way->push_back(x);
        }
        return true;
      }
      for (int next : board_->neighbours(c)) {
        if (from[at(next)] != unseen || stones_[at(next)] == blocked) continue;
        from[at(next)] = c;
        todo[pending++] = next;
      }
    }
  }
  if (way) way->clear();
  return false;
}

bool Gaia::way_left(Colour colour) {
  std::vector<int>& way = ways_[static_cast<std::size_t>(colour)];
  const auto blocked = static_cast<std::int8_t>(other(colour));
  bool intact = !way.empty();
  for (int c : way) intact = intact && stones_[static_cast<std::size_t>(c)] != blocked;
  return intact || find_way(colour, &way);
}

std::string Gaia::ply_identity(const std::string& ply) const {
  GaiaBoard::Lookup found = board_->find(ply);
  if (!found.error.empty()) return ply;  // swap, resign
  const int partner = board_->opposed(found.cell);
  if (partner < 0 || board_->is_first_half(found.cell)) return ply;
  return board_->label(partner);
}

std::string Gaia::describe_ply(const std::string& ply) const {
  GaiaBoard::Lookup found = board_->find(ply);
  if (!found.error.empty()) return ply;  // swap, resign
  if (int partner = board_->opposed(found.cell); partner >= 0) return ply + "-" + board_->label(partner);
  return ply;
}

PlyResult Gaia::place(std::string_view ply, Colour colour) {
  GaiaBoard::Lookup found = board_->find(ply);
  if (!found.error.empty()) return PlyResult::rejected(found.error);
  const int cell = found.cell;
  if (auto owner = stone(cell)) {
    std::string error = board_->label(cell) + " is occupied (" + std::string(colour_name(*owner));
    // An edge cell may be full because its partner was played: say so.
    if (int partner = board_->opposed(cell); partner >= 0) error += ", paired with " + board_->label(partner);
    return PlyResult::rejected(error + ")");
  }
  apply(cell, colour);
  return PlyResult::accepted(board_->label(cell));
}

bool Gaia::place_code(int code, Colour colour) {
  if (stones_[static_cast<std::size_t>(code)] != empty) return false;
  apply(code, colour);
  return true;
}

void Gaia::apply(int cell, Colour colour) {
  last_placed_.assign(1, cell);
  put_stone(cell, colour);
  // Edge cells fill in opposed pairs, so the partner of an empty edge cell is empty too.
  if (int partner = board_->opposed(cell); partner >= 0) {
    last_placed_.push_back(partner);
    put_stone(partner, colour);
  }

  // Only groups holding a new stone can have just joined a pair.
  for (int placed : last_placed_) {
    const Link& group = links_[static_cast<std::size_t>(root(placed))];
    if (group.first_half & group.second_half) win_ = Win::opposed_group;
  }
  if (!win_ && !way_left(other(colour))) win_ = Win::opponent_cut;
  if (win_) declare_winner(colour);
}

void Gaia::legal_placement_codes(std::vector<int>& codes) const {
  for (int c = 0; c < board_->cell_count(); ++c)
    if (stones_[static_cast<std::size_t>(c)] == empty) codes.push_back(c);
}

nlohmann::json Gaia::cells_json() const {
  nlohmann::json cells = nlohmann::json::object();
  for (int c = 0; c < board_->cell_count(); ++c)
    if (auto s = stone(c)) cells[board_->label(c)] = std::string(colour_name(*s));
  return cells;
}

std::string Gaia::diagram() const { return draw_gaia_board(*board_, stones_, last_placed_); }

std::string Gaia::render(const RenderContext& context) const {
  std::string out = diagram() + gaia_key(*board_);
  if (const std::string reason = end_reason(); !reason.empty()) out += reason + "\n";
  return out + status_lines(context);
}

int Gaia::winning_root() const {
  if (win_ != Win::opposed_group || !winner()) return -1;
  for (int c = 0; c < board_->cell_count(); ++c) {
    if (stones_[static_cast<std::size_t>(c)] != *winner() || root(c) != c) continue;
    const Link& group = links_[static_cast<std::size_t>(c)];
    if (group.first_half & group.second_half) return c;
  }
  return -1;
}

std::vector<int> Gaia::winning_cells() const {
  std::vector<int> cells;
  const int group = winning_root();
  if (group < 0) return cells;
  for (int c = 0; c < board_->cell_count(); ++c)
    if (stones_[static_cast<std::size_t>(c)] == *winner() && root(c) == group) cells.push_back(c);
  return cells;
}

std::string Gaia::end_reason() const {
  if (!win_ || !winner()) return {};
  const std::string name(colour_name(*winner()));
  if (*win_ == Win::opponent_cut)
    return "No " + std::string(colour_name(other(*winner()))) + " group can join two opposed edge cells any more.";
  const int group = winning_root();
  const Link& link = links_[static_cast<std::size_t>(group)];
  const std::uint32_t pairs = link.first_half & link.second_half;
  int pair = 0;
  while (!(pairs & (1u << pair))) ++pair;
  const int first = board_->cell(board_->edge_ring(), pair);
  return "A " + name + " group joins two opposed edge cells (" + board_->label(first) + " and " +
         board_->label(board_->opposed(first)) + ").";
}

}  // namespace pbem
