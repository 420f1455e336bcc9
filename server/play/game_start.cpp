#include "server/play/game_start.h"

#include <chrono>

#include "server/play/game_clock.h"
#include "server/storage/game_invitations.h"

namespace pbem::server {

void start_game(UnitOfWork& work, GameRecord& record) {
  // The first turn is the first player's, but in a fork that begins after an odd ply.
  const std::int64_t first_to_move = record.to_move.value_or(record.players[0]);
  work.records.set_turn_clock(
      record, turn_clock(work.db, work.config.clock, record, first_to_move, std::chrono::system_clock::now()));
  work.record(event::GameStarted{record.id, record.type, record.players, record.rated});
}

void invitation_sent(UnitOfWork& work, const GameRecord& record, std::optional<std::int64_t> to) {
  work.record(event::InvitationSent{record.id, record.invited_by.value_or(record.players[0]), to});
}

GameRecord accept_invitation(UnitOfWork& work, const GameRecord& record, std::int64_t by) {
  const bool open = record.invitation == "open";
  GameRecord started = GameInvitations(work.db).start_invitation(record, open ? std::optional<std::int64_t>(by) : std::nullopt);
  work.record(event::InvitationAnswered{record.id, by, true});
  start_game(work, started);
  return started;
}

bool end_invitation(UnitOfWork& work, const GameRecord& record, std::optional<std::int64_t> by) {
  const bool withdrawn = by && record.invited_by == by;
  if (!GameInvitations(work.db).end_invitation(record, !by ? "lapsed" : withdrawn ? "withdrawn" : "declined")) return false;
  if (!by) work.record(event::InvitationLapsed{record.id});
  else if (withdrawn) work.record(event::InvitationWithdrawn{record.id, *by});
  else work.record(event::InvitationAnswered{record.id, *by, false});
  return true;
}

}  // namespace pbem::server
