// Gates outcomes on hand-built positions: winning paths on each board, stubs, Hex Gates'
// obtuse corners, and every step of the Cross Gates order.
//
// Positions are small enough to check by hand. Corner coordinates below are doubled
// (X = 3q + dx, Y = 2r + q + dy), as in engine/gates_board.h; "sides" are the side bits.
#include <catch2/catch.hpp>

#include "engine/gates_outcome.h"
#include "gates_test_support.h"

using namespace pbem;
using namespace pbem::gates;
using gates_test::has_path;
using gates_test::new_game;
using gates_test::play_all;
using gates_test::play_to_end;

namespace {

constexpr unsigned bit(int i) { return 1u << i; }
// Cross Gates side sets.
constexpr unsigned triple_even = bit(0) | bit(2) | bit(4);
constexpr unsigned triple_odd = bit(1) | bit(3) | bit(5);

bool any_path(const Position& position, Colour colour, bool (*test)(unsigned)) {
  const Position::PathSides paths = position.paths();
  for (unsigned sides : paths[static_cast<std::size_t>(colour)])
    if (test(sides)) return true;
  return false;
}

}  // namespace

TEST_CASE("gates rules: Y Gates, a dark path touching all three sides wins") {
  // Size 2: a1 = (0,0), b1 = (1,0), a2 = (0,1). Tile b on a1: dark band TL-R joins a1's TL
  // (left and top) to the vertex it shares with b1's TL. Tile a on b1: dark band TL-BL runs
  // on to b1's BL on the lower-right side.
  auto game = new_game({"-y", "-size=2"});
  play_to_end(*game, {"b:a1", "a:b1"});
  REQUIRE(game->winner() == kDark);
  CHECK(has_path(game->position(), kDark, side::y_all));
  CHECK_FALSE(has_path(game->position(), kLight, side::y_all));
  CHECK(game->legal_plies().empty());
  CHECK_FALSE(game->play("a:a2").ok);  // over: no further moves
}

TEST_CASE("gates rules: Y Gates, a path stops at a stub") {
  // As above, but tile c on b1 has a STUB at its TL corner: the dark path from a1 ends there
  // (left + top only), and b1's own dark band BL-R touches only top and lower right.
  auto game = new_game({"-y", "-size=2"});
  play_all(*game, {"b:a1", "c:b1"});
  CHECK_FALSE(game->over());
  const Position& position = game->position();
  const int a1 = gates_test::cell(*game, "a1"), b1 = gates_test::cell(*game, "b1");
  CHECK(game->board().vertex(a1, flat::R) == game->board().vertex(b1, flat::TL));
  CHECK(position.path_sides(a1, flat::TL) == (side::y_left | side::y_top));
  CHECK(position.path_sides(b1, flat::TL) == (side::y_left | side::y_top));  // the stub is a1's path end
  CHECK(position.path_sides(b1, flat::R) == (side::y_top | side::y_lower_right));
  CHECK_FALSE(has_path(position, kDark, side::y_all));
  // Tile c on a2 joins a2's BL (left, lower right) to b1's path: dark now touches all three.
  play_all(*game, {"c:a2"});
  CHECK(game->winner() == kDark);
}

TEST_CASE("gates rules: Y Gates, a light path wins") {
  // Size 2, parity 0: light is on class-B corners (TR, BR, L). a on a1: light band TR-BR
  // from a1's TR (top) to the middle vertex a1.BR = b1.L = a2.TR. b on b1: light band L-BR
  // on to b1's BR (lower right). c on a2: light band TR-L from the middle vertex to a2's L
  // (left): light's path touches all three sides on light's own move.
  auto game = new_game({"-y", "-size=2"});
  play_to_end(*game, {"a:a1", "b:b1", "c:a2"});
  REQUIRE(game->winner() == kLight);
  CHECK(has_path(game->position(), kLight, side::y_all));
  CHECK_FALSE(has_path(game->position(), kDark, side::y_all));
}

