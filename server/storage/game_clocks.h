// The games table as the clock tick reads it (pipeline/clock_duties.*): the games whose
// deadline has passed or whose reminder is due. A turn's clock itself is written with its
// ply (GameRecords::set_turn_clock).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/storage/game_records.h"

namespace pbem::server {

class GameClocks {
 public:
  explicit GameClocks(Database& db) : db_(db) {}

  // Every active game with a deadline (a clock running), by number.
  std::vector<std::int64_t> with_deadline() const;
  // Active games whose deadline is at or before `now_iso`, oldest deadline first.
  std::vector<std::int64_t> past_deadline(const std::string& now_iso) const;
  // Active games whose reminder is due at `now_iso` and whose deadline is still ahead.
  std::vector<std::int64_t> reminder_due(const std::string& now_iso) const;
  // The reminder of game `id` has gone out.
  void reminder_sent(std::int64_t id);

 private:
  Database& db_;
};

}  // namespace pbem::server
