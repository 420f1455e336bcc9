// The computer opponent (engine/bot): it takes a one-move win, stops the opponent's
// one-move win, plays only legal plies under every option, and is deterministic per seed.
//
// Win and block positions come from two sources: hand-made ones (checked in comments) and
// positions met in seeded random games of each game and option set, each checked by brute
// force before the bot is asked, so a test never depends on the bot's own tactics code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

#include "engine/bot/mcts.h"
#include "engine/bot/rng.h"
#include "engine/registry.h"

using namespace pbem;

namespace {

std::unique_ptr<Game> after(const std::string& game, const std::vector<std::string>& options,
                            const std::vector<std::string>& plies) {
  auto position = create_game(game, options);
  for (const auto& ply : plies) {
    INFO("ply " << ply);
    REQUIRE(position->play(ply).ok);
  }
  return position;
}

bool wins(const Game& game, const std::string& ply) {
  if (ply == "swap") return false;
  auto next = game.clone();
  const Colour mover = next->to_move();
  return next->play(ply).ok && next->winner() == mover;
}

std::vector<std::string> winning_plies(const Game& game) {
  std::vector<std::string> found;
  for (const auto& ply : game.legal_plies())
    if (wins(game, ply)) found.push_back(ply);
  return found;
}

// True if after `ply` the opponent has no immediate win and `ply` does not lose at once.
bool safe(const Game& game, const std::string& ply) {
  auto next = game.clone();
  const Colour mover = next->to_move();
  if (!next->play(ply).ok) return false;
  if (next->over()) return next->winner() == mover;
  return winning_plies(*next).empty();
}

struct Setup {
  std::string game;
  std::vector<std::string> options;
};

// Small boards of every kind and option, so brute-force checks stay cheap.
const std::vector<Setup>& setups() {
  static const std::vector<Setup> all{
      {"hy3", {"-size=4"}},         {"hy3", {"-size=5", "-swap"}},
      {"gaia", {"-size=3"}},        {"gaia", {"-size=2", "-noswap"}},
      {"gates", {"-cross", "-size=3"}}, {"gates", {"-y", "-size=4", "-phase"}},
      {"gates", {"-hex", "-size=3", "-invert_min"}}, {"gates", {"-cross", "-size=3", "-align"}},
  };
  return all;
}

// Plays `count` random plies (fewer if the game ends) with the bot's own generator.
void random_plies(Game& game, bot::Rng& rng, int count) {
  for (int i = 0; i < count && !game.over(); ++i) {
    const auto legal = game.legal_plies();
    REQUIRE(game.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok);
  }
}

bot::Choice ask(const Game& game, int playouts, std::uint64_t seed = 7) {
  return bot::choose_ply(game, bot::SearchLimits{playouts, seed});
}

}  // namespace

// Hand-made positions, one per game: the plies before a known winning ply (the HY 3 one
// from hy3_play_test.cpp, the Gaia one from the by-mail game of test_daemon.py, the Gates one
// from a random game, checked with `pbem replay`).
struct Position {
  std::string game;
  std::vector<std::string> options;
  std::vector<std::string> plies;  // the last one wins
};

const std::vector<Position>& won_games() {
  static const std::vector<Position> all{
      // HY 3, 4 per side (P = 18): red's row d1..d6 spans 10 of 18 with d7.
      {"hy3", {"-size=4"}, {"d1", "a1", "d2", "a2", "d3", "a3", "d4", "a4", "d5", "b5", "d6", "c6", "d7"}},
      // Cross Gates, size 3: dark's a:c2 completes a light path joining the top and bottom,
      // which loses for light (`pbem replay` says so).
      {"gates", {"-cross", "-size=3"},
       {"a:b3", "b:d2", "b:d1", "c:a3", "c:c3", "c:e2", "a:d4", "b:a2", "a:a1", "c:e3", "c:e1", "a:c4", "c:b4", "a:c2"}},
      // Gaia, size 2: black's group joins two opposed edge cells with d1.
      {"gaia", {"-size=2"}, {"d6", "d10", "b3", "a1", "c4", "b1", "d3", "b4", "c6", "b2", "d8", "c7", "d1"}},
  };
  return all;
}

TEST_CASE("bot: takes the one-move win in hand-made positions of each game") {
  for (const Position& won : won_games()) {
    auto game = after(won.game, won.options, std::vector<std::string>(won.plies.begin(), won.plies.end() - 1));
    REQUIRE(wins(*game, won.plies.back()));
    const auto choice = ask(*game, 200);
    INFO(won.game << " chose " << choice.ply);
    CHECK(wins(*game, choice.ply));
  }
}

TEST_CASE("bot: blocks the one-move win of hand-made positions of each game") {
  for (const Position& won : won_games()) {
    // One ply earlier: the loser to move, facing the winning ply.
    auto game = after(won.game, won.options, std::vector<std::string>(won.plies.begin(), won.plies.end() - 2));
    const auto legal = game->legal_plies();
    const auto safe_count = std::count_if(legal.begin(), legal.end(), [&](const auto& p) { return safe(*game, p); });
    INFO(won.game << ": " << safe_count << " of " << legal.size() << " plies stop the win");
    REQUIRE(winning_plies(*game).empty());
    REQUIRE(safe_count > 0);
    REQUIRE(safe_count < static_cast<long>(legal.size()));
    const auto choice = ask(*game, 200);
    INFO("chose " << choice.ply);
    CHECK(safe(*game, choice.ply));
  }
}

