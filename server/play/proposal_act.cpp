#include "server/play/proposal_act.h"

#include <stdexcept>

#include "server/play/pending_proposal.h"

namespace pbem::server {

namespace {

// (Built in place from a reference: GCC 12 warns of a by-value variant of Proposals as
// maybe uninitialized.)
template <typename Done>
ActResult<Done, ProposalRefusal> refused(const ProposalRefusal& why) {
  return {std::variant<Done, ProposalRefusal>(std::in_place_index<1>, why), nullptr};
}

// What keeps a game from taking a proposal: aborted, over, or one pending already.
std::optional<ProposalRefusal> closed_to_proposals(UnitOfWork& work, const GameRecord& record) {
  if (record.aborted_by) return refusal::GameAborted{};
  if (!record.active) return refusal::GameOver{};
  if (auto pending = Proposals(work.db).pending(record.id)) return refusal::ProposalPending{*pending};
  return std::nullopt;
}

// The pending proposal `player_id` may answer; `accepting`: the proposer may not accept it.
std::variant<Proposal, ProposalRefusal> answerable(UnitOfWork& work, const GameRecord& record, std::int64_t player_id,
                                                   bool accepting) {
  // Every way a game ends here cancels its proposal; should another (a loss on time) not,
  // a finished game still takes no answer.
  if (!record.active) return refusal::NoProposalGameOver{};
  auto pending = Proposals(work.db).pending(record.id);
  if (!pending) {
    if (accepting) return refusal::NoProposalToAccept{};
    return refusal::NoProposalToDecline{};
  }
  if (accepting && pending->proposed_by == player_id) return refusal::OwnProposal{*pending};
  return *pending;
}

}  // namespace

ActResult<Proposal, ProposalRefusal> propose_undo(UnitOfWork& work, const GameRecord& record, std::int64_t player_id) {
  if (auto why = closed_to_proposals(work, record)) return refused<Proposal>(*why);
  const auto moves = work.records.moves(record.id);
  if (moves.empty()) return refused<Proposal>(refusal::NoMoveToTakeBack{});
  const StoredMove& last = moves.back();
  // (A stored move names its mover by userid.)
  const std::string& userid = record.players[0] == player_id ? record.userids[0] : record.userids[1];
  if (last.userid != userid) return refused<Proposal>(refusal::NotYourLastMove{last.ply, last.userid});
  return {make_proposal(work, record, ProposalKind::Undo, player_id), nullptr};
}

ActResult<Proposal, ProposalRefusal> propose_abort(UnitOfWork& work, const GameRecord& record, std::int64_t player_id) {
  if (auto why = closed_to_proposals(work, record)) return refused<Proposal>(*why);
  return {make_proposal(work, record, ProposalKind::Abort, player_id), nullptr};
}

ActResult<ProposalAccepted, ProposalRefusal> accept_proposal(UnitOfWork& work, const GameRecord& record,
                                                             std::int64_t player_id) {
  auto found = answerable(work, record, player_id, true);
  if (auto* why = std::get_if<ProposalRefusal>(&found)) return refused<ProposalAccepted>(*why);
  const Proposal proposal = std::get<Proposal>(found);
  answer_proposal(work, proposal, ProposalState::Accepted, player_id);
  if (proposal.kind == ProposalKind::Abort)
    return {ProposalAccepted{proposal, store_abort(work, record, proposal.proposed_by), std::nullopt}, nullptr};
  // Any ply cancels a proposal, so an undo's last ply is still the one it named.
  if (record.plies != proposal.at_ply)
    throw std::logic_error("game " + std::to_string(record.id) + " moved on under a pending undo");
  // The move goes from the moves with the takeback: kept first, for the words about it.
  const auto moves = work.records.moves(record.id);
  std::optional<StoredMove> taken_back;
  if (!moves.empty()) taken_back = moves.back();
  PlyEnd end = store_takeback(work, record, proposal.id);
  return {ProposalAccepted{proposal, std::move(end), std::move(taken_back)}, nullptr};
}

ActResult<ProposalDeclined, ProposalRefusal> decline_proposal(UnitOfWork& work, const GameRecord& record,
                                                              std::int64_t player_id) {
  auto found = answerable(work, record, player_id, false);
  if (auto* why = std::get_if<ProposalRefusal>(&found)) return refused<ProposalDeclined>(*why);
  const Proposal proposal = std::get<Proposal>(found);
  const bool withdrawn = proposal.proposed_by == player_id;
  answer_proposal(work, proposal, withdrawn ? ProposalState::Withdrawn : ProposalState::Declined, player_id);
  return {ProposalDeclined{proposal, withdrawn}, nullptr};
}

ActResult<AbortDone, AbortRefusal> abort_game(UnitOfWork& work, const GameRecord& record, std::int64_t player_id) {
  using Result = ActResult<AbortDone, AbortRefusal>;
  if (record.aborted_by) return Result{refusal::GameAborted{}, nullptr};
  if (!record.active) return Result{refusal::GameOver{}, nullptr};
  if (const auto of = work.competitions.of_game(work.db, record.id); of && !of->kind.games_may_abort())
    return Result{refusal::AbortInCompetition{of->of.kind, of->of.id, of->of.name}, nullptr};
  if (work.records.has_moved(record.id, player_id)) {
    auto proposed = propose_abort(work, record, player_id);
    if (proposed.done()) return Result{AbortDone{std::nullopt, std::get<Proposal>(proposed.outcome)}, nullptr};
    // Aborted and over were refused above: what is left is a proposal pending already.
    return Result{std::get<refusal::ProposalPending>(std::get<ProposalRefusal>(proposed.outcome)), nullptr};
  }
  return Result{AbortDone{store_abort(work, record, player_id), std::nullopt}, nullptr};
}

}  // namespace pbem::server
