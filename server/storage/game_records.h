// Game records in SQLite: who plays, the options, and the moves. The moves are the truth:
// a game's position is always rebuilt by replaying them through the engine.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/storage/database.h"

namespace pbem::server {

struct GameRecord {
  std::int64_t id = 0;
  std::string type;                       // gates | hy3 | gaia
  std::string options;                    // canonical option text
  std::array<std::int64_t, 2> players{};  // user ids holding colours 0 and 1 at the challenge
  std::array<std::string, 2> userids;     // their user ids, same order
  bool active = true;
  std::optional<int> winner_colour;
  int plies = 0;
  std::string thread_id;                  // Message-ID all of this game's mail refers to
  std::optional<std::string> aborted_by;  // userid who ended it before the first move
  bool rated = true;                      // false for an `-unrated` challenge
  std::string created_at, updated_at;
};

struct StoredMove {
  int ply = 0;
  std::string move;
  int colour = 0;
  std::string userid;
  std::string created_at;
};

// Which user holds each colour in `game` (users exchange colours after a swap).
std::array<std::string, 2> userids_by_colour(const GameRecord& record, const Game& game);

class GameRecords {
 public:
  explicit GameRecords(Database& db) : db_(db) {}

  GameRecord create(const std::string& type, const std::string& options, std::int64_t player0,
                    std::int64_t player1, const std::string& thread_domain, bool rated = true);
  std::optional<GameRecord> find(std::int64_t id) const;
  std::vector<StoredMove> moves(std::int64_t id) const;

  // The game after its first `up_to_ply` plies (all when empty). Throws std::runtime_error if
  // a stored move no longer replays (a corrupt record must never be played on silently).
  std::unique_ptr<Game> replay(const GameRecord& record, std::optional<int> up_to_ply = std::nullopt) const;

  // Appends one accepted ply and updates the game's status from `after`. A game that
  // finishes gets its ended_at and end_order from the database (schema/005_ratings.sql).
  void append(const GameRecord& record, const std::string& move, int colour, std::int64_t user_id,
              const Game& after);

  // Ends a game that has no move yet (status finished, no winner), recording who did.
  void abort(const GameRecord& record, std::int64_t user_id);

  // Games of a type (all types when empty) involving any of `user_ids` (everyone when empty).
  std::vector<GameRecord> list(const std::string& type, const std::vector<std::int64_t>& user_ids) const;

  // The active games `user_id` plays in, oldest first (the computer opponent's to-do list).
  std::vector<GameRecord> active_of(std::int64_t user_id) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