TEST_CASE("gates rules: Hex Gates, dark joins its two sides through the obtuse corners") {
  // Size 2: top cell b1 = (1,-1), bottom cell b2 = (1,0). Tile a (dark band TL-BL) on both:
  // b1's TL lies on the top cell's N edge (upper left, dark), b2's BL on the bottom cell's
  // S edge (lower right, dark). Light moved first; dark's move wins.
  auto game = new_game({"-hex", "-size=2"});
  play_to_end(*game, {"a:b1", "a:b2"});
  REQUIRE(game->winner() == kDark);
  CHECK(has_path(game->position(), kDark, side::hex_dark));
}

TEST_CASE("gates rules: Hex Gates, obtuse corner edges do not count for light") {
  // With -phase and tiles f, d the class-A corners are light. Light's path runs from a1's BL
  // (lower left) through a1's R to b1's TL, which touches the top cell's N edge. That edge
  // counts for dark only, so light has not reached its upper-right side.
  auto game = new_game({"-hex", "-size=2", "-phase"});
  play_all(*game, {"f:a1", "d:b1"});
  CHECK_FALSE(game->over());
  const Position& position = game->position();
  const int b1 = gates_test::cell(*game, "b1");
  CHECK(position.corner_colour_at(b1, flat::TL) == kLight);
  CHECK(position.path_sides(b1, flat::TL) == (side::hex_lower_left | side::hex_upper_left));
  CHECK_FALSE(has_path(position, kLight, side::hex_light));
}

TEST_CASE("gates rules: Hex Gates, the mover completes the opponent's path and the opponent wins") {
  // Size 2: c on a1 (light band L-TR: a1's L is on the lower-left side) and c on b1 (light
  // band L-TR: b1's TR is on the upper-right side). Dark places b1 and so completes LIGHT's
  // path; dark's own band on b1 touches only light's sides.
  auto game = new_game({"-hex", "-size=2"});
  play_to_end(*game, {"c:a1", "c:b1"});
  CHECK(game->winner() == kLight);
  CHECK(has_path(game->position(), kLight, side::hex_light));
  CHECK_FALSE(has_path(game->position(), kDark, side::hex_dark));
}

TEST_CASE("gates rules: an inversion can complete the opponent's path (Y and Hex)") {
  SECTION("Y Gates") {
    // b:c1, f:a1 (apart), then light's b:b1 touches both: cost(parity 0) = 1 (a1's f),
    // cost(1) = 1 + 1 = 2, so f on a1 turns into c, recolouring its bands; the dark path
    // that completes runs through a1.
    auto game = new_game({"-y", "-size=3", "-invert_min"});
    play_to_end(*game, {"b:c1", "f:a1", "b:b1"});
    CHECK(gates_test::letter(*game, "a1") == 'c');
    CHECK(game->winner() == kDark);
    CHECK(has_path(game->position(), kDark, side::y_all));
  }
  SECTION("Hex Gates") {
    auto game = new_game({"-hex", "-size=3", "-invert_min"});
    play_to_end(*game, {"b:a1", "d:c3", "b:b2"});
    CHECK(gates_test::letter(*game, "c3") == 'a');
    CHECK(game->winner() == kDark);  // light moved last
    CHECK(has_path(game->position(), kDark, side::hex_dark));
  }
}

TEST_CASE("gates rules: Cross Gates, a triple of non-adjacent sides wins") {
  // Size 2 (R = 1). Dark's last tile, a on c2, joins the path a1.BL (side 4) - a1.R = b1.BL
  // = b2.TL - b1.R (side 0) and b2.R = c2.TL - c2.BL (side 2): sides 0, 2, 4.
  auto game = new_game({"-cross", "-size=2"});
  play_to_end(*game, {"b:b2", "c:b1", "c:a1", "a:c2"});
  REQUIRE(game->winner() == kDark);
  CHECK(has_path(game->position(), kDark, triple_even));
  CHECK_FALSE(any_path(game->position(), kDark, cross_opposite));
}

