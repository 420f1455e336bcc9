// HY 3's registry entry: options, the help players receive by mail, and the factory.
#include "engine/hy3.h"

#include "engine/registry.h"

namespace pbem {

namespace {

const std::string kRulesHelp = R"(HY 3 (Mark Steere, 2023)

Two players, red and blue, place one stone per turn on an empty cell of a
hexagonal board; red moves first.

Goal: after your placement, the group holding your new stone touches the
perimeter in at least two cells and spans MORE than half of the perimeter.
The span of a group is the number of perimeter cells on the shortest arc of
the perimeter that contains all of the group's perimeter cells (corners
count once). On a board with 4 cells per side the perimeter has 18 cells,
so a group must span 10 or more to win.

Restriction: you may not make a group that spans EXACTLY half the perimeter.
A player who has no legal placement left loses.

Board: -size=n cells per side, 3 to 13 (default 7). Swap (pie rule) is off
by default; -swap lets blue take over red's first stone as move 2.

Notation: a cell is its row letter (a = top row) and its position in the
row counted from the left, e.g. d4. Send `swap` or `resign` as the move.

Diagram: empty cells show their own label; R is a red stone, B a blue one;
the last stone placed is shown in brackets, e.g. [R].
)";

}  // namespace

GameType hy3_game_type() {
  GameType type;
  type.name = "hy3";
  type.title = "HY 3";
  type.summary = "HY 3: connect a group spanning more than half of the hexagon's perimeter";
  type.options = {{"size", true, "cells per side, 3-13 (default 7)"},
                  {"swap", false, "allow the second player to swap at move 2 (default off)"}};
  type.rules_help = kRulesHelp;
  type.sample_ply = "d4";
  type.create = [options = type.options](const std::vector<std::string>& args) -> std::unique_ptr<Game> {
    Options parsed = Options::parse("hy3", args, options);
    int size = parsed.integer_in_range("size", Hy3Board::kDefaultSize, Hy3Board::kMinSize,
                                       Hy3Board::kMaxSize, "HY 3");
    return std::make_unique<Hy3>(size, parsed.has("swap"));
  };
  return type;
}

}  // namespace pbem
