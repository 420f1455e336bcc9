// `pbem clock extend HOURS [--game N]` (spec "Time that protects the player";
// docs/operating.md "Giving time back"): the operator gives the players to move time back
// after an outage, in one unit of work of its own (no mail asked for it). The pipeline
// queues its mails in the same transaction (pipeline/clock_duties.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/play/outcome.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

inline constexpr int kMinClockExtensionHours = 1;
inline constexpr int kMaxClockExtensionHours = 720;  // 30 days

struct ClockExtension {
  int games = 0;              // clocks extended
  std::vector<Reply> replies;  // one mail per player to move, listing all their games
  std::string new_deadlines;   // what was written, which tells one invocation's Message-IDs from another's
};

// Adds `hours` (kMinClockExtensionHours..kMaxClockExtensionHours; running time, so a game
// with weekends off gets them on weekdays) to the time of the player to move in every
// active game with a deadline, or in game `game_id` alone: their deadline, or their bank,
// which may then stand above its limit until they move. Throws CommandError for an hours
// value out of range or a game that is not running with a clock; then nothing is written.
ClockExtension extend_clocks(Database& db, const Config& config, int hours, std::optional<std::int64_t> game_id,
                             std::chrono::system_clock::time_point now);

}  // namespace pbem::server
