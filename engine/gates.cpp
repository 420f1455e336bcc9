#include "engine/gates.h"

#include <array>

#include "engine/gates_outcome.h"
#include "engine/gates_render.h"
#include "engine/text.h"

namespace pbem::gates {

std::string_view parity_option(ParityRule rule) {
  switch (rule) {
    case ParityRule::fixed: return "";
    case ParityRule::phase: return "phase";
    case ParityRule::invert_min: return "invert_min";
    case ParityRule::align: return "align";
  }
  return "";
}

std::string side_names(BoardKind kind, unsigned sides) {
  static constexpr std::array<std::string_view, 3> y_names{"left", "top", "lower right"};
  static constexpr std::array<std::string_view, 4> hex_names{"upper left", "lower right", "lower left", "upper right"};
  static constexpr std::array<std::string_view, 6> cross_names{"top",    "upper right", "lower right",
                                                               "bottom", "lower left",  "upper left"};
  std::vector<std::string_view> names;
  const std::size_t count = kind == BoardKind::y ? 3 : kind == BoardKind::hex ? 4 : 6;
  for (std::size_t bit = 0; bit < count; ++bit) {
    if (!(sides & (1u << bit))) continue;
    names.push_back(kind == BoardKind::y ? y_names[bit] : kind == BoardKind::hex ? hex_names[bit] : cross_names[bit]);
  }
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
}

}  // namespace pbem::gates

