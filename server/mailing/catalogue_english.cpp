// The English catalogue: one text per message, in the order of `Msg` (catalogue.h). A
// placeholder is `{name}`; `{{` and `}}` are a brace. Texts keep every blank and newline
// of the mail they go into: a reply reads byte for byte as its text here.
#include <algorithm>
#include <iterator>

#include "server/mailing/catalogue.h"

namespace pbem::server {

namespace {

// An entry whose key is its id's spelling, so that the two cannot differ.
#define PBEM_TEXT(id, words) CatalogueEntry{Msg::id, #id, words}

constexpr CatalogueEntry kEnglish[] = {
    // The refusals of a ply.
    PBEM_TEXT(GameAbortedRefusal, "game {game} was {aborted}"),
    PBEM_TEXT(GameOverRefusal, "game {game} is over: {result}"),
    PBEM_TEXT(NotYourTurnRefusal, "it is not your turn: {to_move} ({colour}) is to move in game {game}"),
    PBEM_TEXT(MoveNumberAheadRefusal,
              "move {asked} is not yet due; the game is at move {next}, so the #{asked} does not match"),
    PBEM_TEXT(MoveNumberBehindRefusal,
              "the board changed since move {asked}: this would be move {next}, so the #{asked} does not match"),
    PBEM_TEXT(IllegalPlyRefusal, "illegal move {ply}: {why}"),
    // The refusals of the operator's verdicts.
    PBEM_TEXT(NoSuchGameRefusal, "there is no game {game}"),
    PBEM_TEXT(NeverStartedRefusal, "game {game} is an invitation that never started"),
    PBEM_TEXT(AlreadyVoidRefusal, "game {game} is void already"),
    PBEM_TEXT(NotRunningRefusal, "game {game} is over; its result stands (pbem void takes a result away)"),
    PBEM_TEXT(NotAPlayerRefusal, "that user does not play in game {game}"),
    // The events, as a line of a game's log.
    PBEM_TEXT(GameStartedEvent, "Game {game} ({type}) started: {first} against {second}."),
    PBEM_TEXT(UnratedGameStartedEvent, "Game {game} ({type}, unrated) started: {first} against {second}."),
    PBEM_TEXT(PlyStoredEvent, "Game {game}, move {number}: {user} played {ply}."),
    PBEM_TEXT(PlyTakenBackEvent, "Game {game} was taken back to {plies} moves."),
    PBEM_TEXT(GameWonOnBoardEvent, "Game {game} is over after {plies} moves: {winner} won."),
    PBEM_TEXT(GameWonByResignationEvent, "Game {game} is over after {plies} moves: {winner} won by resignation."),
    PBEM_TEXT(GameWonOnTimeEvent, "Game {game} is over after {plies} moves: {winner} won on time."),
    PBEM_TEXT(GameAbortedEvent, "Game {game} was aborted by {by}, without a result."),
    PBEM_TEXT(GameNeverMovedEvent, "Game {game} ended without a result: {by} never moved."),
    PBEM_TEXT(GameVoidedEvent, "Game {game} was voided by the operator."),
    PBEM_TEXT(GameAdjudicatedEvent, "The operator gave game {game} to {winner}."),
    PBEM_TEXT(RatingsChangedEvent, "Ratings after game {game}: {changes}."),
    PBEM_TEXT(RatingChangeOfEvent, "{user} {before} to {after}"),
    PBEM_TEXT(ProposalMadeEvent, "{by} proposed {kind} in game {game}."),
    PBEM_TEXT(ProposalAcceptedEvent, "{by} accepted the {kind} proposed in game {game}."),
    PBEM_TEXT(ProposalDeclinedEvent, "{by} declined the {kind} proposed in game {game}."),
    PBEM_TEXT(ProposalCancelledEvent, "The {kind} proposed in game {game} was cancelled by a move."),
    PBEM_TEXT(InvitationSentEvent, "{by} invited {to} to game {game}."),
    PBEM_TEXT(OpenInvitationSentEvent, "{by} posted game {game} as an open invitation."),
    PBEM_TEXT(InvitationAcceptedEvent, "{by} accepted the invitation to game {game}."),
    PBEM_TEXT(InvitationDeclinedEvent, "{by} declined the invitation to game {game}."),
    PBEM_TEXT(InvitationWithdrawnEvent, "{by} withdrew the invitation to game {game}."),
    PBEM_TEXT(InvitationLapsedEvent, "The invitation to game {game} lapsed unanswered."),
    PBEM_TEXT(RoundStartedEvent, "Round {round} of tournament T#{tournament} began."),
    PBEM_TEXT(TournamentEndedEvent, "Tournament T#{tournament} ended."),
    PBEM_TEXT(SeasonEndedEvent, "Season {season} of league G#{league} ended."),
    PBEM_TEXT(RungsMovedEvent, "After game {game} of ladder L#{ladder}, its winner climbed to rung {rung}."),
};

#undef PBEM_TEXT

// Every message has its text, at its place.
constexpr bool in_order() {
  for (std::size_t i = 0; i < std::size(kEnglish); ++i)
    if (kEnglish[i].id != static_cast<Msg>(i)) return false;
  return std::size(kEnglish) == kMessageCount;
}
static_assert(in_order(), "kEnglish holds one text per Msg, in the order of Msg");

}  // namespace

std::span<const CatalogueEntry> english_catalogue() { return kEnglish; }

}  // namespace pbem::server
