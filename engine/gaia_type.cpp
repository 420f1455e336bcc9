// Gaia's registry entry: options, the help players receive by mail, and the factory.
#include "engine/gaia.h"

#include "engine/registry.h"

namespace pbem {

namespace {

const char* const rules_help = R"(GAIA (Mark Thompson, 2002)

Two players, black (moves first) and white, take turns placing one stone of
their colour on an empty cell. Stones never move and are never removed.

THE BOARD
A rounded board - picture half a globe seen from above. Around the centre
cell a1 lie rings b, c, d, ...; each ring is numbered from 1 clockwise,
starting at its top left cell. The inner rings (a-d on the default board,
n+1 rings on a size-n board) form an ordinary hexagon; the six corner
cells of its outer ring are pentagons with five neighbours (d1, d4, d7,
d10, d13, d16 on the default board). The rings beyond (e and f on the
default board) all have 6n cells, as many as the ring inside them: each
cell touches the two cells beside it in its ring, two cells of the ring
inside and two of the ring outside. The outermost ring is the edge
(f1-f18 on the default board); edge cells have four neighbours.
Each edge cell has an opposed partner halfway round the edge: on the
default board f1 and f10, f2 and f11, ..., f9 and f18 (numbers 3n apart).

PLAY
Place a stone on any empty cell. A stone on an edge cell also puts a stone
of your colour on its opposed partner, so edge pairs always fill together.
You may name either cell of the pair; both are filled.
Swap: unless the game was started with -noswap, white may answer black's
first move with "swap" and take over black's stone; the player who made
the first move then plays white and moves next.
You may resign at any time.

WINNING
After your placement you win if
 1. one of your groups (stones joined through neighbouring cells) holds
    both cells of an opposed edge pair, or
 2. your opponent could no longer do that even if they filled every empty
    cell (you have cut every opposed pair apart for them).
There is always exactly one winner.

NOTATION
A cell is its ring letter and number: a1 (the centre), c4, f10.
Moves: a cell ("d4", any case), "swap" (second move only), "resign".

OPTIONS
-size=<n>  board size, 2-8 (default 3: 73 cells, 18 edge cells; a size-n
           board has 9n*n - 3n + 1 cells and 6n edge cells)
-noswap    no swap on the second move (swap is allowed by default)

READING THE DIAGRAM
The board is drawn flattened onto a hex grid: the hexagonal core in the
middle, and the outer rings as six bands, one outside each side of the
core; each ring sits half a cell further clockwise than the ring inside
it, so the bands lean. Cells next to each other on the page touch on the
board. Empty cells show their label; X is black, O white, and (X) or (O)
marks the stone(s) of the last move. An occupied cell's label follows
from its neighbours (numbers run consecutively round each ring).
A * just before a cell marks one of the six pentagons.
Flattening a curved board leaves six blank notches, one outside each
pentagon: they close up, so the cells on either side of a notch touch
(on the default board e3 touches e4, f3 touches f4 and e4). In any outer
ring, cells with consecutive numbers touch, and so do the last and first.
Each edge cell carries a capital letter just outside the board (O and X
are skipped: they are stones); the two cells with the same letter are an
opposed pair, diametrically opposite each other. The key under the diagram
lists the pairs.
)";

}  // namespace

GameType gaia_game_type() {
  GameType type;
  type.name = "gaia";
  type.title = "Gaia";
  type.summary = "Join two opposed edge cells on a rounded board of hexagons and six pentagons";
  type.options = {
      {"size", true, "board size 2-8 (default 3: 73 cells, 18 edge cells)"},
      {"noswap", false, "no swap on the second move (swap is on by default)"},
  };
  type.rules_help = rules_help;
  type.sample_ply = "e3";
  type.create = [options = type.options](const std::vector<std::string>& args) -> std::unique_ptr<Game> {
    Options parsed = Options::parse("gaia", args, options);
    int size = parsed.integer_in_range("size", GaiaBoard::default_size, GaiaBoard::min_size,
                                       GaiaBoard::max_size, "Gaia");
    return std::make_unique<Gaia>(size, !parsed.has("noswap"));
  };
  return type;
}

}  // namespace pbem
