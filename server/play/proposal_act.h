// The acts of proposals (an undo, an abort by agreement, their answers) and of `abort`: each
// one call that knows no channel. A mail command, a reply to a game address and the computer
// authenticate their player their own way and come here with the game and the player; what
// comes back is what was done, or a refusal as data (mailing/refusal_text.h words it). The
// storage steps and their events are pending_proposal.h's and end_of_ply.h's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "server/play/end_of_ply.h"
#include "server/play/ply_act.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"
#include "server/storage/proposals.h"

namespace pbem::server {

namespace refusal {
// (GameAborted and GameOver are ply_act.h's: the same facts refuse a proposal.)
// The game has a proposal waiting for its answer: one at a time.
struct ProposalPending {
  Proposal pending;
};
// An undo in a game with no move yet.
struct NoMoveToTakeBack {};
// An undo of a move that is not the player's: the game's last move is move `number`, by
// `mover` (a userid).
struct NotYourLastMove {
  int number = 0;
  std::string mover;
};
// An answer to a proposal of a game that is over.
struct NoProposalGameOver {};
// An accept, or a decline, with no proposal pending.
struct NoProposalToAccept {};
struct NoProposalToDecline {};
// An accept of the player's own proposal (they may withdraw it with a decline).
struct OwnProposal {
  Proposal proposal;
};
// An abort of a competition's game, which owes it a result: its kind, number and name
// (play/competitions.h).
struct AbortInCompetition {
  std::string kind;
  std::int64_t id = 0;
  std::string name;
};
}  // namespace refusal

using ProposalRefusal =
    std::variant<refusal::GameAborted, refusal::GameOver, refusal::ProposalPending, refusal::NoMoveToTakeBack,
                 refusal::NotYourLastMove, refusal::NoProposalGameOver, refusal::NoProposalToAccept,
                 refusal::NoProposalToDecline, refusal::OwnProposal>;
// `abort`'s own: its aborted game reads differently (how it was aborted, in a sentence of
// its own), and a competition's game refuses it.
using AbortRefusal = std::variant<refusal::GameAborted, refusal::GameOver, refusal::AbortInCompetition,
                                  refusal::ProposalPending>;

// `player_id`, a player of `record`, proposes to take back their own last move, which the
// opponent has not answered yet. The proposal as stored comes back.
ActResult<Proposal, ProposalRefusal> propose_undo(UnitOfWork& work, const GameRecord& record, std::int64_t player_id);
// `player_id` proposes to end `record` without a result (after their own first move:
// before it they abort alone, abort_game).
ActResult<Proposal, ProposalRefusal> propose_abort(UnitOfWork& work, const GameRecord& record, std::int64_t player_id);

// An accepted proposal: the proposal, what its end came to (the game as stored after the
// abort or the takeback), and for an undo the move it took back (gone from the moves now,
// and what the proposal's words name).
struct ProposalAccepted {
  Proposal proposal;
  PlyEnd end;
  std::optional<StoredMove> taken_back;
};
// `player_id` accepts the opponent's pending proposal: the game is aborted or its last move
// taken back.
ActResult<ProposalAccepted, ProposalRefusal> accept_proposal(UnitOfWork& work, const GameRecord& record,
                                                             std::int64_t player_id);

// A proposal answered no: declined by the opponent, or withdrawn by its proposer.
struct ProposalDeclined {
  Proposal proposal;
  bool withdrawn = false;
};
ActResult<ProposalDeclined, ProposalRefusal> decline_proposal(UnitOfWork& work, const GameRecord& record,
                                                              std::int64_t player_id);

// What `abort` did: ended the game alone (`end`: before the first move, or before the
// player's own first move; `record` as it was says which), or, once the player has moved,
// proposed it (`proposal`).
struct AbortDone {
  std::optional<PlyEnd> end;
  std::optional<Proposal> proposal;
  bool proposed() const { return proposal.has_value(); }
};
// `player_id`, a player of `record`, aborts it. Until their own first ply they end it alone
// (lichess' rule), whoever moved first: a game started on a forged From, with the forger's
// first move in it, is not theirs to keep; after it they need the opponent's consent.
ActResult<AbortDone, AbortRefusal> abort_game(UnitOfWork& work, const GameRecord& record, std::int64_t player_id);

}  // namespace pbem::server
