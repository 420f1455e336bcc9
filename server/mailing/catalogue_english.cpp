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
    // game_commands.cpp: challenge, move, resign, show, games, history, chat, preview.
    PBEM_TEXT(SomeoneElsesAddressNote, "; this mail went to {player}'s game address from {from}, which is not {player}'s address, so it was read as {player}'s move: reply to your own board mail instead"),
    PBEM_TEXT(PlyAnsweredLead, "{player} played {ply} as move {number}, and"),
    PBEM_TEXT(ChallengeReplyElsewhereRefusal, "a challenge whose answer goes to a Reply-To other than its From is refused"),
    PBEM_TEXT(OpenInvitationWithoutChallenger, "an open invitation names its challenger: `challenge`, then your own userid, then `any`"),
    PBEM_TEXT(OpenInvitationUnconfirmedRefusal, "an open invitation must come from a confirmed address of {challenger} (this mail came from {from})"),
    PBEM_TEXT(SignedOffCannotInvite, "{challenger} has signed off and cannot invite"),
    PBEM_TEXT(RatingRangeNotOpenRefusal, "-rating is for an open invitation (challenge {first} any), not one to {second}"),
    PBEM_TEXT(TwoDifferentPlayersRefusal, "a game needs two different players"),
    PBEM_TEXT(ChallengeFromUnconfirmedOwnAddress, "this mail came from {from}, which is {player}'s address but not confirmed yet: send `confirm {player} <code>` with the code mailed to it (for a new code: `change address {player} <password> <this address>`); a challenge must come from a confirmed address"),
    PBEM_TEXT(ChallengeUnconfirmedRefusal, "a challenge must come from a confirmed address of {first} or {second} (this mail came from {from})"),
    PBEM_TEXT(NewGameHeadline, "New game: {title} #{{N}}, {first} ({first_colour}) against {second} ({second_colour})."),
    PBEM_TEXT(UnwantedGameNote, "\nNot a game you wanted? Until your own first move you can end it alone, no\nagreement needed, with:\n    {type} abort {game} {player} <password>\n"),
    PBEM_TEXT(GameIsOverRefusal, "game {game} is over"),
    PBEM_TEXT(AbortedBeforeFirstMoveNotice, "{player} ended {heading} before the first move.\nThe game is over without a result.\n"),
    PBEM_TEXT(AbortedBeforeOwnFirstMoveNotice, "{player} ended {heading} before their own first move.\nThe game is over without a result.\n"),
    PBEM_TEXT(AbortedSubject, "{title} #{game}: aborted by {player}"),
    PBEM_TEXT(PlyHeadline, "{player} ({colour}) played {ply} as move {number}."),
    PBEM_TEXT(SwapHeadline, "{player} swapped (move 2): {player} now plays {first_colour} and the first move; {other} plays {second_colour}."),
    PBEM_TEXT(ResignedHeadline, "{player} ({colour}) resigned.{cancelled}"),
    PBEM_TEXT(NoSuchMoveYetRefusal, "game {game} has only {plies} moves, so there is no move {ply}"),
    PBEM_TEXT(ShownBoard, "{heading}\n\n{board}\n"),
    PBEM_TEXT(ShownBoardAfterMove, "{heading} after move {ply}\n\n{board}\n"),
    PBEM_TEXT(ShownAborted, "The game was {aborted}.\n"),
    PBEM_TEXT(ShownOverOnTime, "The game is over: {state}.\n"),
    PBEM_TEXT(GameSubject, "{title} #{game}"),
    PBEM_TEXT(BoardsSubject, "{title} boards"),
    PBEM_TEXT(ReplyPlaysNote, "\nReplying to this mail with a move as its first line plays it for {player}.\n"),
    PBEM_TEXT(TooManyUseridsRefusal, "a list of games may name at most {most} userids, not {count}"),
    PBEM_TEXT(NextNeedsUseridRefusal, "'next' needs a userid: whose turn?"),
    PBEM_TEXT(GameListLine, "#{game}  {first} vs {second}  ({options}), {plies} moves, {state}"),
    PBEM_TEXT(NamedInHeading, ", {player}"),
    PBEM_TEXT(MoreNamedInHeading, " and {more} more"),
    PBEM_TEXT(GamesSubject, "{title} games"),
    PBEM_TEXT(GamesList, "{title} games ({filter}{named}):\n{lines}"),
    PBEM_TEXT(NoneListed, "(none)"),
    PBEM_TEXT(HistoryHeading, "{heading}: {first} against {second}, started {started}\n\n"),
    PBEM_TEXT(HistoryRow, "  {number} {player}  {ply}  {at}\n"),
    PBEM_TEXT(HistoryNoMoves, "  (no moves yet)\n"),
    PBEM_TEXT(HistoryTakenBack, "  Taken back: move {number} {ply} by {player}, played {played}, taken back {taken_back}\n"),
    PBEM_TEXT(HistoryAbortedResult, "\nResult: none, the game was {aborted}.\n"),
    PBEM_TEXT(HistoryResult, "\nResult: {state}.\n"),
    PBEM_TEXT(HistorySubject, "{title} #{game} history"),
    PBEM_TEXT(ChatSubject, "{title} #{game}: chat from {player}"),
    PBEM_TEXT(ChatText, "{player} says about {title} #{game}:\n\n{message}\n\nTo answer, send: {type} chat {game} {other} <password>\n"),
    PBEM_TEXT(ChatEmpty, "(the message was empty)"),
    PBEM_TEXT(ChatNotSent, "Not sent: {other} has no confirmed address yet.\n"),
    PBEM_TEXT(ChatSent, "Your message was sent to {other}.\n"),
    PBEM_TEXT(PreviewIllegalRefusal, "preview move {ply}: {why}"),
    PBEM_TEXT(PreviewBoard, "{heading} after the previewed moves {plies} (nothing was stored):\n\n{board}"),
    PBEM_TEXT(PreviewSubject, "{title} #{game} preview"),
    // proposal_commands.cpp: undo, abort by agreement, accept, decline, rematch.
    PBEM_TEXT(RematchHeadline, "Rematch of game {rematched}, asked for by {player}: {title} #{{N}}, {first} ({first_colour}) against {second} ({second_colour})."),
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
