// What follows every stored ply or result (end_of_ply.h), as a list of reactions run in
// the order they were added, inside the transaction that stored the ply. The server's own
// list is made once at start-up by server/context/ply_reactions.cpp, which says the order
// and why; a new competition format that scores a game's end adds one reaction there.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace pbem {
class Game;
}

namespace pbem::server {

class UnitOfWork;
struct PlyEnd;

// A reaction sees the unit of work, what the ply ended with so far (`end.record` is the
// game as stored now), and the game after the ply (null after a result, a takeback or an
// abort). It may add to `end` (rating changes, the sentence of a cancelled proposal) or
// replace it with what a further ply it stores ended with (a conditional answer). A
// reaction that concerns only a game's end checks `!end.record.active`.
using PlyReaction = std::function<void(UnitOfWork& work, PlyEnd& end, const Game* position)>;

class PlyReactions {
 public:
  // Adds `reaction` after those added before it; `name` is for the order's test and docs.
  void add(std::string name, PlyReaction reaction);
  void run(UnitOfWork& work, PlyEnd& end, const Game* position) const;
  std::vector<std::string> names() const;

 private:
  std::vector<std::pair<std::string, PlyReaction>> reactions_;
};

}  // namespace pbem::server
