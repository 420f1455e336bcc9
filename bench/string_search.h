// The computer's search as it was before ply codes (commit fecbdc4): the same UCT with
// RAVE as engine/bot/mcts.cpp, but every playout on a fresh clone, on legal_plies() strings
// numbered through a MoveTable and played with Game::play(). review_bench plays it against
// today's search at equal playouts: identical playouts make identical games, so the win
// rate must come out at exactly 50% (each pairing is played twice, starts exchanged).
// Kept as it was; only the names moved into namespace bench_reference.
#pragma once

#include <cmath>
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/bot/mcts.h"
#include "engine/bot/move_table.h"
#include "engine/bot/playout.h"
#include "engine/bot/rng.h"
#include "engine/bot/tactics.h"

namespace bench_reference {

using namespace pbem;
using namespace pbem::bot;

// The old random_playout (engine/bot/playout.cpp at fecbdc4).
inline void string_playout(Game& game, MoveTable& moves, Rng& rng, std::vector<PlayedMove>& played) {
  std::vector<int> candidates;
  auto refill = [&] {
    candidates.clear();
    for (const std::string& ply : game.legal_plies()) candidates.push_back(moves.id(ply));
  };
  refill();
  while (!game.over()) {
    if (candidates.empty()) {
      refill();
      if (candidates.empty()) return;
    }
    const std::size_t pick = rng.below(static_cast<std::uint32_t>(candidates.size()));
    const int id = candidates[pick];
    candidates[pick] = candidates.back();
    candidates.pop_back();
    const int seat = seat_to_move(game);
    if (game.play(moves.text(id)).ok) played.push_back({id, seat});
  }
}

namespace detail {

// Tuned on the benchmark (bench/bot_bench.cpp): RAVE's weight is beta =
// sqrt(k / (3 n + k)), with k the visits at which real and RAVE values weigh the same.
constexpr double kRaveEquivalence = 300.0;
constexpr double kExploration = 0.25;
// A leaf gets children once it was visited this often: it keeps the tree (and memory) in
// proportion to the budget on boards with hundreds of plies.
constexpr int kExpandAfter = 2;

// 32 bytes: the tree holds one per ply of every expanded position. Win counts are floats,
// exact for whole numbers up to 2^24, far above kMaxPlayouts.
struct Node {
  std::int32_t move = -1;         // MoveTable id of the ply leading here
  std::int32_t first_child = -1;  // children are contiguous in the pool
  std::int32_t child_count = 0;
  std::int32_t visits = 0;
  float wins = 0;                 // for `seat`, the player who chose `move`
  std::int32_t rave_visits = 0;
  float rave_wins = 0;
  std::int8_t seat = 0;
  bool expanded = false;
};
static_assert(sizeof(Node) == 32);

class Search {
 public:
  Search(const Game& root, std::uint64_t seed) : root_(root), rng_(seed) { nodes_.emplace_back(); }

  void expand_root(const std::vector<std::string>& plies) { expand(0, plies, seat_to_move(root_)); }

  void run_one() {
    auto game = root_.clone();
    path_.assign(1, 0);
    played_.clear();
    int node = 0;
    while (!game->over()) {
      if (!nodes_[node].expanded) {
        if (nodes_[node].visits + 1 < kExpandAfter) break;
        expand(node, game->legal_plies(), seat_to_move(*game));
        if (nodes_[node].child_count == 0) break;
      }
      const int child = select(node);
      const int seat = seat_to_move(*game);
      if (!game->play(moves_.text(nodes_[child].move)).ok)
        throw std::logic_error("bot: a ply of the search tree was refused: " + moves_.text(nodes_[child].move));
      played_.push_back({nodes_[child].move, seat});
      path_.push_back(child);
      node = child;
    }
    string_playout(*game, moves_, rng_, played_);
    update(winning_seat(*game));
  }

  const Node& node(int index) const { return nodes_[static_cast<std::size_t>(index)]; }
  const std::string& text(int move) const { return moves_.text(move); }

