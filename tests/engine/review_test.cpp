// The computer's review of a finished game (engine/bot/review): missed wins are exactly the
// plies that would have won at once by the rules, a finished game's last chance is exact,
// the same seed gives the same review, and every chance and turning point keeps its bounds.
//
// Missed wins are checked against the rules themselves: every legal ply is tried on a copy
// of the position with Game::play, never through the bot's tactics code, and the games are
// scripted on small boards where the winning plies are known (each script's comments say
// which, and the test checks them before reviewing).
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/bot/mcts.h"
#include "engine/bot/review.h"
#include "engine/bot/rng.h"
#include "engine/bot/tactics.h"
#include "engine/registry.h"

using namespace pbem;
using bot::RecordedPly;

namespace {

// Small enough that a review of a 30-ply game takes a few milliseconds.
constexpr int kPlayouts = 100;

struct RecordedGame {
  std::string game;
  std::vector<std::string> options;
  std::vector<RecordedPly> plies;

  std::unique_ptr<Game> start() const { return create_game(game, options); }
  // The position before each ply, and the final one last; every ply must be legal.
  std::vector<std::unique_ptr<Game>> positions() const {
    std::vector<std::unique_ptr<Game>> all;
    all.push_back(start());
    for (const RecordedPly& ply : plies) {
      auto next = all.back()->clone();
      INFO("ply " << all.size() << ": " << ply.move);
      REQUIRE(!next->over());
      REQUIRE((ply.move == "resign" ? next->resign(ply.colour) : next->play(ply.move)).ok);
      all.push_back(std::move(next));
    }
    return all;
  }
};

// The plies as the server stores them: each by the colour to move.
std::vector<RecordedPly> in_turn(const Game& start, const std::vector<std::string>& moves) {
  auto game = start.clone();
  std::vector<RecordedPly> plies;
  for (const std::string& move : moves) {
    plies.push_back({move, game->to_move()});
    INFO("ply " << plies.size() << ": " << move);
    REQUIRE(game->play(move).ok);
  }
  return plies;
}

RecordedGame scripted(const std::string& game, const std::vector<std::string>& options,
                      const std::vector<std::string>& moves) {
  RecordedGame recorded{game, options, {}};
  recorded.plies = in_turn(*recorded.start(), moves);
  return recorded;
}

bot::Review review_of(const RecordedGame& recorded, int playouts = kPlayouts, std::uint64_t seed = 11) {
  return bot::review_game(*recorded.start(), recorded.plies, playouts, seed);
}

// By the rules: every ply (one spelling each, Game::ply_identity) after which the mover has
// won at once.
std::set<std::string> winning_plies(const Game& position) {
  std::set<std::string> winning;
  for (const std::string& ply : position.legal_plies()) {
    auto after = position.clone();
    if (after->play(ply).ok && after->winner() == position.to_move()) winning.insert(position.ply_identity(ply));
  }
  return winning;
}

// By the rules: the wins the player of `ply` missed in `position`. A player who resigns out
// of turn had no ply to play, and one who played a winning ply missed nothing.
std::set<std::string> expected_missed_wins(const Game& position, const RecordedPly& ply) {
  if (ply.move == "resign" && ply.colour != position.to_move()) return {};
  std::set<std::string> winning = winning_plies(position);
  if (ply.move != "resign" && winning.count(position.ply_identity(ply.move))) return {};
  return winning;
}

// The review's missed wins of one ply as one spelling each; a ply named twice fails.
std::set<std::string> identities(const Game& position, const std::vector<std::string>& plies) {
  std::set<std::string> named;
  for (const std::string& ply : plies) {
    INFO("missed win " << ply);
    CHECK(named.insert(position.ply_identity(ply)).second);
  }
  return named;
}

// Every ply's missed wins against the rules; returns the numbers of the plies that had any.
std::vector<int> check_missed_wins(const RecordedGame& recorded, const bot::Review& review) {
  const auto positions = recorded.positions();
  REQUIRE(review.plies.size() == recorded.plies.size());
  std::vector<int> with_missed_wins;
  for (std::size_t i = 0; i < recorded.plies.size(); ++i) {
    INFO("ply " << i + 1 << ": " << recorded.plies[i].move);
    const std::set<std::string> expected = expected_missed_wins(*positions[i], recorded.plies[i]);
    CHECK(identities(*positions[i], review.plies[i].missed_wins) == expected);
    if (!expected.empty()) with_missed_wins.push_back(static_cast<int>(i) + 1);
  }
  return with_missed_wins;
}

// Plays on from `moves` until the game ends: a winning ply when the mover has one, else the
// first legal ply (no random source, so the game is the same on every run).
RecordedGame played_out(const std::string& game, const std::vector<std::string>& options,
                        std::vector<std::string> moves) {
  auto position = create_game(game, options);
  for (const std::string& move : moves) REQUIRE(position->play(move).ok);
  while (!position->over()) {
    const std::set<std::string> winning = winning_plies(*position);
    const std::string move = winning.empty() ? position->legal_plies().front() : *winning.begin();
    REQUIRE(position->play(move).ok);
    moves.push_back(move);
  }
  return scripted(game, options, moves);
}

// Chances in [0, 1]; at most kMostTurningPoints turning points, the largest drop first, each
// a drop of at least kTurningPointDrop by a ply the computer would not have played.
void check_bounds(const RecordedGame& recorded, const bot::Review& review) {
  const auto start = recorded.start();
  for (const bot::PlyReview& ply : review.plies) {
    INFO("ply " << ply.number);
    CHECK(ply.first_win >= 0.0);
    CHECK(ply.first_win <= 1.0);
    CHECK(ply.best_win >= 0.0);
    CHECK(ply.best_win <= 1.0);
  }
  CHECK(review.turning_points.size() <= static_cast<std::size_t>(bot::kMostTurningPoints));
  for (std::size_t i = 0; i < review.turning_points.size(); ++i) {
    const bot::TurningPoint& point = review.turning_points[i];
    INFO("turning point at ply " << point.number);
    CHECK(point.drop >= bot::kTurningPointDrop);
    CHECK(point.drop <= 1.0);
    CHECK(start->ply_identity(point.best) != start->ply_identity(point.played));
    REQUIRE(point.number >= 1);
    REQUIRE(point.number <= static_cast<int>(review.plies.size()));
    CHECK(review.plies[static_cast<std::size_t>(point.number - 1)].move == point.played);
    if (i > 0) CHECK(review.turning_points[i - 1].drop >= point.drop);
  }
}

// The first player's chance once the game is decided: 1 if the user of ply 1 won.
double first_player_result(const RecordedGame& recorded) {
  const auto positions = recorded.positions();
  const Game& final_position = *positions.back();
  REQUIRE(final_position.over());
  const int winning_seat = *final_position.winner() ^ (final_position.swapped() ? 1 : 0);
  return winning_seat == 0 ? 1.0 : 0.0;
}

// HY 3 size 3 (19 cells, 12 of them on the perimeter: a1 a2 a3 b4 c5 d4 e3 e2 e1 d1 c1 b1
// clockwise). After ply 10 red's group a1 b1 b2 c3 d3 holds the edge cells a1 and b1;
// joining e3 or d4 to it spans 7 of the 12 perimeter cells (more than half: a win), e2 only
// 6 (exactly half: illegal). Red plays c2 at ply 11 instead, blue takes e3, red wins at d4.
const std::vector<std::string> kHy3MissedWin{"a1", "c5", "b1", "e1", "b2", "a3", "c3",
                                             "c1", "d3", "d2", "c2", "e3", "d4"};
constexpr std::size_t kHy3MissedWinPly = 11;

// HY 3 size 3 again: red's chain a1 b2 c3 d3 threatens only e3 (d4 and e2 would span
// exactly half), and red takes it at ply 9; no ply before had a win.
const std::vector<std::string> kHy3WinTaken{"a1", "c1", "b2", "c5", "c3", "e1", "d3", "a3", "e3"};

}  // namespace

