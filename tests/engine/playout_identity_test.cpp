// The integer-coded playouts (engine/bot/playout.h) play exactly what the string-based ones
// they replaced played: from the same seed, the same candidates are drawn in the same order,
// the same plies are played and the same side wins. Two checks show it:
//  * a reference copy of the old algorithm, built on the public string API (legal_plies()
//    and play()), runs beside the new random_playout from hundreds of random positions of
//    every game and option set, and both must give the same plies and winner;
//  * choose_ply and review_game give, for fixed positions and seeds, the very choices and
//    chances recorded with the string-based code before the change (the table below;
//    `engine_tests "[.record]"` prints it again).
// Identical playouts make identical searches, which is how "the computer's moves unchanged
// in strength" is shown.
#include <catch2/catch.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "engine/bot/mcts.h"
#include "engine/bot/move_table.h"
#include "engine/bot/playout.h"
#include "engine/bot/review.h"
#include "engine/bot/rng.h"
#include "engine/registry.h"

using namespace pbem;

namespace {

struct Setup {
  std::string game;
  std::vector<std::string> options;
};

// The default boards first (created with no options, as review_bench does), then other
// boards and the options that change the rules the playouts go through.
const std::vector<Setup>& identity_setups() {
  static const std::vector<Setup> all{
      {"gates", {}},
      {"hy3", {}},
      {"gaia", {}},
      {"gates", {"-y", "-size=6"}},
      {"gates", {"-hex", "-size=5", "-align"}},
      {"gates", {"-cross", "-size=4", "-invert"}},
      {"gates", {"-y", "-size=4", "-phase"}},
      {"hy3", {"-size=4", "-swap"}},
      {"hy3", {"-size=9"}},
      {"gaia", {"-size=2", "-noswap"}},
      {"gaia", {"-size=5"}},
  };
  return all;
}

// A position `plies` random plies into a game of `setup` (fewer if the game ends).
std::unique_ptr<Game> position_after(const Setup& setup, int plies, std::uint64_t seed) {
  auto game = create_game(setup.game, setup.options);
  bot::Rng rng(seed);
  for (int i = 0; i < plies && !game->over(); ++i) {
    const auto legal = game->legal_plies();
    REQUIRE(game->play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok);
  }
  return game;
}

// The fixed positions of the recorded choices: a few depths into each setup.
constexpr int kChoiceDepths[] = {0, 1, 4, 9};
constexpr std::uint64_t kChoiceSeeds[] = {1, 77};
constexpr int kChoicePlayouts = 300;

struct RecordedChoice {
  int setup;
  int depth;
  std::uint64_t seed;
  const char* ply;
  const char* reason;
  double win_rate;
};

// Recorded with the string-based playouts (commit fecbdc4), by "[.record]" below.
const std::vector<RecordedChoice>& recorded_choices() {
  static const std::vector<RecordedChoice> all{
      {0, 0, 1, "b:i2", "search", 1},
      {0, 0, 77, "a:g5", "search", 0.66666666666666663},
      {0, 1, 1, "c:e8", "search", 0.5},
      {0, 1, 77, "b:a1", "search", 0.40000000000000002},
      {0, 4, 1, "c:c1", "search", 0.8571428571428571},
      {0, 4, 77, "c:b4", "search", 0.59999999999999998},
      {0, 9, 1, "b:e9", "search", 0.80000000000000004},
      {0, 9, 77, "c:h6", "search", 0.5},
      {1, 0, 1, "k4", "search", 0.59999999999999998},
      {1, 0, 77, "a1", "search", 0.75},
      {1, 1, 1, "f4", "search", 0.80000000000000004},
      {1, 1, 77, "e8", "search", 0.75},
      {1, 4, 1, "e6", "search", 1},
      {1, 4, 77, "i11", "search", 0.40000000000000002},
      {1, 9, 1, "j7", "search", 0.5},
      {1, 9, 77, "j4", "search", 0.59999999999999998},
      {2, 0, 1, "f12", "search", 0.81818181818181823},
      {2, 0, 77, "f15", "search", 0.55555555555555558},
      {2, 1, 1, "e17", "search", 0.75},
      {2, 1, 77, "swap", "search", 0.59999999999999998},
      {2, 4, 1, "f18", "search", 0.69999999999999996},
      {2, 4, 77, "f17", "search", 0.5714285714285714},
      {2, 9, 1, "b3", "search", 0.59999999999999998},
      {2, 9, 77, "f3", "search", 0.41666666666666669},
      {3, 0, 1, "c:b5", "search", 0.38709677419354838},
      {3, 0, 77, "b:b3", "search", 0.57894736842105265},
      {3, 1, 1, "b:b3", "search", 0.88888888888888884},
      {3, 1, 77, "a:e1", "search", 0.80952380952380953},
      {3, 4, 1, "b:a6", "search", 0.375},
      {3, 4, 77, "c:c4", "search", 0.22727272727272727},
      {3, 9, 1, "a:e1", "search", 0.90476190476190477},
      {3, 9, 77, "b:c4", "search", 0.92592592592592593},
      {4, 0, 1, "a:b1", "search", 0.7142857142857143},
      {4, 0, 77, "c:d4", "search", 0.80000000000000004},
      {4, 1, 1, "e:b2", "search", 0.7142857142857143},
      {4, 1, 77, "d:e1", "search", 0.63636363636363635},
      {4, 4, 1, "c:c2", "search", 0.73333333333333328},
      {4, 4, 77, "d:c1", "search", 0.81818181818181823},
      {4, 9, 1, "d:e2", "search", 0.7142857142857143},
      {4, 9, 77, "e:e5", "search", 0.66666666666666663},
      {5, 0, 1, "c:a1", "search", 0.5714285714285714},
      {5, 0, 77, "a:d1", "search", 0.625},
      {5, 1, 1, "f:b4", "search", 0.7142857142857143},
      {5, 1, 77, "a:b3", "search", 0.83333333333333337},
      {5, 4, 1, "d:c4", "search", 0.83333333333333337},
      {5, 4, 77, "f:d7", "search", 0.66666666666666663},
      {5, 9, 1, "c:c4", "search", 0.66666666666666663},
      {5, 9, 77, "a:c3", "search", 0.81818181818181823},
      {6, 0, 1, "f:a1", "search", 0.88235294117647056},
      {6, 0, 77, "f:b1", "search", 0.80000000000000004},
      {6, 1, 1, "c:b1", "search", 0.92982456140350878},
      {6, 1, 77, "b:b3", "search", 0.80487804878048785},
      {6, 4, 1, "c:a4", "search", 0.30158730158730157},
      {6, 4, 77, "c:a4", "search", 0.41346153846153844},
      {7, 0, 1, "e4", "search", 0.75},
      {7, 0, 77, "d4", "search", 0.66666666666666663},
      {7, 1, 1, "swap", "search", 0.61702127659574468},
      {7, 1, 77, "swap", "search", 0.6767676767676768},
      {7, 4, 1, "d5", "search", 0.86363636363636365},
      {7, 4, 77, "d4", "search", 0.68421052631578949},
      {7, 9, 1, "c1", "search", 0.70270270270270274},
      {7, 9, 77, "d4", "search", 0.62857142857142856},
      {8, 0, 1, "p5", "search", 0.875},
      {8, 0, 77, "i13", "search", 0.66666666666666663},
      {8, 1, 1, "j11", "search", 0.66666666666666663},
      {8, 1, 77, "a1", "search", 1},
      {8, 4, 1, "e10", "search", 0.66666666666666663},
      {8, 4, 77, "a4", "search", 1},
      {8, 9, 1, "k11", "search", 1},
      {8, 9, 77, "l8", "search", 0.33333333333333331},
      {9, 0, 1, "b4", "search", 0.56521739130434778},
      {9, 0, 77, "d4", "search", 0.6470588235294118},
      {9, 1, 1, "d6", "search", 0.43478260869565216},
      {9, 1, 77, "b4", "search", 0.4838709677419355},
      {9, 4, 1, "a1", "search", 0.74576271186440679},
      {9, 4, 77, "a1", "search", 0.74285714285714288},
      {9, 9, 1, "c4", "search", 0.14893617021276595},
      {9, 9, 77, "c4", "search", 0.16981132075471697},
      {10, 0, 1, "c1", "search", 1},
      {10, 0, 77, "j27", "search", 1},
      {10, 1, 1, "j30", "search", 0},
      {10, 1, 77, "f16", "search", 0.59999999999999998},
      {10, 4, 1, "d2", "search", 1},
      {10, 4, 77, "j26", "search", 0.75},
      {10, 9, 1, "j20", "search", 0.25},
      {10, 9, 77, "d13", "search", 0.66666666666666663},
  };
  return all;
}

// The playout as it was before ply codes: strings from legal_plies(), numbered through a
// MoveTable, played with play(). Returns the plies played, as text.
std::vector<std::string> string_playout(Game& game, bot::MoveTable& moves, bot::Rng& rng) {
  std::vector<std::string> played;
  std::vector<int> candidates;
  auto refill = [&] {
    candidates.clear();
    for (const std::string& ply : game.legal_plies()) candidates.push_back(moves.id(ply));
  };
  refill();
  while (!game.over()) {
    if (candidates.empty()) {
      refill();
      if (candidates.empty()) break;
    }
    const std::size_t pick = rng.below(static_cast<std::uint32_t>(candidates.size()));
    const int id = candidates[pick];
    candidates[pick] = candidates.back();
    candidates.pop_back();
    if (game.play(moves.text(id)).ok) played.push_back(moves.text(id));
  }
  return played;
}

}  // namespace

