// Numbers for plies during one search: the tree and the RAVE statistics compare small
// integers instead of strings. A ply's number is its canonical text's index here.
//
// The playouts work on the games' ply codes (Game::play_code) and never on text: a code is
// numbered, once, through its text, so a ply has the same number whichever way it came in
// (and the numbers are handed out in the same order as when playouts used text).
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "engine/game.h"

namespace pbem::bot {

class MoveTable {
 public:
  int id(const std::string& ply) {
    auto [it, inserted] = ids_.try_emplace(ply, static_cast<int>(texts_.size()));
    if (inserted) {
      texts_.push_back(ply);
      codes_.push_back(-1);
    }
    return it->second;
  }
  // The number of the ply `code` of `game`. Every game asked of one table must be a
  // position of the same game and options (the codes mean the same plies).
  int id_of_code(const Game& game, int code) {
    if (code_ids_.empty()) code_ids_.assign(static_cast<std::size_t>(game.ply_code_count()), -1);
    int& slot = code_ids_[static_cast<std::size_t>(code)];
    if (slot < 0) {
      slot = id(game.ply_text(code));
      codes_[static_cast<std::size_t>(slot)] = code;
    }
    return slot;
  }
  const std::string& text(int id) const { return texts_[static_cast<std::size_t>(id)]; }
  // The ply code of a number, or -1 while it was only ever seen as text.
  int code(int id) const { return codes_[static_cast<std::size_t>(id)]; }
  int size() const { return static_cast<int>(texts_.size()); }

 private:
  std::unordered_map<std::string, int> ids_;
  std::vector<std::string> texts_;
  std::vector<int> codes_;     // per number
  std::vector<int> code_ids_;  // per ply code, -1 until numbered
};

}  // namespace pbem::bot