TEST_CASE("review: a missed win is named with every ply that won at once, and no other ply has one",
          "[review]") {
  const RecordedGame recorded = scripted("hy3", {"-size=3"}, kHy3MissedWin);
  const auto positions = recorded.positions();
  // The script holds what its comment says, by the rules and by the bot's tactics alike.
  const Game& before = *positions[kHy3MissedWinPly - 1];
  REQUIRE(winning_plies(before) == std::set<std::string>{"d4", "e3"});
  for (const std::string& ply : before.legal_plies())
    CHECK(bot::wins_at_once(before, ply) == (ply == "d4" || ply == "e3"));
  REQUIRE(positions.back()->winner() == 0);

  const bot::Review review = review_of(recorded);
  auto missed = review.plies[kHy3MissedWinPly - 1].missed_wins;
  std::sort(missed.begin(), missed.end());
  CHECK(missed == std::vector<std::string>{"d4", "e3"});
  // Ply 13 took the win that remained, so only ply 11 missed one.
  CHECK(check_missed_wins(recorded, review) == std::vector<int>{static_cast<int>(kHy3MissedWinPly)});
  CHECK(review.plies.back().first_win == 1.0);
  check_bounds(recorded, review);
}

TEST_CASE("review: a game where every win was taken has no missed win", "[review]") {
  const RecordedGame recorded = scripted("hy3", {"-size=3"}, kHy3WinTaken);
  const bot::Review review = review_of(recorded);
  CHECK(check_missed_wins(recorded, review).empty());
  for (const bot::PlyReview& ply : review.plies) CHECK(ply.missed_wins.empty());
  CHECK(review.plies.back().first_win == 1.0);
  check_bounds(recorded, review);
}

