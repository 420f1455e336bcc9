// Gaia play: mirrored edge placements, the two winning conditions, random games checked
// against a plain flood-fill reference, bad input and options.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/gaia.h"
#include "engine/registry.h"

using pbem::Gaia;

namespace {

std::unique_ptr<Gaia> new_gaia(const std::vector<std::string>& options = {"-noswap"}) {
  std::unique_ptr<pbem::Game> game = pbem::create_game("gaia", options);
  auto* gaia = dynamic_cast<Gaia*>(game.get());
  REQUIRE(gaia != nullptr);
  game.release();
  return std::unique_ptr<Gaia>(gaia);
}

void play_all(pbem::Game& game, const std::vector<std::string>& plies) {
  for (const auto& ply : plies) {
    INFO("ply " << ply);
    auto result = game.play(ply);
    INFO(result.error);
    REQUIRE(result.ok);
  }
}

int cell_named(const Gaia& game, const std::string& label) { return game.board().find(label).cell; }

// Black's and white's moves interleaved (black first); `white` must be one shorter.
std::vector<std::string> alternate(const std::vector<std::string>& black, const std::vector<std::string>& white) {
  REQUIRE(white.size() + 1 == black.size());
  std::vector<std::string> plies;
  for (std::size_t i = 0; i < black.size(); ++i) {
    plies.push_back(black[i]);
    if (i < white.size()) plies.push_back(white[i]);
  }
  return plies;
}

// Plays black's stones with white's fillers and expects the win exactly on black's last
// stone, for every choice of which black stone comes last (each other order is one stone
// short of the win until its final ply).
void expect_black_wins_only_when_complete(const std::vector<std::string>& black,
                                          const std::vector<std::string>& white, Gaia::Win how) {
  for (std::size_t last = 0; last < black.size(); ++last) {
    std::vector<std::string> order = black;
    std::rotate(order.begin() + static_cast<long>(last), order.begin() + static_cast<long>(last) + 1, order.end());
    INFO("black's last stone: " << order.back());
    auto game = new_gaia();
    std::vector<std::string> plies = alternate(order, white);
    play_all(*game, std::vector<std::string>(plies.begin(), plies.end() - 1));
    REQUIRE_FALSE(game->over());
    play_all(*game, {plies.back()});
    REQUIRE(game->winner() == 0);
    CHECK(game->win() == how);
  }
}

// Reference answers computed by plain flood fill over the board's neighbour lists.
struct Reference {
  const Gaia& game;

  // Flood-fills from `start` over cells for which `inside` holds; returns the cells reached.
  template <typename Inside>
  std::vector<int> region(int start, Inside inside, std::vector<char>& seen) const {
    std::vector<int> reached{start}, todo{start};
    seen[static_cast<std::size_t>(start)] = 1;
    while (!todo.empty()) {
      int c = todo.back();
      todo.pop_back();
      for (int next : game.board().neighbours(c))
        if (!seen[static_cast<std::size_t>(next)] && inside(next)) {
          seen[static_cast<std::size_t>(next)] = 1;
          reached.push_back(next);
          todo.push_back(next);
        }
    }
    return reached;
  }

  template <typename Inside>
  bool some_region_holds_a_pair(Inside inside) const {
    const pbem::GaiaBoard& board = game.board();
    std::vector<char> seen(static_cast<std::size_t>(board.cell_count()), 0);
    for (int c = 0; c < board.cell_count(); ++c) {
      if (seen[static_cast<std::size_t>(c)] || !inside(c)) continue;
      std::vector<int> cells = region(c, inside, seen);
      for (int a : cells)
        if (board.is_edge(a) && std::find(cells.begin(), cells.end(), board.opposed(a)) != cells.end())
          return true;
    }
    return false;
  }

  bool type1(pbem::Colour colour) const {
    return some_region_holds_a_pair([&](int c) { return game.stone(c) == colour; });
  }
  bool could_still_join(pbem::Colour colour) const {
    return some_region_holds_a_pair([&](int c) { return game.stone(c) != pbem::other(colour); });
  }
};

}  // namespace

