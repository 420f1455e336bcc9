// Invitations (schema/030_invitations.sql): a game row waiting for its answer or taker,
// started or ended unstarted, and the listings of those waiting. Created by
// GameRecords::create with InvitationTerms.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/storage/game_records.h"

namespace pbem::server {

class GameInvitations {
 public:
  explicit GameInvitations(Database& db) : db_(db) {}

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
  // The first `limit` open invitations `user_id` posted that still wait, oldest first
  // (index games_invitations_by_inviter): a listing's page of them.
  std::vector<GameRecord> open_invitations_by(std::int64_t user_id, int limit) const;
  // How many invitations `user_id` sent that still wait, open ones included.
  int count_pending_invitations(std::int64_t user_id) const;
  // Whether an invitation between `a` and `b` waits for an answer (either way round).
  bool invitation_pending_between(std::int64_t a, std::int64_t b) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
