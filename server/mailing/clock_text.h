// How the clock reads in mail and `show` (docs/commands.md "The clock"): deadlines as
// "2027-01-15 12:00 UTC", banks as "9 d 4 h", and the clock lines of a game. Not for the
// web window, which shows no deadline at all (a deadline moves with a vacation).
#pragma once

#include <cstdint>
#include <string>

#include "engine/game.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// "2027-01-15 12:00 UTC" for a stored timestamp.
std::string deadline_text(const std::string& iso);

// A bank as mails show it: whole hours rounded down, "9 d 4 h" ("0 d 0 h" when spent).
std::string bank_text(std::int64_t seconds);

// What a game mail or `show` says about the clock, for `reader` (a userid, or "" for anyone):
// the deadline of the player to move (and in a game on a time bank both banks: "Time left:
// alice 9 d 4 h, bob 10 d 0 h (10+1)"), and which other player is on vacation until when.
// Empty for a game that is over.
std::string clock_lines(Database& db, const GameRecord& record, const Game& game, const std::string& reader);

}  // namespace pbem::server