 private:
  void expand(int index, const std::vector<std::string>& plies, int seat) {
    const int first = static_cast<int>(nodes_.size());
    for (const std::string& ply : plies) {
      Node child;
      child.move = moves_.id(ply);
      child.seat = static_cast<std::int8_t>(seat);
      nodes_.push_back(child);
    }
    Node& node = nodes_[static_cast<std::size_t>(index)];
    node.first_child = first;
    node.child_count = static_cast<int>(plies.size());
    node.expanded = true;
  }

  int select(int index) const {
    const Node& parent = node(index);
    const double log_visits = std::log(static_cast<double>(parent.visits) + 1.0);
    int best = parent.first_child;
    double best_score = -1.0;
    for (int c = parent.first_child; c < parent.first_child + parent.child_count; ++c) {
      const Node& child = node(c);
      const double value = child.visits > 0 ? double(child.wins) / child.visits : 0.5;
      const double rave = child.rave_visits > 0 ? double(child.rave_wins) / child.rave_visits : 0.5;
      const double beta = std::sqrt(kRaveEquivalence / (3.0 * child.visits + kRaveEquivalence));
      const double score = (1.0 - beta) * value + beta * rave +
                           kExploration * std::sqrt(log_visits / (child.visits + 1.0));
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  void update(int winner) {
    // Where each ply of this playout was played and by whom (a ply is played at most once
    // per game: its cell is taken).
    when_.resize(static_cast<std::size_t>(moves_.size()), -1);
    for (std::size_t k = 0; k < played_.size(); ++k) when_[static_cast<std::size_t>(played_[k].id)] = static_cast<int>(k);

    for (std::size_t depth = 0; depth < path_.size(); ++depth) {
      Node& node = nodes_[static_cast<std::size_t>(path_[depth])];
      ++node.visits;
      if (node.seat == winner) node.wins += 1.0f;
      for (int c = node.first_child; node.expanded && c < node.first_child + node.child_count; ++c) {
        Node& child = nodes_[static_cast<std::size_t>(c)];
        const int k = when_[static_cast<std::size_t>(child.move)];
        if (k < static_cast<int>(depth) || played_[static_cast<std::size_t>(k)].seat != child.seat) continue;
        ++child.rave_visits;
        if (child.seat == winner) child.rave_wins += 1.0f;
      }
    }
    for (const PlayedMove& move : played_) when_[static_cast<std::size_t>(move.id)] = -1;
  }

  const Game& root_;
  Rng rng_;
  MoveTable moves_;
  // A deque, not a vector: it grows without copying the tree and without the spare half
  // a vector keeps, and the indices (children are consecutive ones) stay valid.
  std::deque<Node> nodes_;
  std::vector<int> path_;
  std::vector<PlayedMove> played_;
  std::vector<int> when_;
};

}  // namespace detail

inline Choice string_choose_ply(const Game& game, const SearchLimits& limits) {
  if (game.over()) throw std::invalid_argument("the game is over: there is no move to choose");
  if (limits.playouts < 1 || limits.playouts > kMaxPlayouts)
    throw std::invalid_argument("the playout budget must be 1 to " + std::to_string(kMaxPlayouts));

  const std::vector<std::string> legal = game.legal_plies();
  if (legal.empty()) throw std::invalid_argument("there is no legal ply in this position");
  if (legal.size() == 1) return {legal.front(), "only legal ply", 0, 0.5};
  if (auto win = winning_ply(game, legal)) return {*win, "wins at once", 0, 1.0};
  const std::vector<std::string> candidates = safe_plies(game, legal);
  if (candidates.size() == 1) return {candidates.front(), "only ply that stops an immediate win", 0, 0.5};

  detail::Search search(game, limits.seed);
  search.expand_root(candidates);
  for (int i = 0; i < limits.playouts; ++i) search.run_one();

  const detail::Node& root = search.node(0);
  int best = root.first_child;
  for (int c = root.first_child; c < root.first_child + root.child_count; ++c) {
    const detail::Node& child = search.node(c);
    const detail::Node& leader = search.node(best);
    if (child.visits > leader.visits || (child.visits == leader.visits && child.wins > leader.wins)) best = c;
  }
  const detail::Node& chosen = search.node(best);
  return {search.text(chosen.move), "search", limits.playouts,
          chosen.visits > 0 ? double(chosen.wins) / chosen.visits : 0.5};
}

}  // namespace bench_reference
