// Gates (Cameron Browne, 2008): the registry entry, i.e. options, help text and factory.
// The game itself is pbem::Gates (engine/gates.h).
#include "engine/gates.h"

#include "engine/gates_render.h"
#include "engine/registry.h"
#include "engine/text.h"

namespace pbem {

namespace {

using gates::BoardKind;
using gates::ParityRule;

std::vector<OptionSpec> gates_options() {
  return {
      {"cross", false, "Cross Gates on a hexagonal board (the default), -size 2-13, default 5"},
      {"y", false, "Y Gates on a triangular board, -size 2-26, default 10"},
      {"hex", false, "Hex Gates on a rhombus, -size 2-13, default 10"},
      {"size", true, "cells per board side"},
      {"phase", false, "ply 1 may use any tile a-f; later tiles must have its parity"},
      {"invert_min", false, "any tile a-f; clashing groups invert the cheaper way"},
      {"invert", false, "the same as -invert_min"},
      {"align", false, "any tile a-f with a supporting neighbour; clashing groups align to it"},
  };
}

std::string gates_help() {
  return
      "Gates (Cameron Browne, 2008): a connection game played with split-path tiles.\n"
      "\n"
      "TILES\n"
      "Light moves first, dark second. Both players place tiles from one common\n"
      "pool. Each tile carries a dark band (drawn o) joining two corners and a light\n"
      "band (drawn blank) joining two others; its third dark corner and third light\n"
      "corner are dead-end stubs.\n"
      "\n" +
      gates::tile_pictures() +
      "\n"
      "a, b and c are one tile turned 0, 120 and 240 degrees; d, e and f are a, b\n"
      "and c turned 180 degrees, which is the same as inverting their colours.\n"
      "Letters a-c have parity 0, d-f parity 1. Tiles meeting at a corner agree on\n"
      "its colour, so a path runs from tile to tile through the + corners. A stub\n"
      "corner that no band reaches is a path of its own: it extends no path.\n"
      "\n"
      "PLAY\n"
      "Light places an allowed tile on any empty cell. As move 2, dark may answer\n"
      "`swap` instead of placing: the players exchange colours, and dark (now played\n"
      "by the first player) moves next. Then the players alternate, one tile each;\n"
      "`resign` gives up. Every game ends with exactly one winner, and no move is\n"
      "taken once it has one.\n"
      "\n"
      "BOARDS (choose one; -size=n sets the number of cells per side)\n"
      "  -cross  Cross Gates, a hexagonal board, size 2-13, default 5 (the default).\n"
      "  -y      Y Gates, a triangular board, size 2-26, default 10.\n"
      "  -hex    Hex Gates, a rhombus, size 2-13, default 10.\n"
      "A path touches a side when one of its corners lies on an outer edge of that\n"
      "side.\n"
      "\n"
      "WINNING\n"
      "Y Gates: a path of your colour touching all three sides. A corner where two\n"
      "  sides meet touches both.\n"
      "Hex Gates: dark joins the upper-left and lower-right sides, light joins the\n"
      "  lower-left and upper-right sides. The flat top edge of the top cell and the\n"
      "  flat bottom edge of the bottom cell lie between a dark and a light side and\n"
      "  count for dark only (so exactly one player wins a full board).\n"
      "Cross Gates: sides that meet are adjacent, sides facing each other are\n"
      "  opposite; a corner cell's edge shared by two sides counts for both. After\n"
      "  each move, in this order:\n"
      "  1. if the mover has a path touching three non-adjacent sides, the mover\n"
      "     wins (even if that path also joins opposite sides);\n"
      "  2. else if the opponent has one, the opponent wins;\n"
      "  3. else if a path of the mover joins two opposite sides, the mover loses\n"
      "     (so a move completing such paths for both players loses for the mover);\n"
      "  4. else if a path of the opponent does, the opponent loses.\n"
      "A move can complete a path of the OPPONENT's colour: every tile carries both\n"
      "colours, and with -invert_min or -align a move may also invert tiles. In Y and\n"
      "Hex Gates the mover is checked first: if both players gained a winning path\n"
      "on one move, the mover would win.\n"
      "\n"
      "PARITY OPTIONS (at most one; neighbouring tiles never differ in parity)\n"
      "  (none)       Only a, b and c are played, as on pbmserv.\n"
      "  -phase       The first tile may be any of a-f; every later tile must have\n"
      "               the parity (a-c or d-f) of the first.\n"
      "  -invert_min  (alias -invert) Any of a-f. When the new tile's parity differs\n"
      "               from neighbouring groups (a group is a set of edge-connected\n"
      "               tiles), count for each parity the tiles that would have to be\n"
      "               inverted to reach it, the new tile included, and invert the\n"
      "               cheaper way; on a tie the new tile keeps its parity.\n"
      "  -align       Any of a-f, but a tile that differs in parity from a\n"
      "               neighbour must also have a neighbour of its own parity (a\n"
      "               support); neighbouring groups of the other parity are then\n"
      "               inverted to match the new tile.\n"
      "Inverting swaps a<->d, b<->e, c<->f, and so the colours of the paths on those\n"
      "tiles. The game record shows each tile as played; the diagram shows tiles as\n"
      "they are after inversions.\n"
      "\n"
      "NOTATION\n"
      "  <tile>:<cell>   e.g. c:d3 puts tile c on cell d3; also swap and resign.\n"
      "A cell is a column letter and a number. Columns are the vertical lines of\n"
      "cells, lettered a, b, c, ... from the left; the number counts cells from the\n"
      "top of that column, starting at 1. So d3 is the third cell from the top of\n"
      "column d.\n"
      "\n"
      "READING THE DIAGRAM\n"
      "Each cell is a flat-topped hexagon outlined with + - / and \\. Dark paint is o\n"
      "and light paint is blank: follow the o's from tile to tile to trace dark\n"
      "paths, and the blank bands for light paths; paths pass between tiles at the\n"
      "+ corners. An o right beside a + on a top or bottom edge shows that corner\n"
      "is dark. A slanted edge shared by two tiles shows o if either tile paints it.\n"
      "Empty cells show their label, column letters stand above and below the\n"
      "board, and * in the middle of a tile's top and bottom edges marks the tile\n"
      "placed last.\n"
      "A board too wide for 78 columns (the default Hex board, Y from size 13,\n"
      "Cross from size 7) is drawn compact: small +-+ cells, each placed tile\n"
      "shown by its letter, * above and below the last one, and the six tiles\n"
      "drawn in full under the board.\n";
}

std::unique_ptr<Game> create_gates(const std::vector<std::string>& args) {
  const std::vector<OptionSpec> specs = gates_options();
  Options options = Options::parse("gates", args, specs);
  options.exclusive({"cross", "y", "hex"});

  // -invert is another spelling of -invert_min, not a rival option.
  std::vector<std::string> rules;
  if (options.has("phase")) rules.push_back("-phase");
  if (options.has("invert_min")) rules.push_back("-invert_min");
  else if (options.has("invert")) rules.push_back("-invert");
  if (options.has("align")) rules.push_back("-align");
  if (rules.size() > 1) throw OptionError("options " + join(rules, " and ") + " exclude each other; choose one");

  BoardKind kind = options.has("y") ? BoardKind::y : options.has("hex") ? BoardKind::hex : BoardKind::cross;
  gates::BoardLimits limits = gates::board_limits(kind);
  int size = options.integer_in_range("size", limits.default_size, limits.min_size, limits.max_size,
                                      gates::board_title(kind));
  ParityRule rule = options.has("phase")                                      ? ParityRule::phase
                    : options.has("invert_min") || options.has("invert")      ? ParityRule::invert_min
                    : options.has("align")                                    ? ParityRule::align
                                                                              : ParityRule::fixed;
  return std::make_unique<Gates>(kind, size, rule);
}

}  // namespace

GameType gates_game_type() {
  GameType type;
  type.name = "gates";
  type.title = "Gates";
  type.summary = "connection game with split-path tiles: Cross (default), Y and Hex Gates";
  type.options = gates_options();
  type.rules_help = gates_help();
  type.sample_ply = "c:d3";
  type.create = create_gates;
  return type;
}

}  // namespace pbem
