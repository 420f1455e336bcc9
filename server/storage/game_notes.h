// Notes (schema/037_notes_and_records.sql, server.md "Notes"): a player's text on a game,
// stored after the game's current ply. Who may read which is decided here, in the one query every
// reader uses: a note is its author's alone; a sealed note is everyone's once the game is
// over. Nothing here words anything.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

// The limits of "Notes": characters in one note, notes per player and game.
inline constexpr std::size_t kMaxNoteLength = 2000;
inline constexpr int kMaxNotesPerPlayer = 100;

struct GameNote {
  std::int64_t user_id = 0;
  std::string userid;
  int ply = 0;  // written after this ply (0: before the first)
  bool sealed = false;
  std::string text;
  std::string created_at;
};

class GameNotes {
 public:
  explicit GameNotes(Database& db) : db_(db) {}

  void add(std::int64_t game_id, std::int64_t user_id, int ply, bool sealed, const std::string& text);
  int count(std::int64_t game_id, std::int64_t user_id) const;
  // The notes `reader` may see in the game, in the order written: their own, and when the
  // game is over every sealed note. No reader: the public, who see only the sealed notes
  // of a finished game.
  std::vector<GameNote> visible(std::int64_t game_id, std::optional<std::int64_t> reader, bool game_over) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