TEST_CASE("a stone on an edge cell also fills the opposed edge cell") {
  auto game = new_gaia();
  auto result = game->play("F10");
  REQUIRE(result.ok);
  CHECK(result.move == "f10");
  CHECK(game->record() == std::vector<std::string>{"f10"});
  CHECK(game->cells_json() == nlohmann::json{{"f1", "black"}, {"f10", "black"}});
  CHECK(game->stone(cell_named(*game, "f1")) == 0);

  REQUIRE(game->play("c4").ok);
  CHECK(game->cells_json() == nlohmann::json{{"f1", "black"}, {"f10", "black"}, {"c4", "white"}});
}

TEST_CASE("an edge cell never stands empty opposite a stone") {
  auto game = new_gaia();
  play_all(*game, {"f1", "f11"});
  auto taken = game->play("f10");
  CHECK_FALSE(taken.ok);
  CHECK(taken.error == "f10 is occupied (black, paired with f1)");
  CHECK(game->play("f2").error == "f2 is occupied (white, paired with f11)");
  CHECK(game->cells_json() ==
        nlohmann::json{{"f1", "black"}, {"f10", "black"}, {"f2", "white"}, {"f11", "white"}});
}

TEST_CASE("legal placements list every empty cell, both cells of an empty edge pair") {
  auto game = new_gaia({});
  auto first = game->legal_plies();
  CHECK(first.size() == 73);
  CHECK(first.front() == "a1");
  CHECK(first.back() == "f18");
  CHECK(std::count(first.begin(), first.end(), "f1") == 1);
  CHECK(std::count(first.begin(), first.end(), "f10") == 1);
  REQUIRE(game->play("f10").ok);
  auto second = game->legal_plies();
  CHECK(second.size() == 71 + 1);  // two cells filled; swap allowed at ply 2
  CHECK(second.back() == "swap");
  CHECK(std::count(second.begin(), second.end(), "f1") == 0);
  CHECK(std::count(second.begin(), second.end(), "f10") == 0);
  CHECK(std::count(second.begin(), second.end(), "f2") == 1);
  REQUIRE(game->play("swap").ok);
  CHECK(game->to_move() == 1);
  CHECK(game->legal_plies().size() == 71);
}

TEST_CASE("type 1: a chain across the centre joins f1 to f10") {
  // f1 (with f10) - e1 - d1 - c1 - b1 - a1 - b4 - c7 - d10 - e10 - f10, straight down.
  expect_black_wins_only_when_complete({"f1", "e1", "d1", "c1", "b1", "a1", "b4", "c7", "d10", "e10"},
                                       {"b2", "b3", "c2", "c3", "c4", "c5", "c6", "c8", "c9"},
                                       Gaia::Win::opposed_group);
}

TEST_CASE("type 1: a curve along ring e joins f1 to f10") {
  // f1 touches e1 and e2, f10 touches e10 and e11: e2 .. e10 is the shortest arc between.
  expect_black_wins_only_when_complete({"f1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10"},
                                       {"a1", "b1", "b2", "b3", "b4", "b5", "b6", "c1", "c2"},
                                       Gaia::Win::opposed_group);
}

TEST_CASE("type 1: filling the edge itself joins every pair at the last gap") {
  auto game = new_gaia();
  play_all(*game, alternate({"f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"},
                            {"a1", "b1", "b2", "b3", "b4", "b5", "b6"}));
  REQUIRE_FALSE(game->over());
  play_all(*game, {"c1", "f18"});  // f18 brings f9: the whole edge is one black group
  CHECK(game->winner() == 0);
  CHECK(game->win() == Gaia::Win::opposed_group);
}

TEST_CASE("type 2: a black Y to f1, f7 and f13 leaves white no opposed pair to join") {
  const std::vector<std::string> black{"a1", "b1", "c1", "d1", "e1", "f1",  "b3",  "c5",
                                       "d7", "e7", "f7", "b5", "c9", "d13", "e13", "f13"};
  const std::vector<std::string> white{"c2",  "c3",  "c4", "c6", "c7", "c8", "c10", "c11",
                                       "c12", "b2", "b4", "b6", "d2", "d3", "d5"};
  expect_black_wins_only_when_complete(black, white, Gaia::Win::opponent_cut);

  auto game = new_gaia();
  play_all(*game, alternate(black, white));
  Reference reference{*game};
  CHECK_FALSE(game->has_opposed_group(0));  // no type-1 chain: the Y's ends are not opposed
  CHECK_FALSE(reference.type1(0));
  CHECK_FALSE(game->can_still_join(1));
  CHECK(game->can_still_join(0));
}

