// The conditional-move tree (server/play/conditional_tree.h): lines merge, a different
// answer replaces a branch, the opponent's ply cuts the tree to its subtree, and the limits.
#include <catch2/catch.hpp>

#include "server/play/conditional_tree.h"

using pbem::server::ConditionalLine;
using pbem::server::ConditionalTree;

namespace {
ConditionalTree tree_of(std::vector<ConditionalLine> lines) {
  ConditionalTree tree;
  for (const auto& line : lines) REQUIRE_FALSE(tree.merge(line));
  return tree;
}
}  // namespace

TEST_CASE("a line sharing a prefix extends it; another opponent ply adds a branch", "[conditional]") {
  ConditionalTree tree = tree_of({{"b2", "c3"}});
  REQUIRE_FALSE(tree.merge({"b2", "c3", "d4", "e5"}));  // extends line 1
  CHECK(tree.lines() == std::vector<ConditionalLine>{{"b2", "c3", "d4", "e5"}});
  REQUIRE_FALSE(tree.merge({"b2", "c3", "a1", "a2"}));  // another answer deeper down: a branch
  REQUIRE_FALSE(tree.merge({"f6", "g7"}));              // another first ply: a branch
  CHECK(tree.lines().size() == 3);
  REQUIRE_FALSE(tree.merge({"b2", "c3"}));  // already held: nothing changes
  CHECK(tree.lines().size() == 3);
}

TEST_CASE("a different answer to the same opponent ply replaces that branch", "[conditional]") {
  ConditionalTree tree = tree_of({{"b2", "c3", "d4", "e5"}, {"b2", "c3", "a1", "a2"}, {"f6", "g7"}});
  REQUIRE_FALSE(tree.merge({"b2", "h8"}));  // answer b2 with h8 instead: both b2 lines go
  CHECK(tree.lines() == std::vector<ConditionalLine>{{"f6", "g7"}, {"b2", "h8"}});
  REQUIRE_FALSE(tree.merge({"f6", "g7", "d4", "e1"}));
  REQUIRE_FALSE(tree.merge({"f6", "g7", "d4", "e2"}));  // deeper: only the d4 branch is replaced
  CHECK(tree.lines() == std::vector<ConditionalLine>{{"b2", "h8"}, {"f6", "g7", "d4", "e2"}});
}

TEST_CASE("the opponent's ply cuts the tree to the branch's subtree, or to nothing", "[conditional]") {
  const ConditionalTree tree = tree_of({{"b2", "c3", "d4", "e5"}, {"b2", "c3", "a1", "a2", "b1", "c1"}, {"f6", "g7"}});
  CHECK(tree.answer_to("b2") == "c3");
  CHECK(tree.answer_to("f6") == "g7");
  CHECK_FALSE(tree.answer_to("c3"));  // an answer is never matched as an opponent ply
  CHECK_FALSE(tree.answer_to("z9"));
  const ConditionalTree rest = tree.after("b2");
  CHECK(rest.lines() == std::vector<ConditionalLine>{{"d4", "e5"}, {"a1", "a2", "b1", "c1"}});
  CHECK(rest.after("a1").lines() == std::vector<ConditionalLine>{{"b1", "c1"}});
  CHECK(tree.after("f6").empty());  // the branch ends with its answer
  CHECK(tree.after("z9").empty());  // no branch: everything goes
}

TEST_CASE("a tree holds at most 32 lines; a merge past that changes nothing", "[conditional]") {
  ConditionalTree tree;
  for (int i = 1; i <= 32; ++i) REQUIRE_FALSE(tree.merge({"a" + std::to_string(i), "b1"}));
  const auto before = tree.lines();
  const auto error = tree.merge({"c1", "b1"});
  REQUIRE(error);
  CHECK(error->most == 32);
  CHECK(error->lines == 33);
  CHECK(tree.lines() == before);
  // Replacing a branch keeps the count, so it still fits.
  CHECK_FALSE(tree.merge({"a1", "b2"}));
  CHECK(tree.lines().size() == 32);
  CHECK(ConditionalTree::kMaxPlies == 24);
}
