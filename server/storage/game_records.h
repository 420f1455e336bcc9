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
#include "server/storage/game_record.h"

namespace pbem::server {

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
  // Ends the active game with a loss on time: `winner_colour` wins, the moves stay as they
  // are. Returns the record as it now stands (as append does).
  GameRecord lose_on_time(const GameRecord& record, int winner_colour);

  // Ends a game without a result (status finished, no winner), recording who ended it: a
  // player alone before the first move, or the proposer of an accepted abort later; or,
  // for AbortCause::NeverMoved, the player whose time ran out before their first ply.
  // Returns the record as it now stands (as append does).
  GameRecord abort(const GameRecord& record, std::int64_t user_id, AbortCause cause = AbortCause::Players);
  // The operator's verdicts (`pbem void`, `pbem adjudicate`): a game voided, running or
  // over, ends (or stays ended) without a result and unrated; a running game adjudicated
  // ends as a win for `winner_colour`. Return the record as it now stands (as append does).
  GameRecord void_game(const GameRecord& record);
  GameRecord adjudicate(const GameRecord& record, int winner_colour);
  // Whether `user_id` has a ply of their own among game `id`'s moves (a swap is one; a ply
  // taken back by an accepted undo is no longer among them).
  bool has_moved(std::int64_t id, std::int64_t user_id) const;

  // Takes back the game's last ply (an accepted `undo`, proposal `proposal_id`): the move
  // row goes to the takebacks table with the time, so the record reads as if it had never
  // been played. Returns what was taken back. The game must be active with a ply.
  StoredMove take_back_last(const GameRecord& record, std::int64_t proposal_id);
  // The plies taken back in game `id`, oldest first.
  std::vector<TakenBack> takebacks(std::int64_t id) const;

  // Marks game `id` as the rematch of the finished game `of`; at most one per game (a
  // second breaks a unique index).
  void mark_rematch(std::int64_t id, std::int64_t of);
  // Makes the new game or invitation `record` a fork of `source` at ply `ply`: its first
  // `ply` moves are `source`'s (`prefix`, as stored), each by the seat that made it there
  // (seats alternate), `position` the game after them. Returns the record as it now stands.
  GameRecord begin_fork(const GameRecord& record, const GameRecord& source, const std::vector<StoredMove>& prefix,
                        const Game& position);
  // The game started as a rematch of game `of`, if any.
  std::optional<std::int64_t> rematch_of(std::int64_t of) const;

 private:
  // The game's moves_digest as stored (nothing before its first ply since migration 020).
  std::optional<std::string> moves_digest(std::int64_t id) const;

  Database& db_;
};

}  // namespace pbem::server
