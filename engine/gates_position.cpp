#include "engine/gates_position.h"

#include <stdexcept>
#include <utility>

namespace pbem::gates {

Position::Position(std::shared_ptr<const Board> board) : board_(std::move(board)) {
  const auto cells = static_cast<std::size_t>(board_->cell_count());
  const auto vertices = static_cast<std::size_t>(board_->vertex_count());
  shape_.assign(cells, -1);
  group_parent_.resize(cells);
  group_size_.assign(cells, 1);
  group_parity_.assign(cells, 0);
  for (std::size_t c = 0; c < cells; ++c) group_parent_[c] = static_cast<int>(c);
  vertex_parent_.resize(vertices);
  vertex_size_.assign(vertices, 1);
  vertex_sides_.resize(vertices);
  for (std::size_t v = 0; v < vertices; ++v) {
    vertex_parent_[v] = static_cast<int>(v);
    vertex_sides_[v] = board_->vertex_sides(static_cast<int>(v));
  }
}

int Position::group_root(int cell) const {
  while (group_parent_[static_cast<std::size_t>(cell)] != cell) cell = group_parent_[static_cast<std::size_t>(cell)];
  return cell;
}

int Position::vertex_root(int vertex) const {
  while (vertex_parent_[static_cast<std::size_t>(vertex)] != vertex)
    vertex = vertex_parent_[static_cast<std::size_t>(vertex)];
  return vertex;
}

void Position::join_vertices(int a, int b) {
  a = vertex_root(a);
  b = vertex_root(b);
  if (a == b) return;
  if (vertex_size_[static_cast<std::size_t>(a)] < vertex_size_[static_cast<std::size_t>(b)]) std::swap(a, b);
  vertex_parent_[static_cast<std::size_t>(b)] = a;
  vertex_size_[static_cast<std::size_t>(a)] += vertex_size_[static_cast<std::size_t>(b)];
  vertex_sides_[static_cast<std::size_t>(a)] |= vertex_sides_[static_cast<std::size_t>(b)];
}

std::optional<Tile> Position::tile(int cell) const {
  if (!occupied(cell)) return std::nullopt;
  return Tile{shape_[static_cast<std::size_t>(cell)], parity(cell)};
}

int Position::parity(int cell) const { return group_parity_[static_cast<std::size_t>(group_root(cell))]; }

Position::Groups Position::adjacent_groups(int cell) const {
  Groups groups;
  for (int neighbour : board_->neighbours(cell)) {
    if (neighbour < 0 || !occupied(neighbour)) continue;
    int root = group_root(neighbour);
    bool seen = false;
    for (const Group& g : groups) seen = seen || g.id == root;
    if (!seen)
      groups.push_back({root, group_size_[static_cast<std::size_t>(root)], group_parity_[static_cast<std::size_t>(root)]});
  }
  return groups;
}

Position::PlaceEffect Position::place(int cell, Tile tile, int final_parity) {
  if (occupied(cell)) throw std::logic_error("Gates position: cell already occupied");
  PlaceEffect effect;
  effect.new_tile_inverted = tile.parity != final_parity;
  const Groups groups = adjacent_groups(cell);

  const auto c = static_cast<std::size_t>(cell);
  shape_[c] = static_cast<std::int8_t>(tile.shape);
  ++tile_count_;
  int root = cell;  // a fresh singleton group
  for (const Group& g : groups) {
    if (g.parity != final_parity) effect.tiles_inverted += g.size;
    int a = root, b = g.id;
    if (group_size_[static_cast<std::size_t>(a)] < group_size_[static_cast<std::size_t>(b)]) std::swap(a, b);
    group_parent_[static_cast<std::size_t>(b)] = a;
    group_size_[static_cast<std::size_t>(a)] += group_size_[static_cast<std::size_t>(b)];
    root = a;
  }
  group_parity_[static_cast<std::size_t>(root)] = static_cast<std::int8_t>(final_parity);

  const TileShape& shape = tile_shapes[static_cast<std::size_t>(tile.shape)];
  join_vertices(board_->vertex(cell, shape.band_a[0]), board_->vertex(cell, shape.band_a[1]));
  join_vertices(board_->vertex(cell, shape.band_b[0]), board_->vertex(cell, shape.band_b[1]));
  return effect;
}

Colour Position::corner_colour_at(int cell, flat::Corner corner) const {
  return corner_colour(corner_class(corner), parity(cell));
}

unsigned Position::path_sides(int cell, flat::Corner corner) const {
  return vertex_sides_[static_cast<std::size_t>(vertex_root(board_->vertex(cell, corner)))];
}

namespace {

void add_path(Position::PathSides& out, Colour colour, unsigned path) {
  out[static_cast<std::size_t>(colour)].push_back(path);
}
void add_path(Position::LocalPathSides& out, Colour colour, unsigned path) { out.push_back(colour, path); }

// Adds the path through `corner` of `cell` to `out` unless its root was already seen.
template <typename Seen, typename Out>
void collect(const Position& position, int cell, int corner, int root, Seen& seen, Out& out) {
  if (seen(root)) return;
  auto c = static_cast<flat::Corner>(corner);
  add_path(out, position.corner_colour_at(cell, c), position.path_sides(cell, c));
}

}  // namespace

Position::PathSides Position::paths() const {
  PathSides out;
  std::vector<char> seen_roots(static_cast<std::size_t>(board_->vertex_count()), 0);
  auto seen = [&](int root) {
    char& flag = seen_roots[static_cast<std::size_t>(root)];
    bool was = flag != 0;
    flag = 1;
    return was;
  };
  for (int cell = 0; cell < board_->cell_count(); ++cell) {
    if (!occupied(cell)) continue;
    for (int k = 0; k < 6; ++k)
      collect(*this, cell, k, vertex_root(board_->vertex(cell, static_cast<flat::Corner>(k))), seen, out);
  }
  return out;
}

Position::LocalPathSides Position::paths_at(int cell) const {
  LocalPathSides out;
  std::array<int, 6> roots{};
  int count = 0;
  auto seen = [&](int root) {
    for (int i = 0; i < count; ++i)
      if (roots[static_cast<std::size_t>(i)] == root) return true;
    roots[static_cast<std::size_t>(count++)] = root;
    return false;
  };
  for (int k = 0; k < 6; ++k)
    collect(*this, cell, k, vertex_root(board_->vertex(cell, static_cast<flat::Corner>(k))), seen, out);
  return out;
}

}  // namespace pbem::gates
