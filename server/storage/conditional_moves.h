// Conditional moves as stored (table `conditional_moves`, schema/014_conditional_moves.sql):
// each player's lines in a game, read and written whole (a tree holds at most 32 lines).
// What a tree means and how lines merge is play/conditional_tree.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

struct StoredConditionalLines {
  int at_ply = 0;  // the game's plies when the lines' first plies are due
  std::vector<std::vector<std::string>> lines;  // canonical plies, the opponent's first
};

class ConditionalMoves {
 public:
  explicit ConditionalMoves(Database& db) : db_(db) {}

  // The player's lines in the game; none stored: empty lines.
  StoredConditionalLines of(std::int64_t game_id, std::int64_t user_id) const;
  // Replaces the player's lines (none: deletes them).
  void store(std::int64_t game_id, std::int64_t user_id, const StoredConditionalLines& stored);
  // Deletes every player's lines in the game; returns how many lines went.
  int delete_game(std::int64_t game_id);

 private:
  Database& db_;
};

}  // namespace pbem::server
