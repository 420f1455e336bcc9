// Gates as players meet it: options, move input and its errors, swap, JSON, legal plies,
// the ASCII diagram and the help text.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

#include "engine/gates.h"
#include "engine/gates_render.h"
#include "engine/options.h"
#include "engine/text.h"
#include "gates_test_support.h"

using namespace pbem;
using namespace pbem::gates;
using gates_test::new_game;
using gates_test::play_all;

namespace {

std::string rejected(Game& game, const std::string& ply) {
  const nlohmann::json before = game.state_json();
  const std::vector<std::string> record = game.record();
  PlyResult result = game.play(ply);
  CHECK_FALSE(result.ok);
  CHECK(game.state_json() == before);
  CHECK(game.record() == record);
  return result.error;
}

std::string option_error(const std::vector<std::string>& options) {
  try {
    create_game("gates", options);
  } catch (const OptionError& error) {
    return error.what();
  }
  FAIL("options accepted");
  return {};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("gates options: board types, sizes and defaults") {
  CHECK(create_game("gates", {})->options_text() == "-cross -size=5");
  CHECK(create_game("gates", {"-y"})->options_text() == "-y -size=10");
  CHECK(create_game("gates", {"-hex"})->options_text() == "-hex -size=10");
  CHECK(create_game("gates", {"-CROSS", " -size=13 "})->options_text() == "-cross -size=13");
  CHECK(create_game("gates", {"-y", "-size=26"})->options_text() == "-y -size=26");
  CHECK(create_game("gates", {"-y", "-size=2"})->options_text() == "-y -size=2");
  // A stored game is recreated from its options text.
  auto game = create_game("gates", {"-hex", "-size=7", "-invert"});
  CHECK(create_game("gates", split_words(game->options_text()))->options_text() == game->options_text());
}

TEST_CASE("gates options: bad options name what is accepted") {
  CHECK_THAT(option_error({"-foo"}), Catch::Contains("unknown option '-foo'") && Catch::Contains("-invert_min"));
  CHECK_THAT(option_error({"-y", "-size=27"}), Catch::Contains("Y Gates") && Catch::Contains("2-26"));
  CHECK_THAT(option_error({"-y", "-size=1"}), Catch::Contains("2-26"));
  CHECK_THAT(option_error({"-hex", "-size=14"}), Catch::Contains("Hex Gates") && Catch::Contains("2-13"));
  CHECK_THAT(option_error({"-size=14"}), Catch::Contains("Cross Gates") && Catch::Contains("2-13"));
  CHECK_THAT(option_error({"-cross", "-size=1"}), Catch::Contains("2-13"));
  CHECK_THAT(option_error({"-size"}), Catch::Contains("whole number"));
  CHECK_THAT(option_error({"-y", "-hex"}), Catch::Contains("exclude each other"));
  CHECK_THAT(option_error({"-phase", "-align"}), Catch::Contains("-phase and -align"));
}

TEST_CASE("gates moves: bad input gets a clear error and changes nothing") {
  auto game = new_game({});
  play_all(*game, {"c:d3"});
  CHECK_THAT(rejected(*game, "z:d3"), Catch::Contains("'z' is not a tile"));
  CHECK_THAT(rejected(*game, "a:zz9"), Catch::Contains("'zz9' is not a cell"));
  CHECK_THAT(rejected(*game, "a:"), Catch::Contains("missing the cell"));
  CHECK_THAT(rejected(*game, ":d4"), Catch::Contains("missing the tile"));
  CHECK_THAT(rejected(*game, "d4"), Catch::Contains("is not a Gates move") && Catch::Contains("c:d3"));
  CHECK_THAT(rejected(*game, "ab:d4"), Catch::Contains("'ab' is not a tile"));
  CHECK(rejected(*game, "a:f9") == "cell f9 does not exist on a size-5 Cross Gates board");
  CHECK(rejected(*game, "a:j1") == "cell j1 does not exist on a size-5 Cross Gates board");
  CHECK(rejected(*game, "a:d0").find("is not a cell") != std::string::npos);
  CHECK(rejected(*game, "b:d3") == "d3 is occupied (tile c)");
  CHECK_THAT(rejected(*game, ""), Catch::Contains("empty move"));
  // Swap only as ply 2.
  play_all(*game, {"a:e5"});
  CHECK_THAT(rejected(*game, "swap"), Catch::Contains("only allowed as the second move"));
  auto fresh = new_game({});
  CHECK_THAT(rejected(*fresh, "swap"), Catch::Contains("only allowed as the second move"));
}

TEST_CASE("gates moves: input is case-insensitive and tolerates blanks") {
  auto game = new_game({"-y", "-size=4"});
  PlyResult result = game->play("  C:D1 ");
  REQUIRE(result.ok);
  CHECK(result.move == "c:d1");
  CHECK(game->play("b : a4").move == "b:a4");
}

TEST_CASE("gates moves: swap at ply 2 exchanges users, dark moves again") {
  auto game = new_game({});
  play_all(*game, {"a:e5"});
  CHECK(game->to_move() == kDark);
  auto legal = game->legal_plies();
  CHECK(legal.back() == "swap");
  const nlohmann::json cells = game->cells_json();
  play_all(*game, {"swap"});
  CHECK(game->swapped());
  CHECK(game->to_move() == kDark);
  CHECK(game->cells_json() == cells);
  play_all(*game, {"b:e4"});
  CHECK(game->to_move() == kLight);
  CHECK(game->record() == std::vector<std::string>{"a:e5", "swap", "b:e4"});
}

TEST_CASE("gates moves: resign ends the game") {
  auto game = new_game({});
  play_all(*game, {"a:e5", "resign"});
  CHECK(game->winner() == kLight);
  CHECK(game->legal_plies().empty());
}

TEST_CASE("gates JSON: cells carry tile letters after inversions") {
  auto game = new_game({"-invert_min"});
  play_all(*game, {"a:e5", "d:e6"});
  nlohmann::json state = game->state_json();
  CHECK(state["game"] == "gates");
  CHECK(state["options"] == "-cross -size=5 -invert_min");
  CHECK(state["cells"] == nlohmann::json{{"e5", "d"}, {"e6", "d"}});
  CHECK(state["to_move"] == "light");
  CHECK(state["winner"] == nullptr);
  CHECK(game->colour_name(kLight) == "light");
  CHECK(game->colour_name(kDark) == "dark");
}

TEST_CASE("gates legal placements: every allowed letter on every empty cell, canonical") {
  auto game = new_game({"-y", "-size=3", "-align"});
  play_all(*game, {"a:a1"});
  std::vector<std::string> legal = game->legal_plies();
  // 5 empty cells; b1 and a2 touch a1 (parity 0) so only a-c there; 6 letters elsewhere.
  CHECK(legal.size() == 3 + 3 + 6 * 3 + 1);
  CHECK(legal.front() == "a:a2");
  CHECK(legal.back() == "swap");
  CHECK(std::find(legal.begin(), legal.end(), "d:b1") == legal.end());
  CHECK(std::find(legal.begin(), legal.end(), "d:c1") != legal.end());
  std::set<std::string> unique(legal.begin(), legal.end());
  CHECK(unique.size() == legal.size());
  for (const std::string& ply : legal) {
    if (ply == "swap") continue;
    auto copy = game->clone();
    INFO(ply);
    CHECK(copy->play(ply).ok);
  }
}

TEST_CASE("gates diagram: the tiles look like the pbmserv help") {
  // The spec's pictures of a, b and c, line by line.
  CHECK(render_tile(*tile_from_letter('a')) == "  +o--+\n /oo   o\n+ oo  oo+\n \\oo   o\n  +o--+\n");
  CHECK(render_tile(*tile_from_letter('b')) == "  +o--+\n oooo  \\\n+   oooo+\n oo   oo\n  +o--+\n");
  CHECK(render_tile(*tile_from_letter('c')) == "  +o--+\n oo   oo\n+   oooo+\n oooo  /\n  +o--+\n");
  // d, e, f: the same drawings with the paint inverted (outline where the paint was).
  CHECK(render_tile(*tile_from_letter('d')) == "  +--o+\n o  ooo\\\n+o  oo  +\n o  ooo/\n  +--o+\n");
  CHECK(render_tile(*tile_from_letter('e')) == "  +--o+\n /   ooo\n+ooo    +\n \\ ooo /\n  +--o+\n");
  CHECK(render_tile(*tile_from_letter('f')) == "  +--o+\n / ooo \\\n+ooo    +\n \\   ooo\n  +--o+\n");
}

TEST_CASE("gates diagram: default Cross board") {
  auto game = new_game({});
  play_all(*game, {"c:d3", "a:e5"});
  const std::string text = game->render({{"alice", "bob"}});
  const auto lines = lines_of(text);
  for (const std::string& line : lines) {
    CHECK(line.size() <= 78);
    CHECK((line.empty() || line.back() != ' '));
  }
  CHECK(text == game->render({{"alice", "bob"}}));  // deterministic
  // Every empty cell shows its label; occupied cells do not.
  for (int c = 0; c < game->board().cell_count(); ++c) {
    const std::string& label = game->board().label(c);
    bool shown = false;
    for (const std::string& line : lines) shown = shown || line.find(" " + label + " ") != std::string::npos;
    CHECK(shown == !game->position().occupied(c));
  }
  CHECK(lines[0] == "      a     b     c     d     e     f     g     h     i");
  // The last tile (e5) is marked with * on its top and bottom edges; nothing else is.
  const std::string board_part = text.substr(0, text.find("Goal:"));
  CHECK(std::count(board_part.begin(), board_part.end(), '*') == 2);
  CHECK_THAT(text, Catch::Contains("Light (alice) moves first; Dark (bob) second."));
  CHECK_THAT(text, Catch::Contains("Move 2: a:e5."));
  CHECK_THAT(text, Catch::EndsWith("Light (alice) to move.\n"));
}

TEST_CASE("gates diagram: corners show the same colour from every tile; the widest full drawings stay aligned") {
  std::mt19937 rng(3);
  for (auto options : std::vector<std::vector<std::string>>{
           {"-y", "-size=12", "-invert_min"}, {"-hex", "-size=6", "-phase"}, {"-cross", "-size=6"}, {"-cross", "-size=2"}}) {
    auto game = new_game(options);
    for (int i = 0; i < 60 && !game->over(); ++i) {
      auto legal = game->legal_plies();
      game->play(legal[rng() % legal.size()]);
    }
    const std::string board_text = render_board(game->position(), game->last_cell());
    const auto lines = lines_of(board_text);
    INFO(game->options_text());
    REQUIRE_FALSE(compact_drawing(game->board()));
    for (const std::string& line : lines) CHECK(line.size() <= 78);
    // One '+' per board vertex: the outlines of neighbouring cells coincide exactly.
    CHECK(std::count(board_text.begin(), board_text.end(), '+') == game->board().vertex_count());
    for (const std::string& line : lines) CHECK((line.empty() || line.back() != ' '));
    // Locate each tile through its label's column and rows, as the renderer lays them out:
    // the character right of a top or bottom '+' is 'o' exactly when that corner is dark.
    int min_x = 1 << 30, min_y = 1 << 30;
    for (int v = 0; v < game->board().vertex_count(); ++v) {
      min_x = std::min(min_x, game->board().vertex_point(v).first);
      min_y = std::min(min_y, game->board().vertex_point(v).second);
    }
    auto at = [&](int x, int y, int dx) {
      const std::string& line = lines[static_cast<std::size_t>(2 + 2 * (y - min_y))];
      std::size_t column = static_cast<std::size_t>(2 + 2 * (x - min_x) + dx);
      return column < line.size() ? line[column] : ' ';
    };
    for (int c = 0; c < game->board().cell_count(); ++c) {
      if (!game->position().occupied(c)) continue;
      for (auto [corner, dx] : {std::pair{flat::TL, 1}, {flat::BL, 1}, {flat::TR, -1}, {flat::BR, -1}}) {
        auto [x, y] = game->board().vertex_point(game->board().vertex(c, corner));
        CHECK(at(x, y, 0) == '+');
        const bool dark = game->position().corner_colour_at(c, corner) == kDark;
        CHECK((at(x, y, dx) == 'o') == dark);
      }
    }
  }
}

TEST_CASE("gates help: rules, boards, notation, options and the diagram") {
  const GameType* type = find_game_type("gates");
  REQUIRE(type != nullptr);
  CHECK(type->title == "Gates");
  for (const char* text : {"-cross", "-y", "-hex", "-size", "2-26", "2-13", "-phase", "-invert_min", "-invert",
                           "-align", "c:d3", "swap", "resign", "three non-adjacent sides", "opposite",
                           "dark only", "stub", "READING THE DIAGRAM"})
    CHECK_THAT(type->rules_help, Catch::Contains(text));
  for (const std::string& line : lines_of(type->rules_help)) {
    CHECK(line.size() <= 78);
    CHECK((line.empty() || line.back() != ' '));
  }
  std::set<std::string> names;
  for (const OptionSpec& spec : type->options) names.insert(spec.name);
  CHECK(names == std::set<std::string>{"cross", "y", "hex", "size", "phase", "invert_min", "invert", "align"});
}

TEST_CASE("gates diagram: boards too wide for mail are drawn compact, every cell still readable") {
  std::mt19937 rng(5);
  for (auto options : std::vector<std::vector<std::string>>{
           {"-hex"}, {"-hex", "-size=7"}, {"-hex", "-size=13", "-phase"}, {"-y", "-size=13"}, {"-y", "-size=26", "-invert_min"},
           {"-cross", "-size=7"}, {"-cross", "-size=13", "-align"}}) {
    auto game = new_game(options);
    INFO(game->options_text());
    REQUIRE(compact_drawing(game->board()));
    for (int i = 0; i < 60 && !game->over(); ++i) {
      auto legal = game->legal_plies();
      game->play(legal[rng() % legal.size()]);
    }
    const std::string text = render_board(game->position(), game->last_cell());
    // The six tiles are drawn in full under the board, after a blank line.
    const std::string legend = tile_pictures();
    REQUIRE(text.size() > legend.size() + 1);
    const std::string board_text = text.substr(0, text.size() - legend.size() - 1);
    CHECK(text[board_text.size()] == '\n');
    CHECK(std::string_view(text).substr(board_text.size() + 1) == legend);
    const auto lines = lines_of(board_text);
    // One '+' per board vertex, as in the full drawing; two '*' for the last tile.
    CHECK(std::count(board_text.begin(), board_text.end(), '+') == game->board().vertex_count());
    CHECK(std::count(board_text.begin(), board_text.end(), '*') == 2);
    // The default Hex board fits mail's 78 columns; the largest boards stay close to it.
    const std::size_t limit = game->board().kind() == BoardKind::y && game->board().size() == 26 ? 80 : 78;
    for (const std::string& line : lines) {
      CHECK(line.size() <= limit);
      CHECK((line.empty() || line.back() != ' '));
    }
    // Each cell shows its label when empty and its tile letter, alone, when occupied:
    // cell (q, r) sits on line 2 + (2r + q) - min, columns 3q - 1 .. 3q + 1 - min.
    int min_x = 1 << 30, min_y = 1 << 30;
    for (int c = 0; c < game->board().cell_count(); ++c) {
      const Hex h = game->board().hex(c);
      min_x = std::min(min_x, 3 * h.q - 2);
      min_y = std::min(min_y, 2 * h.r + h.q - 1);
    }
    for (int c = 0; c < game->board().cell_count(); ++c) {
      const Hex h = game->board().hex(c);
      const std::string& line = lines[static_cast<std::size_t>(2 + 2 * h.r + h.q - min_y)];
      std::string inside = line.substr(static_cast<std::size_t>(3 * h.q - 1 - min_x), 3);
      inside.erase(inside.find_last_not_of(' ') + 1);
      if (auto tile = game->position().tile(c)) CHECK(inside == std::string{' ', tile->letter()});
      else CHECK(inside == game->board().label(c));
    }
  }
}

TEST_CASE("gates diagram: every default board fits 78 columns, the key says how it reads") {
  for (auto options : std::vector<std::vector<std::string>>{{"-cross"}, {"-y"}, {"-hex"}}) {
    auto game = new_game(options);
    play_all(*game, {"c:d3", "a:e5"});
    const std::string text = game->render({{"alice", "bob"}});
    for (const std::string& line : lines_of(text)) CHECK(line.size() <= 78);
    CHECK_THAT(text, Catch::Contains(compact_drawing(game->board()) ? "a placed tile shows its letter" : "dark paths are o"));
  }
}
