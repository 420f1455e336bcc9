// What a game's record is made of (server.md "Game records"), read once from storage: the
// game as stored, its plies in order, how it ended, who reads it (whose notes it shows) and
// the context a record names (the server, the competition, the game it was forked from).
// json_record.* and sgf_record.* write it out without reading anything more.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/play/events.h"
#include "server/storage/database.h"
#include "server/storage/game_record.h"

namespace pbem::server {

class Competitions;

// How a finished game ended (play/events.h's GameEnd, the events' own kinds), as the JSON
// record's "reason" names it: "connection", "resign", "time", ...
const char* reason_name(GameEnd reason);

struct RecordResult {
  std::optional<int> winner_seat;  // 0: the player who moved first; nothing: no winner
  GameEnd reason = GameEnd::Board;
};

// One seat of the game, in move order: its userid and the colour it holds at the end of
// the record (after a swap the first player holds the second colour).
struct RecordPlayer {
  std::string userid;
  std::string colour;
};

// A board ply of the record: a placement or a swap, never a resignation.
struct RecordPly {
  int ply = 0;
  std::string move;  // exactly as `pbem replay` takes it
  int seat = 0;      // who played it: 0 the first player, 1 the second
  std::string at;    // ISO 8601 UTC
};

// A note the record shows (only those its reader may see): written after ply `ply` (0:
// before the first), by `userid`.
struct RecordNote {
  int ply = 0;
  std::string userid;
  bool sealed = false;
  std::string text;
};

struct ForkOf {
  std::int64_t game = 0;
  int ply = 0;
};

struct RecordSource {
  GameRecord game;
  std::string title;  // the game's title, "HY 3"
  std::array<RecordPlayer, 2> players;
  std::vector<RecordPly> plies;
  std::optional<RecordResult> result;  // nothing while the game runs
  std::string server;                  // the server's mail address
  std::optional<std::string> competition;  // "T#3", "G#1", "L#2"
  std::optional<ForkOf> fork_of;
  std::vector<RecordNote> notes;  // in the order written
};

// The clock terms of `game` as a challenge writes them: "-days=3", "-clock=240h+36h",
// with " -weekends=off" when its clock stands still at weekends.
std::string clock_terms(const GameRecord& game);

// How `game`, finished with `moves` as stored, ended; nothing while it runs.
std::optional<RecordResult> result_of(const GameRecord& game, const std::vector<StoredMove>& moves);

// The record of the started game `game` as it now stands, read in the caller's transaction;
// `moves` are its stored moves when the caller has read them already. `reader` is the
// player whose record it is: it shows their own notes (storage/game_notes.h); without one
// it is the public record, with only the sealed notes of a finished game.
RecordSource record_source(Database& db, const Competitions& competitions, const GameRecord& game,
                           const std::string& server_address, std::optional<std::int64_t> reader = std::nullopt);
RecordSource record_source(Database& db, const Competitions& competitions, const GameRecord& game,
                           const std::vector<StoredMove>& moves, const std::string& server_address,
                           std::optional<std::int64_t> reader = std::nullopt);

}  // namespace pbem::server
