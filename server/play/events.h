// What happened, as plain data (architecture.md, "Fifth milestone: acts, events and one
// renderer"): every act appends its events to the unit of work (UnitOfWork::record), which
// also writes them, in the same transaction, to the durable queue (storage/event_queue.h)
// that slow consumers drain after the commit (pipeline/event_delivery.h). An event names
// games and users by id and says nothing in words: who reads what about it is mailing/'s.
//
// Each kind has a fixed name (`kind_name`), the row's `kind` in the queue, and a JSON form
// (`event_data` / `event_from`) that a consumer reads back; a new kind is one struct here,
// one alternative of `Event` and its name and fields in events.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace pbem::server {

// How a game ended. `Board`: a connection on the board; `Aborted`: without a result, by
// its players; `NeverMoved`: without a result, by the clock, because `by` never moved;
// `Voided`: without a result, by the operator (`pbem void`, also of a game over already);
// `Adjudicated`: a win the operator gave (`pbem adjudicate`).
enum class GameEnd { Board, Resigned, Time, Aborted, NeverMoved, Voided, Adjudicated };

namespace event {

// A game began: a challenge started at once, an invitation accepted or taken, a
// competition's pairing. `players` by seat (as games.player0/player1).
struct GameStarted {
  std::int64_t game = 0;
  std::string type;
  std::array<std::int64_t, 2> players{};
  bool rated = true;
};
// A ply was stored as ply `number` of the game, by `user` holding `colour`.
struct PlyStored {
  std::int64_t game = 0;
  int number = 0;
  std::string ply;
  int colour = 0;
  std::int64_t user = 0;
};
// An accepted undo took the game back to `plies` plies.
struct PlyTakenBack {
  std::int64_t game = 0;
  int plies = 0;
};
// A game ended: the winner (none for an abort), why, and for an abort who ended it (or
// whose time ran out before their first ply).
struct GameEnded {
  std::int64_t game = 0;
  std::optional<std::int64_t> winner;
  GameEnd reason = GameEnd::Board;
  std::optional<std::int64_t> by;
  int plies = 0;
};
// A rated game's end changed its players' ratings.
struct RatingsChanged {
  struct Change {
    std::int64_t user = 0;
    double before = 0, after = 0;
  };
  std::int64_t game = 0;
  std::vector<Change> changes;
};
// A proposal (an undo or an abort) was made, answered, or cancelled by a ply.
struct ProposalMade {
  std::int64_t game = 0;
  std::string kind;  // "undo" | "abort"
  std::int64_t by = 0;
};
struct ProposalAnswered {
  std::int64_t game = 0;
  std::string kind;
  std::int64_t by = 0;
  bool accepted = false;
};
struct ProposalCancelled {
  std::int64_t game = 0;
  std::string kind;
};
// An invitation to game `game` (a game row waiting): sent by `by` to `to` (none for an
// open one), answered, withdrawn by its challenger, or lapsed.
struct InvitationSent {
  std::int64_t game = 0;
  std::int64_t by = 0;
  std::optional<std::int64_t> to;
};
struct InvitationAnswered {
  std::int64_t game = 0;
  std::int64_t by = 0;
  bool accepted = false;
};
struct InvitationWithdrawn {
  std::int64_t game = 0;
  std::int64_t by = 0;
};
struct InvitationLapsed {
  std::int64_t game = 0;
};
// A competition moved on: a tournament's round began (round 1: the tournament began), a
// tournament ended, a league's season ended, a ladder's rungs moved after a climb.
struct RoundStarted {
  std::int64_t tournament = 0;
  int round = 0;
};
struct TournamentEnded {
  std::int64_t tournament = 0;
};
struct SeasonEnded {
  std::int64_t league = 0;
  int season = 0;
};
struct RungsMoved {
  std::int64_t ladder = 0;
  std::int64_t game = 0;
  int climbed_to = 0;
};

}  // namespace event

using Event = std::variant<event::GameStarted, event::PlyStored, event::PlyTakenBack, event::GameEnded,
                           event::RatingsChanged, event::ProposalMade, event::ProposalAnswered,
                           event::ProposalCancelled, event::InvitationSent, event::InvitationAnswered,
                           event::InvitationWithdrawn, event::InvitationLapsed, event::RoundStarted,
                           event::TournamentEnded, event::SeasonEnded, event::RungsMoved>;

// The kind's fixed name ("ply_stored", ...): the queue row's `kind`, and what a consumer
// filters on.
std::string_view kind_name(const Event& event);
// Every kind's name, in the order of `Event`'s alternatives (for tests and docs).
std::vector<std::string_view> kind_names();
// The game an event concerns, if it concerns one (not a round, a tournament's end or a
// season).
std::optional<std::int64_t> game_of(const Event& event);
// The event's fields as a JSON object's text, and back; event_from throws
// std::invalid_argument for an unknown kind or a malformed object.
std::string event_data(const Event& event);
Event event_from(std::string_view kind, std::string_view data);

}  // namespace pbem::server