TEST_CASE("playout identity: the coded playouts play what the string playouts played, from the same seed",
          "[bot][playout]") {
  int compared = 0;
  for (std::size_t s = 0; s < identity_setups().size(); ++s) {
    const Setup& setup = identity_setups()[s];
    // One table each for the whole setup, as in a search: numbers stay in step across playouts.
    bot::MoveTable old_moves, new_moves;
    std::vector<bot::PlayedMove> played;
    std::vector<int> candidates;
    auto scratch = create_game(setup.game, setup.options);
    for (int trial = 0; trial < 40; ++trial) {
      const auto position = position_after(setup, trial % 13, 7000 + 100 * s + static_cast<std::uint64_t>(trial));
      const std::uint64_t seed = 31 * static_cast<std::uint64_t>(trial) + s;
      auto old_game = position->clone();
      bot::Rng old_rng(seed);
      const std::vector<std::string> old_plies = string_playout(*old_game, old_moves, old_rng);

      // The search's way: the scratch game reset in place, the caller's buffers.
      scratch->assign(*position);
      bot::Rng new_rng(seed);
      played.clear();
      bot::random_playout(*scratch, new_moves, new_rng, played, candidates);
      std::vector<std::string> new_plies;
      for (const bot::PlayedMove& move : played) {
        new_plies.push_back(new_moves.text(move.id));
        CHECK(old_moves.id(new_moves.text(move.id)) == move.id);  // numbered alike
      }
      INFO(setup.game << " " << position->options_text() << " trial " << trial);
      REQUIRE(new_plies == old_plies);
      CHECK(scratch->record() == old_game->record());
      CHECK(scratch->winner() == old_game->winner());
      CHECK(bot::winning_seat(*scratch) == bot::winning_seat(*old_game));
      CHECK(new_rng.next() == old_rng.next());  // the same number of draws
      ++compared;
    }
  }
  CHECK(compared >= 400);
}