TEST_CASE("gates rules: Cross Gates, joining two opposite sides loses") {
  auto game = new_game({"-cross", "-size=2"});
  play_to_end(*game, {"a:a1", "c:a2", "c:b1"});  // light's move
  const Position& position = game->position();
  CHECK(any_path(position, kLight, cross_opposite));
  CHECK_FALSE(any_path(position, kLight, cross_triple));
  CHECK_FALSE(any_path(position, kDark, cross_triple));
  CHECK_FALSE(any_path(position, kDark, cross_opposite));
  CHECK(game->winner() == kDark);
}

TEST_CASE("gates rules: Cross Gates, a triple and an opposite pair at once wins") {
  auto game = new_game({"-cross", "-size=2"});
  play_to_end(*game, {"b:a1", "a:b1", "b:b3", "a:b2"});  // dark's move
  const Position& position = game->position();
  bool one_path_both = false;
  const Position::PathSides paths = position.paths();
  for (unsigned sides : paths[kDark]) one_path_both = one_path_both || (cross_triple(sides) && cross_opposite(sides));
  CHECK(one_path_both);
  CHECK(game->winner() == kDark);
}

TEST_CASE("gates rules: Cross Gates, completing losing paths for both players loses for the mover") {
  // b on b2, c2 and a1: the dark bands TL-R chain a1.TL (sides 4, 5) to c2.R (sides 1, 2)
  // and the light bands BR-L chain a1.L (4, 5) to c2.BR (1, 2). Light's b on a1 completes
  // both at once: both join opposite sides, neither has a triple, so light loses.
  auto game = new_game({"-cross", "-size=2"});
  play_all(*game, {"b:b2", "b:c2"});
  CHECK_FALSE(game->over());
  play_all(*game, {"b:a1"});
  const unsigned sides = bit(1) | bit(2) | bit(4) | bit(5);
  CHECK(has_path(game->position(), kLight, sides));
  CHECK(has_path(game->position(), kDark, sides));
  CHECK_FALSE(any_path(game->position(), kLight, cross_triple));
  CHECK_FALSE(any_path(game->position(), kDark, cross_triple));
  CHECK(game->winner() == kDark);
}

TEST_CASE("gates rules: Cross Gates, completing only the opponent's losing path wins") {
  auto game = new_game({"-cross", "-size=2"});
  play_to_end(*game, {"a:c1", "c:b2", "a:b3"});  // light's move completes dark's path
  CHECK(any_path(game->position(), kDark, cross_opposite));
  CHECK_FALSE(any_path(game->position(), kLight, cross_opposite));
  CHECK_FALSE(any_path(game->position(), kLight, cross_triple));
  CHECK_FALSE(any_path(game->position(), kDark, cross_triple));
  CHECK(game->winner() == kLight);
}

TEST_CASE("gates rules: Cross Gates, completing the opponent's triple lets the opponent win") {
  SECTION("through the other colour of the mover's own tile") {
    auto game = new_game({"-cross", "-size=2"});
    play_to_end(*game, {"b:b2", "a:a1", "c:c2", "c:b3"});  // dark's move
    CHECK(any_path(game->position(), kLight, cross_triple));
    CHECK_FALSE(any_path(game->position(), kDark, cross_triple));
    CHECK(game->winner() == kLight);
  }
  SECTION("through an inversion (-invert_min)") {
    // c on c2 next to f on b3 ties (1 against 1) and keeps its parity: b3 becomes c. Then
    // dark's b on b2 touches e on a1 (1 tile, parity 1) and c2+b3 (2 tiles, parity 0):
    // cost(0) = 1 < cost(1) = 3, so a1 turns into b. a1's light band L-BR now continues
    // through b2's light band into c2 and b3: light touches sides 1, 3, 4, 5.
    auto game = new_game({"-cross", "-size=2", "-invert_min"});
    play_all(*game, {"f:b3", "c:c2", "e:a1"});
    CHECK(gates_test::letter(*game, "b3") == 'c');
    CHECK(gates_test::letter(*game, "a1") == 'e');
    CHECK_FALSE(game->over());
    play_all(*game, {"b:b2"});
    CHECK(gates_test::letter(*game, "a1") == 'b');
    CHECK(has_path(game->position(), kLight, triple_odd));
    const int a1 = gates_test::cell(*game, "a1");
    CHECK(game->position().corner_colour_at(a1, flat::L) == kLight);
    CHECK(cross_triple(game->position().path_sides(a1, flat::L)));
    CHECK_FALSE(any_path(game->position(), kDark, cross_triple));
    CHECK(game->winner() == kLight);
  }
}