namespace pbem {

// The parts of Gates (namespace pbem::gates) the members below use.
using gates::board_for;
using gates::board_option;
using gates::BoardKind;
using gates::cross_opposite;
using gates::cross_triple;
using gates::DecidingPath;
using gates::goal_lines;
using gates::kDark;
using gates::outcome;
using gates::parity_option;
using gates::ParityRule;
using gates::Position;
using gates::render_board;
using gates::side_names;
using gates::Tile;
using gates::tile_from_letter;
using gates::winning_path;
namespace side = gates::side;

namespace {

std::string letters_of_parity(int parity) { return parity == 0 ? "a, b and c" : "d, e and f"; }

}  // namespace

// Swap (the pie rule) is always available in Gates.
Gates::Gates(BoardKind kind, int size, ParityRule rule)
    : Game(/*swap_enabled=*/true), position_(board_for(kind, size)), rule_(rule) {}

std::string Gates::options_text() const {
  std::string text = "-";  // appended piecewise: GCC 12 -O3 misreports `"-" + std::string(...)` (-Wrestrict)
  text += board_option(board().kind());
  text += " -size=" + std::to_string(board().size());
  if (rule_ != ParityRule::fixed) text += " -" + std::string(parity_option(rule_));
  return text;
}

nlohmann::json Gates::cells_json() const {
  nlohmann::json cells = nlohmann::json::object();
  for (int cell = 0; cell < board().cell_count(); ++cell)
    if (auto tile = position_.tile(cell)) cells[board().label(cell)] = std::string(1, tile->letter());
  return cells;
}

std::variant<Gates::Placement, std::string> Gates::validate(std::string_view ply) const {
  const std::string example = "write the tile letter, a colon and the cell, e.g. c:d3";
  std::string text = to_lower(trim(ply));
  auto colon = text.find(':');
  if (colon == std::string::npos) return quoted_word(text) + " is not a Gates move: " + example;
  std::string letter_text(trim(std::string_view(text).substr(0, colon)));
  std::string cell_text(trim(std::string_view(text).substr(colon + 1)));

  const std::string tiles_here = rule_ == ParityRule::fixed ? "a, b or c" : "a, b, c, d, e or f";
  if (letter_text.empty()) return "missing the tile letter before ':': " + example;
  auto tile = letter_text.size() == 1 ? tile_from_letter(letter_text[0]) : std::nullopt;
  if (!tile) return quoted_word(letter_text) + " is not a tile: the tiles are " + tiles_here + " (" + example + ")";
  if (cell_text.empty()) return "missing the cell after '" + letter_text + ":': " + example;
  auto parsed = parse_letter_number(cell_text);
  if (!parsed)
    return quoted_word(cell_text) + " is not a cell: a cell is a column letter and a number, e.g. d3";
  auto cell = board().cell_at_label(parsed->first, parsed->second);
  if (!cell)
    return "cell " + letter_number(parsed->first, parsed->second) + " does not exist on a " + board().description();
  if (auto placed = position_.tile(*cell))
    return board().label(*cell) + " is occupied (tile " + std::string(1, placed->letter()) + ")";
  if (auto violation = parity_violation(*cell, *tile)) return *violation;
  return Placement{*cell, *tile};
}

bool Gates::parity_allows(int cell, Tile tile) const {
  switch (rule_) {
    case ParityRule::fixed: return tile.parity == 0;
    case ParityRule::phase: return !phase_parity_ || tile.parity == *phase_parity_;
    case ParityRule::invert_min: return true;
    case ParityRule::align: {
      // A tile may clash with neighbours only if some neighbour shares its parity (a support).
      bool clash = false, support = false;
      for (int neighbour : board().neighbours(cell)) {
        if (neighbour < 0 || !position_.occupied(neighbour)) continue;
        if (position_.parity(neighbour) == tile.parity) support = true;
        else clash = true;
      }
      return support || !clash;
    }
  }
  return false;
}

std::optional<std::string> Gates::parity_violation(int cell, Tile tile) const {
  if (parity_allows(cell, tile)) return std::nullopt;
  const std::string letter(1, tile.letter());
  switch (rule_) {
    case ParityRule::fixed:
      return "tile " + letter + " does not match this board's tiles a, b, c (tiles d, e "
             "and f are only played with the -phase, -invert_min or -align option)";
    case ParityRule::phase:
      return "tile " + letter + " does not match this game's phase: the first tile chose " +
             letters_of_parity(*phase_parity_) + ", so only " + letters_of_parity(*phase_parity_) +
             " may be played";
    case ParityRule::align:
      return "tile " + letter + " at " + board().label(cell) + " would clash with every neighbouring tile (all " +
             letters_of_parity(1 - tile.parity) + ") and has no neighbour of its own parity (" +
             letters_of_parity(tile.parity) + ") to align them to";
    case ParityRule::invert_min: break;
  }
  return "tile " + letter + " is not allowed here";
}

int Gates::final_parity(int cell, Tile tile) const {
  if (rule_ == ParityRule::align) return tile.parity;  // clashing groups align to the new tile
  if (rule_ != ParityRule::invert_min) return tile.parity;  // no clash is possible
  // cost(x) = (p != x) + sizes of the adjacent groups whose parity is not x; ties keep p.
  int cost[2] = {0, 0};
  for (int x = 0; x < 2; ++x) {
    cost[x] = tile.parity != x ? 1 : 0;
    for (const Position::Group& group : position_.adjacent_groups(cell))
      if (group.parity != x) cost[x] += group.size;
  }
  const int other_parity = 1 - tile.parity;
  return cost[other_parity] < cost[tile.parity] ? other_parity : tile.parity;
}

PlyResult Gates::place(std::string_view ply, Colour colour) {
  auto validated = validate(ply);
  if (auto* error = std::get_if<std::string>(&validated)) return PlyResult::rejected(*error);
  const Placement placement = std::get<Placement>(validated);
  apply(placement, colour);
  // The move as played, before any inversion.
  return PlyResult::accepted(placement_text(6 * placement.cell + placement.tile.shape + 3 * placement.tile.parity));
}

bool Gates::allows(Placement placement) const {
  return !position_.occupied(placement.cell) && parity_allows(placement.cell, placement.tile);
}

void Gates::apply(Placement placement, Colour colour) {
  const int parity = final_parity(placement.cell, placement.tile);
  Position::PlaceEffect effect = position_.place(placement.cell, placement.tile, parity);
  if (rule_ == ParityRule::phase && !phase_parity_) phase_parity_ = placement.tile.parity;
  last_cell_ = placement.cell;

  // Without inversions only the paths through the new tile's corners changed; inverting
  // earlier tiles recolours whole paths, so then every path is looked at.
  const std::optional<Colour> winner = effect.tiles_inverted > 0
                                           ? outcome(board().kind(), colour, position_.paths())
                                           : outcome(board().kind(), colour, position_.paths_at(placement.cell));
  if (winner) declare_winner(*winner);
}

bool Gates::place_code(int code, Colour colour) {
  const Placement placement{code / 6, *tile_from_letter(static_cast<char>('a' + code % 6))};
  if (!allows(placement)) return false;
  apply(placement, colour);
  return true;
}

std::string Gates::placement_text(int code) const {
  const std::string& label = board().label(code / 6);
  std::string move;
  move.reserve(label.size() + 2);
  move += static_cast<char>('a' + code % 6);
  move += ':';
  move += label;
  return move;
}

void Gates::legal_placement_codes(std::vector<int>& codes) const {
  for (int cell = 0; cell < board().cell_count(); ++cell) {
    if (position_.occupied(cell)) continue;
    // The rules depend only on the parity, so ask once per parity, not once per letter.
    const bool allowed[2] = {parity_allows(cell, Tile{0, 0}), parity_allows(cell, Tile{0, 1})};
    for (int letter = 0; letter < 6; ++letter)
      if (allowed[letter >= 3 ? 1 : 0]) codes.push_back(6 * cell + letter);
  }
}

// No title line: every mail and `show` already heads the diagram with the game's title.
std::string Gates::diagram() const { return render_board(position_, last_cell()); }

std::string Gates::render(const RenderContext& context) const {
  std::string out = diagram();
  out += "\n" + goal_lines(board());
  if (const std::string reason = end_reason(); !reason.empty()) out += reason + "\n";
  out += status_lines(context);
  return out;
}

std::optional<DecidingPath> Gates::deciding_path() const {
  if (!winner() || record().back() == "resign") return std::nullopt;
  const Colour won = *winner();
  const Position::PathSides paths = position_.paths();
  for (unsigned sides : paths[static_cast<std::size_t>(won)]) {
    const bool wins = board().kind() == BoardKind::cross ? cross_triple(sides) : winning_path(board().kind(), won, sides);
    if (wins) return DecidingPath{won, sides, false};
  }
  if (board().kind() == BoardKind::cross)
    for (unsigned sides : paths[static_cast<std::size_t>(other(won))])
      if (cross_opposite(sides)) return DecidingPath{other(won), sides, true};
  return std::nullopt;
}

bool Gates::on_deciding_path(const DecidingPath& path, int cell, flat::Corner corner) const {
  return position_.occupied(cell) && position_.corner_colour_at(cell, corner) == path.colour &&
         position_.path_sides(cell, corner) == path.sides;
}

std::vector<int> Gates::winning_cells() const {
  std::vector<int> cells;
  const auto path = deciding_path();
  if (!path) return cells;
  for (int cell = 0; cell < board().cell_count(); ++cell)
    for (int k = 0; k < 6; ++k)
      if (on_deciding_path(*path, cell, static_cast<flat::Corner>(k))) {
        cells.push_back(cell);
        break;
      }
  return cells;
}

std::string Gates::end_reason() const {
  const auto path = deciding_path();
  if (!path) return {};
  const std::string colour(colour_name(path->colour));
  const unsigned sides = path->sides;
  switch (board().kind()) {
    case BoardKind::y:
      return "A " + colour + " path joins all three sides.";
    case BoardKind::hex:
      return "A " + colour + " path joins " + colour + "'s two sides, the " +
             side_names(BoardKind::hex, sides & (path->colour == kDark ? side::hex_dark : side::hex_light)) + ".";
    case BoardKind::cross:
      if (path->loses) {
        for (unsigned i = 0; i < 3; ++i) {
          const unsigned pair = (1u << i) | (1u << (i + 3));
          if ((sides & pair) == pair)
            return "A " + colour + " path joins two opposite sides, the " + side_names(BoardKind::cross, pair) +
                   ", which loses.";
        }
      }
      for (unsigned triple : {0b010101u, 0b101010u})
        if ((sides & triple) == triple)
          return "A " + colour + " path touches three sides no two of which are adjacent, the " +
                 side_names(BoardKind::cross, triple) + ".";
  }
  return {};
}

}  // namespace pbem