TEST_CASE("review: a missed Gaia edge pair is named once, by either of its labels", "[review]") {
  // Gaia size 2 without swap, edge cells d1-d12 paired d1-d7, d2-d8, ... After ply 17 white
  // wins at once on the pair d1-d7 (either label plays it); it plays c2, and the game is
  // played on to its end.
  const std::vector<std::string> before_win{"d9", "c9", "a1", "c10", "b3", "d4", "d5", "b1", "d8",
                                            "c8", "d6", "c1", "b2",  "b4", "c4", "b6", "c6"};
  {
    auto position = create_game("gaia", {"-size=2", "-noswap"});
    for (const std::string& move : before_win) REQUIRE(position->play(move).ok);
    REQUIRE(winning_plies(*position) == std::set<std::string>{"d1"});
    REQUIRE(position->ply_identity("d7") == "d1");
    CHECK(bot::wins_at_once(*position, "d7"));
  }
  std::vector<std::string> moves = before_win;
  moves.push_back("c2");
  const RecordedGame missed = played_out("gaia", {"-size=2", "-noswap"}, moves);
  const bot::Review review = review_of(missed);
  CHECK(review.plies[17].missed_wins.size() == 1);
  const std::vector<int> with_missed_wins = check_missed_wins(missed, review);
  CHECK(std::find(with_missed_wins.begin(), with_missed_wins.end(), 18) != with_missed_wins.end());
  CHECK(review.plies.back().first_win == first_player_result(missed));
  check_bounds(missed, review);

  // Played with the other label, the win is the ply played: nothing missed.
  moves.back() = "d7";
  const RecordedGame taken = scripted("gaia", {"-size=2", "-noswap"}, moves);
  const bot::Review taken_review = review_of(taken);
  CHECK(taken_review.plies.back().missed_wins.empty());
  CHECK(check_missed_wins(taken, taken_review).empty());
  CHECK(taken_review.plies.back().first_win == 0.0);  // white, the second player, won
}

TEST_CASE("review: the same game, budget and seed give the same review", "[review]") {
  const RecordedGame recorded = played_out("gates", {"-cross", "-size=3"}, {});
  const bot::Review first = review_of(recorded, 60, 5);
  const bot::Review second = review_of(recorded, 60, 5);
  REQUIRE(first.plies.size() == second.plies.size());
  for (std::size_t i = 0; i < first.plies.size(); ++i) {
    INFO("ply " << i + 1);
    CHECK(first.plies[i].first_win == second.plies[i].first_win);
    CHECK(first.plies[i].best_win == second.plies[i].best_win);
    CHECK(first.plies[i].best == second.plies[i].best);
    CHECK(first.plies[i].missed_wins == second.plies[i].missed_wins);
  }
  REQUIRE(first.turning_points.size() == second.turning_points.size());
  for (std::size_t i = 0; i < first.turning_points.size(); ++i) {
    CHECK(first.turning_points[i].number == second.turning_points[i].number);
    CHECK(first.turning_points[i].best == second.turning_points[i].best);
    CHECK(first.turning_points[i].drop == second.turning_points[i].drop);
  }
}