TEST_CASE("playout identity: ply codes list and play what legal_plies() and play() do", "[bot][playout]") {
  for (std::size_t s = 0; s < identity_setups().size(); ++s) {
    const Setup& setup = identity_setups()[s];
    for (int depth = 0; depth < 30; depth += 3) {
      const auto position = position_after(setup, depth, 300 + s);
      std::vector<int> codes;
      position->legal_ply_codes(codes);
      std::vector<std::string> texts;
      for (int code : codes) texts.push_back(position->ply_text(code));
      INFO(setup.game << " " << position->options_text() << " depth " << depth);
      REQUIRE(texts == position->legal_plies());
      // Codes across the whole range, legal or not, do what their texts do.
      for (int code = 0; code < position->ply_code_count(); code += 1 + code % 3) {
        auto by_code = position->clone();
        auto by_text = position->clone();
        CHECK(by_code->play_code(code) == by_text->play(position->ply_text(code)).ok);
        CHECK(by_code->state_json() == by_text->state_json());
        CHECK(by_code->swapped() == by_text->swapped());
      }
    }
  }
}

TEST_CASE("playout identity: choose_ply chooses what it chose with the string playouts", "[bot][playout]") {
  for (const RecordedChoice& expected : recorded_choices()) {
    const auto game = position_after(identity_setups()[static_cast<std::size_t>(expected.setup)], expected.depth,
                                     1000 + static_cast<std::uint64_t>(expected.setup));
    const bot::Choice choice = bot::choose_ply(*game, bot::SearchLimits{kChoicePlayouts, expected.seed});
    INFO("setup " << expected.setup << " depth " << expected.depth << " seed " << expected.seed);
    CHECK(choice.ply == expected.ply);
    CHECK(choice.reason == expected.reason);
    CHECK(choice.win_rate == expected.win_rate);
  }
  CHECK(recorded_choices().size() >= 80);
}

TEST_CASE("playout identity: print the choices of the table below", "[.record]") {
  for (std::size_t s = 0; s < identity_setups().size(); ++s) {
    for (int depth : kChoiceDepths) {
      auto game = position_after(identity_setups()[s], depth, 1000 + s);
      if (game->over()) continue;
      for (std::uint64_t seed : kChoiceSeeds) {
        const bot::Choice choice = bot::choose_ply(*game, bot::SearchLimits{kChoicePlayouts, seed});
        std::printf("      {%zu, %d, %llu, \"%s\", \"%s\", %.17g},\n", s, depth,
                    static_cast<unsigned long long>(seed), choice.ply.c_str(), choice.reason.c_str(),
                    choice.win_rate);
      }
    }
  }
}

