// A game as stored, as plain values (what every class of the games table reads and
// writes: game_records.*, game_clocks.*, game_invitations.*, game_listings.*): the game,
// its clock, its plies, and who holds which colour.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"

namespace pbem::server {

// A time bank (-clock=B+I, schema/015_time_bank.sql): at most B, I added after each move.
struct TimeBank {
  std::string text;                 // as the challenge wrote it, canonical: "10+1", "240h+36h"
  std::int64_t limit_seconds = 0;   // B
  std::int64_t increment_seconds = 0;  // I
  // Each player's bank when their last turn ended, by seat (GameRecord::players); the
  // player to move has what their deadline leaves them.
  std::array<std::int64_t, 2> seconds{};

  bool operator==(const TimeBank&) const = default;
};

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
  std::optional<std::string> aborted_by;  // userid who ended it alone before the first move, or
                                          // who proposed the abort both agreed to later, or
                                          // (never_moved) whose time ran out before their first ply
  bool rated = true;                      // false for an `-unrated` challenge
  std::string created_at, updated_at;
  std::optional<std::string> ended_at;    // when it finished (schema/005_ratings.sql), none while on
  // The clock (schema/009_clock.sql): days per move (0 = no time limit), the deadline of
  // the player to move and when their reminder is due (ISO 8601 UTC, nothing when none).
  int days_per_move = 0;
  std::optional<std::string> deadline_at, remind_at;
  std::optional<TimeBank> bank;  // a time bank instead of days per move (days_per_move is 0)
  // -weekends=off (schema/028_autovacation_weekends.sql): the clock does not run from
  // Saturday 00:00 to Monday 00:00 UTC (play/running_time.h).
  bool weekends_off = false;
  bool lost_on_time = false;  // finished because the player to move let the deadline pass
  // Aborted by the clock instead: aborted_by's time ran out before they had made a ply of
  // their own in the game (spec "Nobody loses a game they never played"). Stored as a game
  // that ended on time (end_reason 'time') without a winner, aborted_by naming them.
  bool never_moved = false;
  // Ended by the operator (schema 034's games.verdict): voided (no result, unrated, also
  // after it had ended) or adjudicated (winner_colour is the win the operator gave).
  bool voided = false;
  bool adjudicated = false;
  // Whose turn it is (schema/024_turn_columns.sql), kept by every write of a ply or a result
  // from the engine's position, so a listing replays nothing: the user to move, nothing once
  // the game is over; and whether ply 2 was a swap (players[1] then holds colour 0).
  std::optional<std::int64_t> to_move;
  bool swapped = false;
  // An invitation (schema/030_invitations.sql): a game before it starts, or one that ended
  // without starting. `invitation` is its status then ("invited", "open", "declined",
  // "withdrawn", "lapsed"), nothing for a game that started (or any from before 030);
  // `invited_by` the challenger, `lapses_at` when a waiting one lapses; an open one's
  // rating range.
  std::optional<std::string> invitation;
  std::optional<std::int64_t> invited_by;
  std::optional<std::string> lapses_at;
  std::optional<int> rating_low, rating_high;
  // An open invitation's seat for its taker (0: the taker moves first); kept once taken.
  std::optional<int> open_seat;
  // A fork (schema 037): the finished game and the ply it starts from; its first
  // fork_of_ply moves are that game's.
  std::optional<std::int64_t> fork_of_game;
  int fork_of_ply = 0;

  // Waiting for an answer (invited) or a taker (open).
  bool is_pending_invitation() const { return invitation == "invited" || invitation == "open"; }

  bool operator==(const GameRecord&) const = default;
};

// The clock of the move now due: when it ends, when its reminder goes out; in a game on a
// time bank also each player's bank as it now stands (by seat, as GameRecord::players).
struct TurnClock {
  std::optional<std::string> deadline_at, remind_at;
  std::optional<std::array<std::int64_t, 2>> banks;
};

// Why a game ends without a result: its players ended it (one alone before the first move,
// or both by agreement later), or the clock did (the player to move never moved).
enum class AbortCause { Players, NeverMoved };

struct StoredMove {
  int ply = 0;
  std::string move;
  int colour = 0;
  std::string userid;
  std::string created_at;
};

// A ply an accepted `undo` took back (table `takebacks`): the move as it was, and when.
struct TakenBack {
  StoredMove move;
  std::string taken_back_at;
};

// Which user holds each colour in `game` (users exchange colours after a swap).
std::array<std::string, 2> userids_by_colour(const GameRecord& record, const Game& game);
// The same from the record's stored `swapped`, without the game.
std::array<std::string, 2> userids_by_colour(const GameRecord& record);

}  // namespace pbem::server