TEST_CASE("bot: takes a one-move win wherever random play offers one, in every game and option") {
  bot::Rng rng(2024);
  for (const Setup& setup : setups()) {
    int found = 0;
    for (int attempt = 0; attempt < 200 && found < 5; ++attempt) {
      auto game = create_game(setup.game, setup.options);
      random_plies(*game, rng, static_cast<int>(rng.below(60)));
      if (game->over() || winning_plies(*game).empty()) continue;
      ++found;
      const auto choice = ask(*game, 50);
      INFO(setup.game << " " << game->options_text() << " after " << game->ply_count() << " plies chose "
                      << choice.ply);
      CHECK(wins(*game, choice.ply));
    }
    INFO(setup.game << " " << setup.options.back());
    CHECK(found == 5);
  }
}

TEST_CASE("bot: stops the opponent's one-move win wherever random play offers a way to") {
  bot::Rng rng(77);
  for (const Setup& setup : setups()) {
    int found = 0;
    for (int attempt = 0; attempt < 2000 && found < 5; ++attempt) {
      auto game = create_game(setup.game, setup.options);
      random_plies(*game, rng, static_cast<int>(rng.below(60)));
      if (game->over() || !winning_plies(*game).empty()) continue;
      // A threat: some ply of ours leaves the opponent a win, and some ply prevents it.
      const auto legal = game->legal_plies();
      const auto safe_count = std::count_if(legal.begin(), legal.end(), [&](const auto& p) { return safe(*game, p); });
      if (safe_count == 0 || safe_count == static_cast<long>(legal.size())) continue;
      ++found;
      const auto choice = ask(*game, 50);
      INFO(setup.game << " " << game->options_text() << " after " << game->ply_count() << " plies chose "
                      << choice.ply << " (" << safe_count << " of " << legal.size() << " plies are safe)");
      CHECK(safe(*game, choice.ply));
    }
    INFO(setup.game << " " << setup.options.back());
    CHECK(found == 5);
  }
}

TEST_CASE("bot: only ever plays legal plies, swap included, across hundreds of positions") {
  bot::Rng rng(11);
  int positions = 0, swaps_possible = 0;
  for (const Setup& setup : setups()) {
    for (int i = 0; i < 45; ++i) {
      auto game = create_game(setup.game, setup.options);
      // Every fourth position is right after ply 1, where swap may be legal.
      random_plies(*game, rng, i % 4 == 0 ? 1 : static_cast<int>(rng.below(25)));
      if (game->over()) continue;
      const auto legal = game->legal_plies();
      if (game->swap_allowed()) ++swaps_possible;
      const auto choice = ask(*game, 20, static_cast<std::uint64_t>(i));
      INFO(setup.game << " " << game->options_text() << " after " << game->ply_count() << " plies chose "
                      << choice.ply);
      CHECK(std::find(legal.begin(), legal.end(), choice.ply) != legal.end());
      CHECK(game->clone()->play(choice.ply).ok);
      ++positions;
    }
  }
  CHECK(positions >= 250);
  CHECK(swaps_possible >= 20);
}

TEST_CASE("bot: the same position, budget and seed give the same ply") {
  for (const Setup& setup : setups()) {
    auto game = create_game(setup.game, setup.options);
    bot::Rng rng(5);
    random_plies(*game, rng, 3);
    REQUIRE_FALSE(game->over());
    const auto first = ask(*game, 300, 42);
    const auto second = ask(*game, 300, 42);
    INFO(setup.game << " " << game->options_text());
    CHECK(first.ply == second.ply);
    CHECK(first.win_rate == second.win_rate);
    CHECK(first.playouts == second.playouts);
  }
}

TEST_CASE("bot: a finished game or a budget out of range is refused") {
  auto won = after("hy3", {"-size=4"}, {"d1", "a1", "d2", "a2", "d3", "a3", "d4", "a4", "d5", "b5", "d6", "c6", "d7"});
  REQUIRE(won->over());
  CHECK_THROWS_AS(ask(*won, 100), std::invalid_argument);
  auto fresh = create_game("hy3", {});
  CHECK_THROWS_AS(ask(*fresh, 0), std::invalid_argument);
}

TEST_CASE("bot: a whole game against itself ends with exactly one winner in every setup") {
  for (const Setup& setup : setups()) {
    auto game = create_game(setup.game, setup.options);
    std::uint64_t seed = 1;
    while (!game->over()) {
      REQUIRE(game->ply_count() < 400);
      const auto choice = ask(*game, 30, seed++);
      REQUIRE(game->play(choice.ply).ok);
    }
    INFO(setup.game << " " << game->options_text());
    CHECK(game->winner().has_value());
  }
}