TEST_CASE("white wins too, and a won game refuses further moves") {
  auto game = new_gaia();
  // White's f4 brings f13; ring e from e4 to e13 joins them (f4 touches e4, f13 touches e13).
  play_all(*game, {"a1", "f4",  "b1", "e4",  "b2", "e5",  "b3", "e6", "b4", "e7", "b5",
                   "e8", "b6",  "e9", "c1", "e10", "c2", "e11", "c3", "e12", "c5"});
  REQUIRE_FALSE(game->over());
  play_all(*game, {"e13"});
  CHECK(game->winner() == 1);
  CHECK(game->win() == Gaia::Win::opposed_group);
  CHECK(game->legal_plies().empty());
  auto state = game->state_json();
  auto after = game->play("c7");
  CHECK_FALSE(after.ok);
  CHECK(after.error == "the game is over: white has won");
  CHECK(game->state_json() == state);
}

TEST_CASE("random Gaia games end with exactly one winner and agree with a flood-fill reference") {
  std::mt19937 random(20240611);
  for (int n = pbem::GaiaBoard::min_size; n <= pbem::GaiaBoard::max_size; ++n) {
    for (int round = 0; round < 6; ++round) {
      INFO("size " << n << " round " << round);
      auto game = new_gaia({"-size=" + std::to_string(n)});
      Reference reference{*game};
      int placements = 0;
      while (!game->over()) {
        auto legal = game->legal_plies();
        REQUIRE_FALSE(legal.empty());
        const std::string ply = legal[random() % legal.size()];
        const pbem::Colour mover = game->to_move();
        // The reference outcome: the mover wins by type 1 or by cutting the other colour off.
        REQUIRE(game->play(ply).ok);
        if (ply == "swap") {
          CHECK_FALSE(game->over());
          continue;
        }
        ++placements;
        bool type1 = reference.type1(mover);
        bool cut = !reference.could_still_join(pbem::other(mover));
        REQUIRE(game->over() == (type1 || cut));
        if (game->over()) {
          CHECK(game->winner() == mover);
          CHECK(game->win() == (type1 ? Gaia::Win::opposed_group : Gaia::Win::opponent_cut));
        }
        CHECK_FALSE(reference.type1(pbem::other(mover)));
      }
      const pbem::GaiaBoard& board = game->board();
      for (int c = 0; c < board.cell_count(); ++c)
        if (board.is_edge(c)) CHECK(game->stone(c) == game->stone(board.opposed(c)));
      CHECK(placements <= board.cell_count() - board.pair_count());
    }
  }
}

TEST_CASE("a full Gaia board always has a winner: the last mover at the latest") {
  // Fill the board from the centre outwards without looking; whoever wins, exactly one does.
  for (int n = pbem::GaiaBoard::min_size; n <= pbem::GaiaBoard::max_size; ++n) {
    auto game = new_gaia({"-size=" + std::to_string(n), "-noswap"});
    while (!game->over()) {
      auto legal = game->legal_plies();
      REQUIRE_FALSE(legal.empty());  // a full board without a winner would end here
      REQUIRE(game->play(legal.front()).ok);
    }
    CHECK(game->winner().has_value());
    CHECK(game->to_move() != *game->winner());
  }
}

TEST_CASE("bad Gaia input is refused with a reason and changes nothing") {
  auto game = new_gaia({});
  REQUIRE(game->play("c4").ok);
  const auto before = game->state_json();
  struct Case {
    std::string ply, error;
  };
  const std::vector<Case> cases{
      {"z9", "cell z9 does not exist on a size-3 Gaia board: rings run from a to f"},
      {"a2", "cell a2 does not exist on a size-3 Gaia board: ring a has only a1"},
      {"f19", "cell f19 does not exist on a size-3 Gaia board: ring f has f1 to f18"},
      {"c4", "c4 is occupied (black)"},
      {" C4 ", "c4 is occupied (black)"},
      {"hello", "'hello' is not a cell on a size-3 Gaia board: a cell is a ring letter and a number, e.g. c4"},
      {"c 4", "'c 4' is not a cell on a size-3 Gaia board: a cell is a ring letter and a number, e.g. c4"},
  };
  for (const auto& bad : cases) {
    INFO(bad.ply);
    auto result = game->play(bad.ply);
    CHECK_FALSE(result.ok);
    CHECK(result.error == bad.error);
    CHECK(game->state_json() == before);
  }
  auto empty = game->play("   ");
  CHECK_FALSE(empty.ok);
  CHECK_THAT(empty.error, Catch::StartsWith("empty move"));
  CHECK(game->state_json() == before);

  REQUIRE(game->play("e5").ok);
  const auto later = game->state_json();
  auto late_swap = game->play("swap");
  CHECK_FALSE(late_swap.ok);
  CHECK(late_swap.error == "swap is only allowed as the second move (ply 2)");
  CHECK(game->state_json() == later);
}

