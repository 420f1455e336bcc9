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

// The games a listing names (`games`, `all show`): those any of `players` plays, of one of
// `types`, only those in progress (active), only the finished ones (!active) or all; with
// `their_turn`, only those where one of `players` is to move.
struct GameSelection {
  // At most this many players: each is a few reads of an index in one statement (SQLite
  // allows 500 parts in a compound SELECT).
  static constexpr std::size_t kMaxPlayers = 100;
  std::vector<std::int64_t> players;
  std::vector<std::string> types;
  std::optional<bool> active;
  bool their_turn = false;
};

// What makes a new game an invitation: who sent it, when it lapses (ISO 8601 UTC), and
// for an open one (no invitee yet: both seats hold the challenger) the taker's rating range.
struct InvitationTerms {
  std::int64_t challenger = 0;
  std::string lapses_at;
  std::optional<int> open_seat;  // an open invitation: the taker's seat
  std::optional<int> rating_low, rating_high;
};

class GameRecords {
 public:
  explicit GameRecords(Database& db) : db_(db) {}

  // A new game, active, without moves or a clock yet. Returns it as inserted (what find()
  // would read), so the caller need not read it back.
  GameRecord create(const std::string& type, const std::string& options, std::int64_t player0,
                    std::int64_t player1, const std::string& thread_domain, bool rated = true,
                    int days_per_move = 0, const std::optional<TimeBank>& bank = std::nullopt,
                    bool weekends_off = false, const std::optional<InvitationTerms>& invitation = std::nullopt);
  std::optional<GameRecord> find(std::int64_t id) const;
  std::vector<StoredMove> moves(std::int64_t id) const;

  // The game after its first `up_to_ply` plies (all when empty). Throws std::runtime_error if
  // a stored move no longer replays (a corrupt record must never be played on silently).
  // The whole game is a copy from the process's position cache when its moves_digest is
  // there (storage/position_cache.h), else replayed from the moves and kept there.
  std::unique_ptr<Game> replay(const GameRecord& record, std::optional<int> up_to_ply = std::nullopt) const;

  // Appends one accepted ply and updates the game's status from `after`. A game that
  // finishes gets its ended_at and end_order from the database (schema/005_ratings.sql).
  // `clock` is that of the move now due (ignored once the game is over). Returns the record
  // as it now stands (`record` as read in this transaction, with what was written).
  GameRecord append(const GameRecord& record, const std::string& move, int colour, std::int64_t user_id,
              const Game& after, const TurnClock& clock = {});

  // The clock of the move now due, in the database and in `record` (the banks too, when
  // `clock` has them).
  void set_turn_clock(GameRecord& record, const TurnClock& clock);
  // Every active game with a deadline (a clock running), by number.
  std::vector<std::int64_t> with_deadline() const;
  // Active games whose deadline is at or before `now_iso`, oldest deadline first.
  std::vector<std::int64_t> past_deadline(const std::string& now_iso) const;
  // Active games whose reminder is due at `now_iso` and whose deadline is still ahead.
  std::vector<std::int64_t> reminder_due(const std::string& now_iso) const;
  // The reminder of game `id` has gone out.
  void reminder_sent(std::int64_t id);
  // Ends the active game with a loss on time: `winner_colour` wins, the moves stay as they
  // are. Returns the record as it now stands (as append does).
  GameRecord lose_on_time(const GameRecord& record, int winner_colour);

  // Ends a game without a result (status finished, no winner), recording who ended it: a
  // player alone before the first move, or the proposer of an accepted abort later; or,
  // for AbortCause::NeverMoved, the player whose time ran out before their first ply.
  // Returns the record as it now stands (as append does).
  GameRecord abort(const GameRecord& record, std::int64_t user_id, AbortCause cause = AbortCause::Players);
  // Whether `user_id` has a ply of their own among game `id`'s moves (a swap is one; a ply
  // taken back by an accepted undo is no longer among them).
  bool has_moved(std::int64_t id, std::int64_t user_id) const;

