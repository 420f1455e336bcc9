#include "server/storage/proposals.h"

#include <stdexcept>

#include "server/support/clock.h"

namespace pbem::server {

namespace {

constexpr const char* kSelectProposal =
    "SELECT p.id, p.game_id, p.kind, p.proposed_by, u.userid, p.at_ply, p.state, p.created_at, p.answered_at, "
    "p.answered_by FROM proposals p JOIN users u ON u.id = p.proposed_by ";

const char* state_name(ProposalState state) {
  switch (state) {
    case ProposalState::Pending: return "pending";
    case ProposalState::Accepted: return "accepted";
    case ProposalState::Declined: return "declined";
    case ProposalState::Withdrawn: return "withdrawn";
    case ProposalState::Cancelled: return "cancelled";
  }
  throw std::logic_error("unknown proposal state");
}

ProposalState state_from_name(const std::string& name) {
  for (ProposalState state : {ProposalState::Pending, ProposalState::Accepted, ProposalState::Declined,
                              ProposalState::Withdrawn, ProposalState::Cancelled})
    if (name == state_name(state)) return state;
  throw std::runtime_error("proposal state '" + name + "' is not one the server writes");
}

Proposal proposal_from_row(Statement& row) {
  Proposal p;
  p.id = row.column_int(0);
  p.game_id = row.column_int(1);
  p.kind = row.column_text(2) == "abort" ? ProposalKind::Abort : ProposalKind::Undo;
  p.proposed_by = row.column_int(3);
  p.proposer = row.column_text(4);
  p.at_ply = static_cast<int>(row.column_int(5));
  p.state = state_from_name(row.column_text(6));
  p.created_at = row.column_text(7);
  p.answered_at = row.column_optional_text(8);
  p.answered_by = row.column_optional_int(9);
  return p;
}

}  // namespace

std::string proposal_kind_name(ProposalKind kind) { return kind == ProposalKind::Abort ? "abort" : "undo"; }

std::optional<Proposal> Proposals::pending(std::int64_t game_id) const {
  auto query = db_.prepare(std::string(kSelectProposal) + "WHERE p.game_id = ? AND p.state = 'pending'");
  query.bind(1, game_id);
  if (!query.step()) return std::nullopt;
  return proposal_from_row(query);
}

Proposal Proposals::propose(std::int64_t game_id, ProposalKind kind, std::int64_t user_id, int at_ply) {
  db_.prepare(
         "INSERT INTO proposals (game_id, kind, proposed_by, at_ply, state, created_at) "
         "VALUES (?, ?, ?, ?, 'pending', ?)")
      .bind_all(game_id, proposal_kind_name(kind), user_id, at_ply, now_iso8601())
      .run();
  return *pending(game_id);
}

void Proposals::answer(const Proposal& proposal, ProposalState state, std::int64_t user_id) {
  if (state == ProposalState::Pending || state == ProposalState::Cancelled)
    throw std::logic_error("a proposal is answered by accepting, declining or withdrawing it");
  auto update = db_.prepare(
      "UPDATE proposals SET state = ?, answered_at = ?, answered_by = ? WHERE id = ? AND state = 'pending'");
  update.bind_all(state_name(state), now_iso8601(), user_id, proposal.id).run();
  if (db_.changes() != 1)
    throw std::logic_error("proposal " + std::to_string(proposal.id) + " is not pending any more");
}

std::optional<Proposal> Proposals::cancel_pending(std::int64_t game_id) {
  auto found = pending(game_id);
  if (!found) return std::nullopt;
  db_.prepare("UPDATE proposals SET state = 'cancelled', answered_at = ? WHERE id = ?")
      .bind_all(now_iso8601(), found->id)
      .run();
  return found;
}

std::vector<Proposal> Proposals::of_game(std::int64_t game_id) const {
  auto query = db_.prepare(std::string(kSelectProposal) + "WHERE p.game_id = ? ORDER BY p.id");
  query.bind(1, game_id);
  std::vector<Proposal> all;
  while (query.step()) all.push_back(proposal_from_row(query));
  return all;
}

}  // namespace pbem::server