TEST_CASE("swap is on by default in Gaia and -noswap turns it off") {
  auto with_swap = new_gaia({});
  CHECK(with_swap->options_text() == "-size=3");
  CHECK_FALSE(with_swap->play("swap").ok);  // not at ply 1
  REQUIRE(with_swap->play("d4").ok);
  REQUIRE(with_swap->play("swap").ok);
  CHECK(with_swap->swapped());
  CHECK(with_swap->to_move() == 1);
  CHECK(with_swap->cells_json() == nlohmann::json{{"d4", "black"}});

  auto without = new_gaia({"-noswap"});
  CHECK(without->options_text() == "-size=3 -noswap");
  REQUIRE(without->play("d4").ok);
  const auto before = without->state_json();
  auto refused = without->play("swap");
  CHECK_FALSE(refused.ok);
  CHECK(refused.error == "swap is not enabled in this game");
  CHECK(without->state_json() == before);
  auto legal = without->legal_plies();
  CHECK(std::count(legal.begin(), legal.end(), "swap") == 0);
}

TEST_CASE("Gaia options: size 2-8, canonical text, clear refusals") {
  CHECK(pbem::create_game("gaia", {"-SIZE=8"})->options_text() == "-size=8");
  CHECK(pbem::create_game("gaia", {"-noswap", "-size=2"})->options_text() == "-size=2 -noswap");
  CHECK(pbem::create_game("gaia", {})->options_text() == "-size=3");
  CHECK_THROWS_WITH(pbem::create_game("gaia", {"-size=9"}), Catch::Contains("2-8"));
  CHECK_THROWS_WITH(pbem::create_game("gaia", {"-size=1"}), Catch::Contains("2-8"));
  CHECK_THROWS_AS(pbem::create_game("gaia", {"-size=9"}), pbem::OptionError);
  CHECK_THROWS_WITH(pbem::create_game("gaia", {"-swap"}),
                    Catch::Contains("unknown option '-swap'") && Catch::Contains("-size=<n>, -noswap"));
  CHECK_THROWS_WITH(pbem::create_game("gaia", {"-size"}), Catch::Contains("needs a whole number"));
  CHECK_THROWS_WITH(pbem::create_game("gaia", {"-noswap=1"}), Catch::Contains("takes no value"));
}

TEST_CASE("a Gaia clone is an independent copy") {
  auto game = new_gaia();
  play_all(*game, {"f1", "c4"});
  auto copy = game->clone();
  REQUIRE(copy->play("e1").ok);
  CHECK(copy->cells_json().size() == 4);
  CHECK(game->cells_json().size() == 3);
  CHECK(copy->options_text() == game->options_text());
  REQUIRE(game->play("e2").ok);
  CHECK(game->cells_json().contains("e2"));
  CHECK_FALSE(copy->cells_json().contains("e2"));
}

TEST_CASE("resignation ends a Gaia game without a board win") {
  auto game = new_gaia();
  play_all(*game, {"a1", "resign"});
  CHECK(game->winner() == 0);
  CHECK_FALSE(game->win().has_value());
  CHECK(game->record() == std::vector<std::string>{"a1", "resign"});
}

TEST_CASE("the Gaia registry entry names its options and explains the game") {
  const pbem::GameType* type = pbem::find_game_type("gaia");
  REQUIRE(type != nullptr);
  CHECK(type->title == "Gaia");
  CHECK(type->options.size() == 2);
  for (const char* part : {"-size=<n>", "2-8", "default 3", "-noswap", "f10", "opposed", "pentagon",
                           "swap", "resign", "READING THE DIAGRAM", "notch"})
    CHECK_THAT(type->rules_help, Catch::Contains(part));
}
