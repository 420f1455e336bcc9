// The mail a game sends besides answers to its sender: the board mail both players (and
// the game's watchers) get after a challenge, a move or an accepted undo, the clock's
// duties (reminders, loss on time, which write the same mail without a command), the
// notice of an abort before the first move, and the notices about proposals. Shared by the
// game commands (game_commands.cpp), the clock (clock_events.cpp), the proposals' mail
// (proposal_mail.cpp) and the watchers (watch_commands.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/play/unit_of_work.h"
#include "server/play/end_of_ply.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"

namespace pbem::server {

// "\nHY 3 ratings:\n    alice 1500 -> 1662 (+162)\n..." under a result; empty for none.
std::string rating_lines(const std::string& type, const std::vector<RatingChange>& rating_changes);

// A game's board picture, drawn when first asked for: a board mail whose recipients all
// turned pictures off costs no drawing (issue 15: drawing was most of a move's CPU). It
// comes from the shared picture cache, where the batch's moves were drawn in advance
// (pipeline/picture_warmup.h).
class PictureOnDemand {
 public:
  explicit PictureOnDemand(const Game& game) : game_(&game) {}
  const std::string& png();
  // What the picture's colours stand for, when not the game's own names (pictures/picture.h).
  std::string_view colour_key() const;

 private:
  const Game* game_;
  std::optional<std::string> png_;
};

// One mail about a game: what each kind of recipient reads. Every member has a default so
// that callers name only what they use (designated initializers).
struct GameMail {
  std::string subject{};
  // Each player's text (a move prompt is for one of them only).
  std::function<std::string(const Account&)> player_text{};
  // The players' Reply-To is their game address, so a reply with a move plays it. The
  // notice of an abort before the first move has none: there is nothing left to play.
  bool game_address = true;
  // The board picture, for the recipients who take pictures; none when null.
  PictureOnDemand* picture = nullptr;
  // The board as the texts draw it (Game::diagram()): marked in each mail (Reply::mark_board)
  // so that its HTML part keeps it in <pre>; none when empty.
  std::string diagram{};
  // The board as the texts render it (Game::render) and as a list (board_list.h): a
  // recipient who set `board list` or `both` reads the list instead or after it, and the
  // list is marked when the diagram is not in their copy. Empty: every copy as written.
  std::string rendered{};
  std::string list{};
  // Only this player gets it (a reminder), and no watcher.
  std::optional<std::int64_t> only_user{};
  // The game whose player to move, `mover`, gets its legal moves as links under the board
  // in the HTML part of their copy (move_links.h), to their game address; nobody when null.
  const Game* linked_game = nullptr;
  std::string mover{};
  // The watchers' text, which send_game_mail ends with how to stop watching; without it
  // the watchers get nothing (proposals are the players' business).
  std::optional<std::string> watcher_text{};
  // A report of a move by this user in a game that goes on: recipients who turned movemail
  // off (they have a daily digest) get nothing, except the mover themself.
  std::optional<std::int64_t> move_report_by{};
  // The mail that ends the game: each player's copy is their game-over mail, which carries
  // their record of the game (Reply::game_over_for).
  bool ends_game = false;
};

// Queues `mail` in work.out: to every confirmed address of each player, then of each
// watcher (neither gets a password; a watcher gets no game address), all threaded with
// the game's mail. The only loop over a game mail's recipients.
void send_game_mail(UnitOfWork& work, const GameRecord& record, const GameMail& mail);

// The board mail after a challenge, move, accepted undo or the clock's duties, as
// game_update sends it. Every member but the headline has a default, so that callers name
// only what they use (designated initializers).
struct BoardUpdate {
  std::string headline;  // first in every copy: what happened
  // The mail that ends a rated game shows them to the players.
  std::vector<RatingChange> rating_changes{};
  // Replaces the usual "<Game> #N: bob to move" when not empty.
  std::string subject{};
  // Only this player gets it (a reminder is that player's own), and no watcher.
  std::optional<std::int64_t> only_user{};
  // A paragraph for one player, after the headline (a conditional move's owner).
  std::function<std::string(const Account&)> player_note{};
  // A report of a move by this user in a game that goes on (GameMail::move_report_by).
  std::optional<std::int64_t> move_by{};
};

// Sends `update`: both players (only `only_user` when given) get it with the headline
// first, the player to move with a move prompt; the game's watchers get it too, without a
// move prompt.
void game_update(UnitOfWork& work, const GameRecord& record, const Game& game, const BoardUpdate& update);

// The board mail after a ply by `mover` stored with store_ply (end_of_ply.h): `headline`
// says what the ply did, `game` is the game after it. While the game goes on it is a report
// of a move: players and watchers with movemail off, other than the mover, do not get it. The plies then played at once from conditional
// moves follow the headline for everyone, and the board shows the game after them; the
// owner of each such ply reads that it was their conditional move and how many of their
// lines remain.
void ply_update(UnitOfWork& work, const PlyEnd& end, const Game& game, const std::string& headline,
                std::int64_t mover);

// Makes the users who watch every new game of the record's kind its watchers (a new game
// from a challenge or a rematch).
void add_kind_watchers(UnitOfWork& work, const GameRecord& record);

// "Watchers: 2" for `show`.
std::string watchers_line(UnitOfWork& work, const GameRecord& record);

}  // namespace pbem::server