TEST_CASE("review: the last ply of a decided game gives the first player's chance exactly", "[review]") {
  SECTION("won on the board by the first player") {
    const RecordedGame recorded = scripted("hy3", {"-size=3"}, kHy3WinTaken);
    CHECK(review_of(recorded).plies.back().first_win == 1.0);
  }
  SECTION("won on the board by the second player") {
    // Red's chain a1 b2 c3 d3 is blue's to finish here: blue plays the same cells one ply
    // later, red wanders, and blue wins at e3.
    const RecordedGame recorded = scripted("hy3", {"-size=3"}, {"c1", "a1", "c5", "b2", "e1", "c3", "a3", "d3", "b4", "e3"});
    REQUIRE(first_player_result(recorded) == 0.0);
    CHECK(review_of(recorded).plies.back().first_win == 0.0);
  }
  SECTION("won after a swap: the first player holds the second colour") {
    // Ply 1's user swaps into blue; red (the other user) then builds a1 b2 c3 d3 e3.
    const RecordedGame recorded =
        scripted("hy3", {"-size=3", "-swap"}, {"a1", "swap", "c1", "b2", "c5", "c3", "e1", "d3", "a3", "e3"});
    const auto positions = recorded.positions();
    REQUIRE(positions.back()->swapped());
    REQUIRE(positions.back()->winner() == 0);  // red: the user of ply 2
    const bot::Review review = review_of(recorded);
    CHECK(review.plies.back().first_win == 0.0);
    CHECK(review.plies[1].seat == 1);
    check_bounds(recorded, review);
  }
  // Before ply 9 red (to move) wins at e3 (kHy3WinTaken).
  RecordedGame resigned = scripted("hy3", {"-size=3"}, std::vector<std::string>(kHy3WinTaken.begin(), kHy3WinTaken.end() - 1));
  SECTION("a resignation by the colour to move, with a win on the board: a missed win") {
    resigned.plies.push_back({"resign", 0});
    const bot::Review review = review_of(resigned);
    CHECK(review.plies.back().first_win == 0.0);
    CHECK(review.plies.back().seat == 0);
    CHECK(review.plies.back().missed_wins == std::vector<std::string>{"e3"});
    CHECK(check_missed_wins(resigned, review) == std::vector<int>{9});
    check_bounds(resigned, review);
  }
  SECTION("a resignation by the colour not to move: no ply of its own to miss") {
    resigned.plies.push_back({"resign", 1});
    const bot::Review review = review_of(resigned);
    CHECK(review.plies.back().first_win == 1.0);
    CHECK(review.plies.back().seat == 1);
    CHECK(review.plies.back().missed_wins.empty());
    CHECK(check_missed_wins(resigned, review).empty());
    check_bounds(resigned, review);
  }
  SECTION("a resignation out of turn after a swap is the resigner's loss") {
    // Ply 1's user swapped into blue (colour 1) and is to move at ply 3; red, the other
    // user, resigns out of turn.
    const RecordedGame recorded{"hy3", {"-size=3", "-swap"}, {{"a1", 0}, {"swap", 1}, {"resign", 0}}};
    const bot::Review review = review_of(recorded);
    CHECK(review.plies.back().seat == 1);
    CHECK(review.plies.back().first_win == 1.0);
    CHECK(review.plies.back().missed_wins.empty());
  }
}

TEST_CASE("review: chances and turning points keep their bounds in random games", "[review]") {
  // Random plies blunder often, so these games hold turning points for the checks to see.
  struct Setup {
    std::string game;
    std::vector<std::string> options;
  };
  const std::vector<Setup> setups{{"hy3", {"-size=4"}},
                                  {"gaia", {"-size=2"}},
                                  {"gates", {"-cross", "-size=3"}},
                                  {"gates", {"-y", "-size=4"}}};
  std::size_t turning_points = 0;
  for (const Setup& setup : setups) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      INFO(setup.game << " seed " << seed);
      RecordedGame recorded{setup.game, setup.options, {}};
      auto position = recorded.start();
      bot::Rng rng(seed);
      std::vector<std::string> moves;
      while (!position->over()) {
        const auto legal = position->legal_plies();
        moves.push_back(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        REQUIRE(position->play(moves.back()).ok);
      }
      recorded.plies = in_turn(*recorded.start(), moves);
      const bot::Review review = review_of(recorded, 60, seed);
      check_bounds(recorded, review);
      check_missed_wins(recorded, review);
      CHECK(review.plies.back().first_win == first_player_result(recorded));
      turning_points += review.turning_points.size();
    }
  }
  CHECK(turning_points > 0);
}

TEST_CASE("review: a ply the rules refuse and a budget out of range are refused", "[review]") {
  const RecordedGame recorded = scripted("hy3", {"-size=3"}, {"a1"});
  CHECK_THROWS_AS(bot::review_game(*recorded.start(), {{"a1", 0}, {"a1", 1}}, kPlayouts, 1), std::invalid_argument);
  CHECK_THROWS_AS(bot::review_game(*recorded.start(), recorded.plies, 0, 1), std::invalid_argument);
  CHECK_THROWS_AS(bot::review_game(*recorded.start(), recorded.plies, bot::kMaxPlayouts + 1, 1),
                  std::invalid_argument);
}
