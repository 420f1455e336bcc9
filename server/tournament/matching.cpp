// Whether a group of players can all be paired off without a pair that has met before: a
// perfect matching in the graph of allowed pairs, by Edmonds' blossom algorithm. The Swiss
// pairing asks this before each choice, so it never walks into a dead end.
#include <deque>

#include "server/tournament/tournament_detail.h"

namespace pbem::server::tournament::detail {
namespace {

constexpr int kNone = -1;

// The allowed pairs among k vertices and a matching grown by augmenting paths.
class Blossom {
 public:
  explicit Blossom(std::vector<std::vector<char>> allowed)
      : k_(static_cast<int>(allowed.size())), allowed_(std::move(allowed)), match_(k_, kNone) {}

  bool perfect() {
    if (k_ % 2 == 1) return false;
    match_greedily();
    for (int v = 0; v < k_; ++v) {
      // A vertex with no augmenting path now never gets one later (Edmonds), so one failure
      // settles it.
      if (match_[v] == kNone && !augment_from(v)) return false;
    }
    return true;
  }

 private:
  void match_greedily() {
    for (int v = 0; v < k_; ++v) {
      for (int w = v + 1; w < k_ && match_[v] == kNone; ++w) {
        if (allowed_[v][w] && match_[w] == kNone) {
          match_[v] = w;
          match_[w] = v;
        }
      }
    }
  }

  bool augment_from(int root) {
    int end = find_path(root);
    if (end == kNone) return false;
    while (end != kNone) {
      const int previous = parent_[end], next = match_[previous];
      match_[end] = previous;
      match_[previous] = end;
      end = next;
    }
    return true;
  }

  // Breadth first from `root` over alternating paths, shrinking odd cycles (blossoms) to
  // their base; returns the free vertex an augmenting path reaches, or kNone.
  int find_path(int root) {
    used_.assign(k_, 0);
    parent_.assign(k_, kNone);
    base_.resize(k_);
    for (int i = 0; i < k_; ++i) base_[i] = i;
    used_[root] = 1;
    std::deque<int> queue{root};
    while (!queue.empty()) {
      const int v = queue.front();
      queue.pop_front();
      for (int to = 0; to < k_; ++to) {
        if (!allowed_[v][to] || base_[v] == base_[to] || match_[v] == to) continue;
        if (to == root || (match_[to] != kNone && parent_[match_[to]] != kNone)) {
          shrink_blossom(v, to, queue);
        } else if (parent_[to] == kNone) {
          parent_[to] = v;
          if (match_[to] == kNone) return to;
          used_[match_[to]] = 1;
          queue.push_back(match_[to]);
        }
      }
    }
    return kNone;
  }

  void shrink_blossom(int v, int to, std::deque<int>& queue) {
    const int common = lowest_common_base(v, to);
    blossom_.assign(k_, 0);
    mark_path(v, common, to);
    mark_path(to, common, v);
    for (int i = 0; i < k_; ++i) {
      if (!blossom_[base_[i]]) continue;
      base_[i] = common;
      if (!used_[i]) {
        used_[i] = 1;
        queue.push_back(i);
      }
    }
  }

  int lowest_common_base(int a, int b) const {
    std::vector<char> seen(k_, 0);
    for (;;) {
      a = base_[a];
      seen[a] = 1;
      if (match_[a] == kNone) break;
      a = parent_[match_[a]];
    }
    for (;;) {
      b = base_[b];
      if (seen[b]) return b;
      b = parent_[match_[b]];
    }
  }

  void mark_path(int v, int common, int child) {
    while (base_[v] != common) {
      blossom_[base_[v]] = blossom_[base_[match_[v]]] = 1;
      parent_[v] = child;
      child = match_[v];
      v = parent_[match_[v]];
    }
  }

  int k_;
  std::vector<std::vector<char>> allowed_;
  std::vector<int> match_, parent_, base_;
  std::vector<char> used_, blossom_;
};

}  // namespace

bool can_pair_all(const std::vector<std::size_t>& players, const std::vector<std::vector<char>>& met) {
  std::vector<std::vector<char>> allowed(players.size(), std::vector<char>(players.size(), 0));
  for (std::size_t a = 0; a < players.size(); ++a) {
    for (std::size_t b = 0; b < players.size(); ++b) {
      allowed[a][b] = a != b && !met[players[a]][players[b]];
    }
  }
  return Blossom(std::move(allowed)).perfect();
}

}  // namespace pbem::server::tournament::detail
