// Positions already replayed, so a move in a long game does not replay its whole record
// again (issue 33 item 3: a move at ply 400 costs about what one at ply 10 does).
//
// Each game row carries `moves_digest` (schema/020_moves_digest.sql): a hash chained over
// its type, options and every stored ply in order. The cache keeps each game's newest
// position with the digest of its plies, and serves it only for that digest. Because the
// digest names the plies themselves and not a row or a counter, an entry can never be
// stale: a takeback, a rolled-back transaction, another process writing the same database
// or a game number used again all give a different digest, and a digest that matches is
// the same plies in the same game. One entry per game, not one per digest: a game's older
// positions are never asked for again, and keeping them made every move allocate memory
// the next one had to give back (measured: half a millisecond per move).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "engine/game.h"
#include "server/support/bounded_lru.h"

namespace pbem::server {

// The digest of a game with no ply yet.
std::string first_moves_digest(const std::string& type, const std::string& options);
// The digest after one more ply: `previous` and the ply as the moves table stores it.
std::string next_moves_digest(const std::string& previous, int ply, int colour, const std::string& move);

class PositionCache {
 public:
  explicit PositionCache(std::size_t capacity) : positions_(capacity) {}

  // A copy of game `game_id`'s position if its plies have this digest, or nullptr.
  std::unique_ptr<Game> find(std::int64_t game_id, const std::string& digest);
  // Keeps the game's position (whose plies have `digest`) in place of the one it had.
  void keep(std::int64_t game_id, const std::string& digest, const Game& position);

  // The cache every GameRecords in this process shares (thread-safe): the processor, the
  // picture warm-up, the computer and the web window all replay games.
  static PositionCache& process_wide();

 private:
  struct Entry {
    std::string digest;
    std::shared_ptr<const Game> position;
  };
  std::mutex mutex_;
  BoundedLru<std::int64_t, Entry> positions_;  // by game id
};

}  // namespace pbem::server