TEST_CASE("gates rules: outcome() applies the Cross order to given paths") {
  const unsigned triple = triple_even, opposite = bit(0) | bit(3), both = triple | bit(1);
  auto decide = [](std::vector<unsigned> mover, std::vector<unsigned> other) {
    Position::PathSides paths;
    paths[kLight] = std::move(mover);
    paths[kDark] = std::move(other);
    return outcome(BoardKind::cross, kLight, paths);
  };
  CHECK(decide({triple}, {}) == kLight);
  CHECK(decide({both}, {}) == kLight);
  CHECK(decide({triple}, {triple}) == kLight);
  CHECK(decide({opposite}, {triple}) == kDark);
  CHECK(decide({}, {triple}) == kDark);
  CHECK(decide({opposite}, {opposite}) == kDark);
  CHECK(decide({opposite}, {}) == kDark);
  CHECK(decide({}, {opposite}) == kLight);
  CHECK(decide({bit(0) | bit(1) | bit(2)}, {bit(3) | bit(4)}) == std::nullopt);
  CHECK(cross_triple(triple_odd));
  CHECK_FALSE(cross_triple(bit(0) | bit(1) | bit(2) | bit(3)));
}

TEST_CASE("gates rules: a full Cross board can give both players a triple, so the order decides") {
  // Filled ignoring the game-over check: both colours hold a triple here (in play the game
  // stops at the first decisive ply); the step order still names exactly one winner.
  Position both_triples(board_for(BoardKind::cross, 2));
  const char* tiles[] = {"c:a1", "c:a2", "a:b1", "a:b2", "a:b3", "a:c1", "c:c2"};
  auto fill = [&](Position& position, const char* const* list, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      std::string text = list[i];
      Tile tile = *tile_from_letter(text[0]);
      auto parsed = parse_letter_number(text.substr(2));
      position.place(*position.board().cell_at_label(parsed->first, parsed->second), tile, tile.parity);
    }
  };
  fill(both_triples, tiles, 7);
  CHECK(any_path(both_triples, kLight, cross_triple));
  CHECK(any_path(both_triples, kDark, cross_triple));
  CHECK(outcome(BoardKind::cross, kLight, both_triples.paths()) == kLight);
  CHECK(outcome(BoardKind::cross, kDark, both_triples.paths()) == kDark);

  // And one where neither has a triple but both join opposite sides: the mover loses.
  Position both_opposite(board_for(BoardKind::cross, 2));
  const char* others[] = {"a:a1", "c:a2", "a:b1", "c:b2", "c:b3", "a:c1", "c:c2"};
  fill(both_opposite, others, 7);
  CHECK_FALSE(any_path(both_opposite, kLight, cross_triple));
  CHECK_FALSE(any_path(both_opposite, kDark, cross_triple));
  CHECK(outcome(BoardKind::cross, kLight, both_opposite.paths()) == kDark);
  CHECK(outcome(BoardKind::cross, kDark, both_opposite.paths()) == kLight);
}