  // Takes back the game's last ply (an accepted `undo`, proposal `proposal_id`): the move
  // row goes to the takebacks table with the time, so the record reads as if it had never
  // been played. Returns what was taken back. The game must be active with a ply.
  StoredMove take_back_last(const GameRecord& record, std::int64_t proposal_id);
  // The plies taken back in game `id`, oldest first.
  std::vector<TakenBack> takebacks(std::int64_t id) const;

  // Starts the pending invitation `record`: active, colour 0 to move (the caller sets its
  // clock). For an open one, `taker` takes the seat that is not the challenger's. Returns
  // the record as it now stands.
  GameRecord start_invitation(const GameRecord& record, std::optional<std::int64_t> taker = std::nullopt);
  // Ends the pending invitation `record` unstarted: `how` is "declined", "withdrawn" or
  // "lapsed". False when it was no longer pending (ended or taken meanwhile).
  bool end_invitation(const GameRecord& record, const std::string& how);
  // The first `limit` open invitations of `type`, newest first (index games_by_type_status).
  std::vector<GameRecord> open_invitations(const std::string& type, int limit) const;
  // The first `limit` open invitations of any kind, newest first.
  std::vector<GameRecord> open_invitations(int limit) const;
  // The pending invitations whose lapse time is at or before `now_iso`, oldest first
  // (index games_invitations_to_lapse).
  std::vector<std::int64_t> invitations_to_lapse(const std::string& now_iso) const;
  // The pending invitations `user_id` sent or was sent, open ones included (signoff
  // withdraws them all).
  std::vector<GameRecord> pending_invitations_of(std::int64_t user_id) const;
  // How many invitations `user_id` sent that still wait, open ones included.
  int count_pending_invitations(std::int64_t user_id) const;
  // Whether an invitation between `a` and `b` waits for an answer (either way round).
  bool invitation_pending_between(std::int64_t a, std::int64_t b) const;

  // Marks game `id` as the rematch of the finished game `of`; at most one per game (a
  // second breaks a unique index).
  void mark_rematch(std::int64_t id, std::int64_t of);
  // The game started as a rematch of game `of`, if any.
  std::optional<std::int64_t> rematch_of(std::int64_t of) const;

  // The first `limit` games of `selection` by number, and how many there are in all: each
  // user's games are read by index a page at most per kind, status and seat
  // (schema/024_turn_columns.sql), so a listing costs the same however many games the users
  // ever played.
  std::vector<GameRecord> selected(const GameSelection& selection, int limit) const;
  std::int64_t count_selected(const GameSelection& selection) const;
  // The active games in which `user_id` is to move, by number (index games_by_to_move).
  std::vector<std::int64_t> awaiting(std::int64_t user_id) const;
  // The first `limit` games of `type` by number, only those in progress (active), only the
  // finished ones (!active) or all (nothing), and how many there are in all: `<game> games`
  // without a userid, which must not read every game ever played (index games_by_type_status).
  std::vector<GameRecord> of_type(const std::string& type, std::optional<bool> active, int limit) const;
  std::int64_t count_of_type(const std::string& type, std::optional<bool> active) const;

  // The web window's lists, each at most `limit` long: the games in progress, the most
  // recently moved first; the games that ended at or after `since_iso`, latest first; every
  // game of `user_id`, newest first.
  std::vector<GameRecord> in_progress(int limit) const;
  int count_in_progress() const;
  std::vector<GameRecord> ended_since(const std::string& since_iso, int limit) const;
  std::vector<GameRecord> of_user(std::int64_t user_id, int limit) const;
  // How many games `user_id` plays now, all of them or only those against a computer
  // opponent (the caps on games, issue 26).
  int count_active(std::int64_t user_id) const;
  int count_active_against_computer(std::int64_t user_id) const;

 private:
  // The game's moves_digest as stored (nothing before its first ply since migration 020).
  std::optional<std::string> moves_digest(std::int64_t id) const;

  Database& db_;
};

}  // namespace pbem::server
