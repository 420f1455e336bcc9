// A player's conditional moves in one game as a tree (docs/commands.md "Conditional
// moves"): "if the opponent plays m1, play r1; then if they play m2, play r2; ...". The
// tree is kept as its lines, the paths from the root to its leaves, each a list of
// canonical plies starting with the opponent's. Pure: no database, no game rules (the
// conditional command checks each line's legality by replaying it before it is merged).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace pbem::server {

using ConditionalLine = std::vector<std::string>;

// A merge refused: the tree would have held `lines` lines, more than `most` (worded by
// replies/conditional_replies.h).
struct TooManyConditionalLines {
  std::size_t lines = 0;
  std::size_t most = 0;
};

class ConditionalTree {
 public:
  static constexpr std::size_t kMaxLines = 32;
  static constexpr std::size_t kMaxPlies = 24;

  ConditionalTree() = default;
  explicit ConditionalTree(std::vector<ConditionalLine> lines) : lines_(std::move(lines)) {}

  const std::vector<ConditionalLine>& lines() const { return lines_; }
  bool empty() const { return lines_.empty(); }

  // Merges `line` (an even number of plies, at most kMaxPlies) into the tree: a line that
  // shares a prefix with another extends it; a different answer to the same opponent ply
  // replaces that branch (and everything below it); a line the tree already holds changes
  // nothing. Returns the refusal, and leaves the tree as it was, when the result would have
  // more than kMaxLines lines.
  std::optional<TooManyConditionalLines> merge(const ConditionalLine& line);

  // The answer to the opponent's ply `ply`, if a branch starts with it.
  std::optional<std::string> answer_to(const std::string& ply) const;

  // The tree once `ply` and its answer are played: that branch's subtree (empty when the
  // branch ends there, or when no branch starts with `ply`).
  ConditionalTree after(const std::string& ply) const;

 private:
  std::vector<ConditionalLine> lines_;
};

}  // namespace pbem::server
