// Numbers for plies during one search: the tree and the RAVE statistics compare small
// integers instead of strings. A ply's number is its canonical text's index here.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace pbem::bot {

class MoveTable {
 public:
  int id(const std::string& ply) {
    auto [it, inserted] = ids_.try_emplace(ply, static_cast<int>(texts_.size()));
    if (inserted) texts_.push_back(ply);
    return it->second;
  }
  const std::string& text(int id) const { return texts_[static_cast<std::size_t>(id)]; }
  int size() const { return static_cast<int>(texts_.size()); }

 private:
  std::unordered_map<std::string, int> ids_;
  std::vector<std::string> texts_;
};

}  // namespace pbem::bot
