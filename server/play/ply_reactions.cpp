#include "server/play/ply_reactions.h"

namespace pbem::server {

void PlyReactions::add(std::string name, PlyReaction reaction) {
  reactions_.emplace_back(std::move(name), std::move(reaction));
}

void PlyReactions::run(UnitOfWork& work, PlyEnd& end, const Game* position) const {
  for (const auto& [name, reaction] : reactions_) reaction(work, end, position);
}

std::vector<std::string> PlyReactions::names() const {
  std::vector<std::string> out;
  for (const auto& [name, reaction] : reactions_) out.push_back(name);
  return out;
}

}  // namespace pbem::server
