#include "server/play/conditional_tree.h"

#include <algorithm>

namespace pbem::server {

namespace {

// The first index where the lines differ (the shorter's length when one is a prefix of the
// other).
std::size_t common_prefix(const ConditionalLine& a, const ConditionalLine& b) {
  return static_cast<std::size_t>(std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first - a.begin());
}

}  // namespace

std::optional<TooManyConditionalLines> ConditionalTree::merge(const ConditionalLine& line) {
  std::vector<ConditionalLine> merged;
  bool covered = false;  // the tree already holds the whole line
  for (const ConditionalLine& kept : lines_) {
    const std::size_t shared = common_prefix(kept, line);
    if (shared == line.size()) {
      covered = true;  // the new line is this one or a prefix of it
    } else if (shared == kept.size()) {
      continue;  // the new line extends this one: it takes its place
    } else if (shared % 2 == 1) {
      continue;  // the same opponent ply with a different answer: the branch is replaced
    }
    merged.push_back(kept);
  }
  if (!covered) merged.push_back(line);
  if (merged.size() > kMaxLines)
    return TooManyConditionalLines{merged.size(), kMaxLines};
  lines_ = std::move(merged);
  return std::nullopt;
}

std::optional<std::string> ConditionalTree::answer_to(const std::string& ply) const {
  for (const ConditionalLine& line : lines_)
    if (line.size() >= 2 && line[0] == ply) return line[1];
  return std::nullopt;
}

ConditionalTree ConditionalTree::after(const std::string& ply) const {
  std::vector<ConditionalLine> rest;
  for (const ConditionalLine& line : lines_)
    if (line.size() > 2 && line[0] == ply) rest.emplace_back(line.begin() + 2, line.end());
  return ConditionalTree(std::move(rest));
}

}  // namespace pbem::server