namespace {

// The reviewed games: `kReviewPlies` random plies of each default board.
constexpr int kReviewPlies = 10;
constexpr int kReviewPlayouts = 200;

std::vector<bot::RecordedPly> random_record(const Setup& setup) {
  auto game = position_after(setup, kReviewPlies, 4242);
  std::vector<bot::RecordedPly> record;
  auto replay = create_game(setup.game, setup.options);
  for (const std::string& ply : game->record()) {
    record.push_back({ply, replay->to_move()});
    REQUIRE(replay->play(ply).ok);
  }
  return record;
}

struct RecordedReview {
  int setup;
  int number;
  const char* move;
  double first_win;
  const char* best;
  double best_win;
};

// Recorded with the string-based playouts (commit fecbdc4), by "[.record]" below.
const std::vector<RecordedReview>& recorded_reviews() {
  static const std::vector<RecordedReview> all{
      {0, 1, "c:g5", 0.5, "a:h5", 1},
      {0, 2, "c:a4", 0.80000000000000004, "c:f3", 0.5},
      {0, 3, "c:d7", 0.40000000000000002, "a:c2", 0.80000000000000004},
      {0, 4, "c:h4", 0.80000000000000004, "c:f6", 0.40000000000000002},
      {0, 5, "a:e6", 0.19999999999999996, "c:h2", 0.80000000000000004},
      {0, 6, "a:c3", 0.75, "b:b2", 0.19999999999999996},
      {0, 7, "a:e2", 0, "b:d6", 0.75},
      {0, 8, "b:i3", 0.66666666666666663, "b:i2", 0},
      {0, 9, "b:g3", 0.16666666666666663, "c:a1", 0.66666666666666663},
      {0, 10, "c:f4", 1, "b:f3", 0.16666666666666663},
      {1, 1, "j7", 0, "j6", 0.66666666666666663},
      {1, 2, "b1", 1, "g5", 0},
      {1, 3, "f7", 0, "i6", 1},
      {1, 4, "k9", 1, "f4", 0},
      {1, 5, "g8", 0.33333333333333337, "f9", 1},
      {1, 6, "d4", 1, "d3", 0.33333333333333337},
      {1, 7, "f12", 0, "e3", 1},
      {1, 8, "m2", 1, "i6", 0},
      {1, 9, "j4", 0.40000000000000002, "g12", 1},
      {1, 10, "h12", 0.75, "k2", 0.40000000000000002},
      {2, 1, "f3", 0, "b4", 0.66666666666666663},
      {2, 2, "b4", 0.69999999999999996, "b5", 0},
      {2, 3, "d11", 0, "f14", 0.69999999999999996},
      {2, 4, "f9", 0.2857142857142857, "d5", 0},
      {2, 5, "d18", 0.5, "f13", 0.2857142857142857},
      {2, 6, "c9", 0.5, "f14", 0.5},
      {2, 7, "d13", 0.125, "f1", 0.5},
      {2, 8, "f15", 0.625, "f10", 0.125},
      {2, 9, "e16", 0.625, "f16", 0.625},
      {2, 10, "e8", 0.66666666666666663, "f8", 0.625},
  };
  return all;
}

}  // namespace

TEST_CASE("playout identity: a review gives the chances it gave with the string playouts", "[bot][playout][review]") {
  std::size_t row = 0;
  for (std::size_t s = 0; s < 3; ++s) {
    const Setup& setup = identity_setups()[s];
    const auto start = create_game(setup.game, setup.options);
    const bot::Review review = bot::review_game(*start, random_record(setup), kReviewPlayouts, 5);
    for (const bot::PlyReview& ply : review.plies) {
      REQUIRE(row < recorded_reviews().size());
      const RecordedReview& expected = recorded_reviews()[row++];
      INFO(setup.game << " ply " << ply.number);
      CHECK(static_cast<int>(s) == expected.setup);
      CHECK(ply.number == expected.number);
      CHECK(ply.move == expected.move);
      CHECK(ply.first_win == expected.first_win);
      CHECK(ply.best == expected.best);
      CHECK(ply.best_win == expected.best_win);
    }
  }
  CHECK(row == recorded_reviews().size());
}

TEST_CASE("playout identity: print the reviews of the table below", "[.record]") {
  for (std::size_t s = 0; s < 3; ++s) {
    const Setup& setup = identity_setups()[s];
    const auto start = create_game(setup.game, setup.options);
    const bot::Review review = bot::review_game(*start, random_record(setup), kReviewPlayouts, 5);
    for (const bot::PlyReview& ply : review.plies)
      std::printf("      {%zu, %d, \"%s\", %.17g, \"%s\", %.17g},\n", s, ply.number, ply.move.c_str(), ply.first_win,
                  ply.best.c_str(), ply.best_win);
  }
}
