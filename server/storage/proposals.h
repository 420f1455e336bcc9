// Proposals in SQLite (table `proposals`, schema/010_proposals.sql): a player's `undo` or
// `abort` waiting for the opponent's answer. At most one is pending per game (a unique
// index says so too); accepting, declining or withdrawing answers it, any ply cancels it.
// What an accepted proposal does to the game is GameRecords' job (take_back_last, abort).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

enum class ProposalKind { Undo, Abort };
// Pending until answered; a ply cancels it.
enum class ProposalState { Pending, Accepted, Declined, Withdrawn, Cancelled };

struct Proposal {
  std::int64_t id = 0;
  std::int64_t game_id = 0;
  ProposalKind kind = ProposalKind::Undo;
  std::int64_t proposed_by = 0;  // user id
  std::string proposer;          // their userid
  int at_ply = 0;                // the game's plies when it was proposed
  ProposalState state = ProposalState::Pending;
  std::string created_at;
  std::optional<std::string> answered_at;
  std::optional<std::int64_t> answered_by;
};

// "undo" / "abort", as commands and the table spell them.
std::string proposal_kind_name(ProposalKind kind);

class Proposals {
 public:
  explicit Proposals(Database& db) : db_(db) {}

  // The game's pending proposal, if any.
  std::optional<Proposal> pending(std::int64_t game_id) const;
  // Records a new pending proposal. The caller checks first that none is pending; a second
  // one breaks the unique index (DatabaseError), so the rule holds whatever the caller does.
  Proposal propose(std::int64_t game_id, ProposalKind kind, std::int64_t user_id, int at_ply);
  // Answers a pending proposal: Accepted, Declined or Withdrawn, by `user_id`.
  void answer(const Proposal& proposal, ProposalState state, std::int64_t user_id);
  // Cancels the game's pending proposal because a ply was played; returns it (nothing when
  // none was pending).
  std::optional<Proposal> cancel_pending(std::int64_t game_id);
  // Every proposal of the game, oldest first (pending and answered).
  std::vector<Proposal> of_game(std::int64_t game_id) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
