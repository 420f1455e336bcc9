// The English catalogue: one text per message, in the order of `Msg` (catalogue.h). A
// placeholder is `{name}`; `{{` and `}}` are a brace. Texts keep every blank and newline
// of the mail they go into: a reply reads byte for byte as its text here.
#include <algorithm>
#include <iterator>

#include "server/catalogue/catalogue.h"

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
    PBEM_TEXT(InCompetitionRefusal, "game {game} is a game of {kind} {competition}, which needs its result: adjudicate "
                                    "it instead (pbem adjudicate {game} USERID --reason TEXT)"),
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
    PBEM_TEXT(LeftCompetitionResignedHeadline, "{player} ({colour}) left {competition} and resigned.{cancelled}"),
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
    PBEM_TEXT(RecordSubject, "{title} #{game}: record"),
    PBEM_TEXT(AllRecordsSubject, "Records of {userid}"),
    PBEM_TEXT(AllRecordsText,
              "The records of {count} finished games of {userid}, the earliest ended first, are attached: "
              "{userid}-records.sgf (one game tree each, for any SGF reader) and {userid}-records.json (the "
              "pbem-record/1 records). They are the public records: no private notes.\n"),
    PBEM_TEXT(AllRecordsNone, "{userid} has no finished games here that match.\n"),
    PBEM_TEXT(AllRecordsMore,
              "\n{more} more did not fit in this mail. For them, send:\n    {command}\n"),
    PBEM_TEXT(AllRecordsNoSuchGame, "{game} is not a game here"),
    PBEM_TEXT(NoteSubject, "{title} #{game}: note kept"),
    PBEM_TEXT(NoteKeptPrivate,
              "Your note on {title} #{game} is kept after move {ply}. It is private: only you ever see it, in "
              "`{type} notes {game}`, in your own record of the game and in your game-over mail.\n"),
    PBEM_TEXT(NoteKeptSealed,
              "Your sealed note on {title} #{game} is kept after move {ply}. Only you see it until the game ends; "
              "then it is public: in both game-over mails, in every record of the game and on the web.\n"),
    PBEM_TEXT(NoteEmptyRefusal,
              "a note needs its text: write it in the body of your mail, above any quote (in a reply to your game "
              "address, on the lines below `note`)"),
    PBEM_TEXT(NoteTooLongRefusal, "a note is at most {limit} characters, and yours has {length}"),
    PBEM_TEXT(NoteLimitRefusal, "you keep {limit} notes in game {game} already, the most one player may keep in a game"),
    PBEM_TEXT(NotesSubject, "{title} #{game}: your notes"),
    PBEM_TEXT(NotesNone, "You have no notes in {title} #{game}.\n"),
    PBEM_TEXT(NotesHeading, "Your notes in {title} #{game}: {count}.\n"),
    PBEM_TEXT(NotesRowPrivate, "\nAfter move {ply}, written {written}:\n{text}\n"),
    PBEM_TEXT(NotesRowSealed, "\nAfter move {ply}, sealed, written {written}:\n{text}\n"),
    PBEM_TEXT(ForkHeadline,
              "{player} forked {title} #{source} at move {ply}: {title} #{{N}}, {first} against {second}, "
              "unrated, goes on from there."),
    PBEM_TEXT(ForkRunningRefusal,
              "game {game} is still being played: a fork is of a finished game only (no help while a game is under "
              "way)"),
    PBEM_TEXT(ForkPlyRefusal, "game {game} has moves 0 to {plies} to fork from"),
    PBEM_TEXT(ForkOverRefusal, "game {game} is already over after move {ply}: fork it from an earlier move"),
    PBEM_TEXT(ForkYourselfRefusal, "a fork is played against someone else: name another player, or none for the computer"),
    PBEM_TEXT(ForkOfHeading, ", fork of #{source} at ply {ply}"),
    PBEM_TEXT(ChatSubject, "{title} #{game}: chat from {player}"),
    PBEM_TEXT(ChatText, "{player} says about {title} #{game}:\n\n{message}\n\nTo answer, send: {type} chat {game} {other} <password>\n"),
    PBEM_TEXT(ChatNotSent, "Not sent: {other} has no confirmed address yet.\n"),
    PBEM_TEXT(ChatSent, "Your message was sent to {other}.\n"),
    PBEM_TEXT(PreviewIllegalRefusal, "preview move {ply}: {why}"),
    PBEM_TEXT(PreviewBoard, "{heading} after the previewed moves {plies} (nothing was stored):\n\n{board}"),
    PBEM_TEXT(PreviewSubject, "{title} #{game} preview"),
    PBEM_TEXT(RatingsSubject, "{title} ratings"),
    PBEM_TEXT(RatingsHeading, "{title} ratings (Glicko-2; ? = provisional, ± = rating deviation):\n\n"),
    PBEM_TEXT(NoRatedGameYet, "{userid}  no rated {game} game yet"),
    PBEM_TEXT(NobodyRatedYet, "(nobody has finished a rated game yet)"),
    // proposal_commands.cpp: undo, abort by agreement, accept, decline, rematch.
    PBEM_TEXT(RematchHeadline, "Rematch of game {rematched}, asked for by {player}: {title} #{{N}}, {first} ({first_colour}) against {second} ({second_colour})."),
    PBEM_TEXT(ProposalPendingRefusal, "game {game} already has a pending proposal: {proposer} proposed to {asks}. {other} must accept or decline it first (or {proposer} withdraws it with decline); one proposal at a time"),
    PBEM_TEXT(AbortProposedSubject, "{title} #{game}: {proposer} proposes to abort the game"),
    PBEM_TEXT(UndoProposedSubject, "{title} #{game}: {proposer} proposes to take back a move"),
    PBEM_TEXT(ProposalLead, "{proposer} proposes to {asks} in {heading}.\n\n"),
    PBEM_TEXT(ProposalWaits, "Your proposal waits for {other}'s answer; both of you get a mail with it.\nTo withdraw it, send:\n    {type} decline {game} {player} <password>\n"),
    PBEM_TEXT(ProposalHowToAnswer, "To agree, send:\n    {type} accept {game} {player} <password>\nTo refuse:\n    {type} decline {game} {player} <password>\nOr reply to this mail with accept or decline as the first line:\nno password needed. A move instead cancels the proposal.\n"),
    PBEM_TEXT(NoProposalOverRefusal, "game {game} is over: there is no proposal to answer"),
    PBEM_TEXT(NoProposalToAcceptRefusal, "there is no pending proposal in game {game} to accept (a player proposes with undo or abort)"),
    PBEM_TEXT(NoProposalToDeclineRefusal, "there is no pending proposal in game {game} to decline (a player proposes with undo or abort)"),
    PBEM_TEXT(OwnProposalRefusal, "you proposed to {asks} yourself: only {other} can accept it (you can withdraw it with decline)"),
    PBEM_TEXT(NoMoveToTakeBackRefusal, "game {game} has no move to take back"),
    PBEM_TEXT(NotYourLastMoveRefusal, "the last move of game {game}, move {number}, is {player}'s, not yours: you can only propose to take back your own last move, before your opponent has moved since"),
    PBEM_TEXT(ProposalAccepted, "{player} accepted {proposer}'s proposal to {asks}."),
    PBEM_TEXT(ProposalWithdrawn, "{player} withdrew the proposal to {asks}"),
    PBEM_TEXT(ProposalDeclined, "{player} declined {proposer}'s proposal to {asks}"),
    PBEM_TEXT(ProposalAnswerNotice, "{outcome}.\n\n{heading} goes on: {mover} is to move.\n"),
    PBEM_TEXT(ProposalWithdrawnSubject, "{title} #{game}: proposal withdrawn"),
    PBEM_TEXT(ProposalDeclinedSubject, "{title} #{game}: proposal declined"),
    PBEM_TEXT(RematchOfRunningGameRefusal, "game {game} is still being played: a rematch follows a finished game"),
    PBEM_TEXT(RematchWaiting, " (an invitation waiting for an answer)"),
    PBEM_TEXT(RematchInvitationEnded, " (its invitation was {how})"),
    PBEM_TEXT(RematchTakenRefusal, "game {game} already has its rematch: game {rematch}{state}"),
    PBEM_TEXT(SignedOffNoRematchRefusal, "{player} has signed off and cannot play a rematch"),
    // account_commands.cpp: signup, confirm, change, signoff, list, message, all show, set.
    PBEM_TEXT(SecurityNoticeSubject, "Security notice: {what} of {userid} changed"),
    PBEM_TEXT(SecurityNotice, "The {what} of your {server} account {userid} was changed at {at} (UTC) by a mail from {from}.\n\nIf this was you, nothing needs to be done.\n\nIf this was not you, someone else knows your password and may now control\nyour account: reply to this mail or contact the operator of {server}.\n"),
    PBEM_TEXT(PasswordWord, "password"),
    PBEM_TEXT(SecurityAddresses, "addresses"),
    PBEM_TEXT(UseridTakenRefusal, "the userid '{userid}' is taken; choose another"),
    PBEM_TEXT(UseridAnyRefusal, "the userid 'any' stands for anyone in a challenge; choose another"),
    PBEM_TEXT(UseridOfComputerRefusal, "the userid '{userid}' is the computer opponent's; choose another"),
    PBEM_TEXT(OneAccountPerMailRefusal, "one mail creates at most one account: send each signup in a mail of its own"),
    PBEM_TEXT(AccountsPerDayRefusal, "this address has made {most} accounts in the last 24 hours, the most allowed; try again tomorrow"),
    PBEM_TEXT(WelcomeText, "Welcome to {server}, {userid}.\n\nYour account is made. Mail about your games will go to these addresses\nonce each is confirmed:\n    {addresses}\n"),
    PBEM_TEXT(WelcomeNotes, "\n{notes}"),
    PBEM_TEXT(WelcomeEnd, "\nKeep your password safe: it is needed for every move and is never mailed back.\n\nTo start a game, challenge another player, e.g.\n    hy3 challenge {userid} <their userid>\nSend `help tutorial` for a walk-through.\n"),
    PBEM_TEXT(WelcomeSubject, "Welcome, {userid}"),
    PBEM_TEXT(WrongCodeRefusal, "that code does not confirm any address of {userid} (it may be mistyped, used already, or expired: `change address` sends a new one)"),
    PBEM_TEXT(AddressConfirmedSubject, "Address confirmed"),
    PBEM_TEXT(AddressConfirmed, "{address} is confirmed for {userid}:\nmail about your games now goes there.\n"),
    PBEM_TEXT(PasswordChangedSubject, "Password changed"),
    PBEM_TEXT(PasswordChanged, "The password of {userid} has been changed.\n"),
    PBEM_TEXT(AddressesNow, "The addresses of {userid} are now:\n    {addresses}\n"),
    PBEM_TEXT(AddressesEnd, "\nMail about your games goes to the confirmed ones.\n"),
    PBEM_TEXT(AddressesChangedSubject, "Addresses changed"),
    PBEM_TEXT(AlreadySignedOffRefusal, "{userid} has already signed off"),
    PBEM_TEXT(SignedOffSubject, "Signed off"),
    PBEM_TEXT(SignedOff, "{userid} has signed off. Your games stay on record and you can still\nfinish them, but nobody can challenge you to new games.\n{invitations}{competitions}"),
    PBEM_TEXT(SignoffEndedInvitations, "Your {count} invitation(s) waiting for an answer ended.\n"),
    PBEM_TEXT(GamesPlayedHere, "Games played on {server}:\n"),
    PBEM_TEXT(GameTypeEntry, "\n{name} - {summary}\n  options:\n{options}"),
    PBEM_TEXT(NoSuchGameTypes, "\nThere is no such game here:\n{games}"),
    PBEM_TEXT(GamesHereSubject, "Games on this server"),
    PBEM_TEXT(TooManyRecipientsRefusal, "a message may go to at most {most} userids, not {count}"),
    PBEM_TEXT(MessageEmpty, "(the message was empty)"),
    PBEM_TEXT(MessageSubject, "Message from {sender}"),
    PBEM_TEXT(MessageText, "Message from {sender} (reply with: message {to} <password> {sender}):\n\n{message}\n"),
    PBEM_TEXT(MessageSentToNobody, "Your message was sent to nobody.\n"),
    PBEM_TEXT(MessageSentTo, "Your message was sent to {reached}.\n"),
    PBEM_TEXT(MessageNotSentTo, "Not sent to {unreachable}: no confirmed address yet.\n"),
    PBEM_TEXT(MessageSentSubject, "Message sent"),
    PBEM_TEXT(NotAFilterRefusal, "{filter} is not a filter: use next or active"),
    PBEM_TEXT(AllShowLine, "{type} #{game}  {first} ({first_colour}) vs {second} ({second_colour}), {plies} moves, {state}"),
    PBEM_TEXT(AllShowOpenInvitations, "\nOpen invitations:\n{lines}"),
    PBEM_TEXT(AllShowRating, "  {standing}\n"),
    PBEM_TEXT(AllShowRatings, "\nRatings:\n{ratings}"),
    PBEM_TEXT(AllShowSubject, "Games of {userid}"),
    PBEM_TEXT(AllShowText, "Games of {userid} ({filter}):\n{games}"),
    PBEM_TEXT(MessagesSubject, "Messages {value}"),
    PBEM_TEXT(MessagesOn, "Other players' `message` and `chat` reach you again.\n"),
    PBEM_TEXT(MessagesOff, "Other players' `message` and `chat` to you are now refused (\"{refusal}\"); game mail still comes.\n"),
    PBEM_TEXT(AnnouncementsSubject, "Announcements {value}"),
    PBEM_TEXT(RecordsSettingSubject, "Records {value}"),
    PBEM_TEXT(RecordsSettingOn,
              "The mail that ends each of your games carries its SGF record (with your own notes) again.\n"),
    PBEM_TEXT(RecordsSettingOff,
              "The mail that ends each of your games no longer carries its SGF record; `<game> record` still mails "
              "one.\n"),
    PBEM_TEXT(ChallengesSubject, "Challenges: {value}"),
    PBEM_TEXT(ChallengesAuto, "A challenge to you now starts the game at once, with no invitation to answer.\n"),
    PBEM_TEXT(ChallengesNone, "Every challenge to you is now refused (a rematch too).\n"),
    PBEM_TEXT(ChallengesInvite, "A challenge to you is now an invitation: the game starts when you accept it.\n"),
    PBEM_TEXT(PicturesSubject, "Pictures {value}"),
    PBEM_TEXT(PicturesOn, "Your game mails now show the board as a picture above the text board.\n"),
    PBEM_TEXT(PicturesOff, "Your game mails now show only the text board (no picture), which keeps them small.\n"),
    PBEM_TEXT(ResetCodeSubject, "Password reset code for {userid} at {server}"),
    PBEM_TEXT(ResetCodeText, "Someone (perhaps you) asked {server} for a code to reset the password of\n{userid}, in a mail from {from}.\n\nTo choose a new password, send a mail (from any address) with the Subject\n\n    reset {userid} {code} <new password>\n\nwith your new password in place of <new password>. The code works once, until\n{until}. Board mails sent before the reset can no longer be answered with\na move; the next ones can.\n\nIf this was not you, ignore this mail: the password stays as it is, and the\ncode is of no use to anyone without this mail.\n"),
    PBEM_TEXT(ForgotSubject, "Password reset"),
    PBEM_TEXT(ForgotText, "If the userid you named is an account here with a confirmed address, a code\nto reset its password has been mailed to each of its confirmed addresses, and\nto no other address. The code works for an hour; its mail says how.\n\nThis answer reads the same whoever asks, and whether or not the account\nexists. No code came? Codes go out at most 3 times a day for one account, and\nnever to an address that is not confirmed; the operator of {server} can help.\n"),
    PBEM_TEXT(WrongResetCodeRefusal, "that code does not reset the password of the account named: it may be mistyped, used already or over an hour old (`forgot` and the userid mails a new one)"),
    PBEM_TEXT(ResetDoneSubject, "Password reset for {userid}"),
    PBEM_TEXT(ResetDone, "The password of {userid} has been reset: use the new one from now on.\n\nBoard mails sent before the reset can no longer be answered with a move\n(their reply addresses retired with the old password); the next ones can.\nEvery confirmed address of {userid} is told of the reset.\n"),
    PBEM_TEXT(ResetNotice, "The password of your {server} account {userid} was reset at {at} (UTC),\nwith a code mailed to your confirmed addresses, by a mail from {from}.\n\nIf this was you, nothing needs to be done.\n\nIf this was not you, someone can read the mail of one of your confirmed\naddresses: secure that mailbox, send `forgot {userid}` to reset the password\nagain, and tell the operator of {server}.\n"),
    PBEM_TEXT(ExportSubject, "Your data at {server}: {userid}"),
    PBEM_TEXT(ExportText, "Attached, {file}: everything {server} keeps about the account {userid},\nas of {at} (UTC): the account with its addresses and settings, the records\nof its games and invitations, its ratings, blocks, vacations, competitions\nand subscriptions, in JSON (\"format\": \"pbem-export/1\"; the server's\ndocs/export.md describes every field).\n"),
    PBEM_TEXT(DeleteCodeSubject, "Code to delete {userid} at {server}"),
    PBEM_TEXT(DeleteCodeText, "Someone who knows the password of {userid} asked {server} to delete the\naccount, in a mail from {from}.\n\nTo delete it for good, send a mail with the Subject\n\n    delete {userid} <password> {code}\n\nwith the password in place of <password>. The code works once, until\n{until}.\n\nDeleting ends your running games as your resignation, withdraws your\ninvitations and takes you out of every tournament, league and ladder. Your\naddresses, password, settings, notes, blocks and subscriptions are erased, and\nso is every mail the server keeps for you; in the records of your games you\nare `deleted`, and the userid {userid} can never be signed up again. To keep\nyour data, send `export {userid} <password>` first.\n\nIf this was not you, someone knows your password: change it now with\n`change password {userid} <password> <new password>`, and ignore this mail.\n"),
    PBEM_TEXT(DeleteCodeSentSubject, "Deleting {userid}"),
    PBEM_TEXT(DeleteCodeSent, "A code to delete {userid} has been mailed to each of its confirmed\naddresses. It works for an hour; its mail says how. Nothing is deleted until\nit is sent back.\n"),
    PBEM_TEXT(DeleteNoConfirmedAddressRefusal, "{userid} has no confirmed address to mail the code to that deletes it: confirm one first (its confirmation mail says how)"),
    PBEM_TEXT(DeleteCodesUsedUpRefusal, "{userid} was mailed {most} codes to delete it in the last 24 hours already: use the newest (each works for an hour), or ask again tomorrow"),
    PBEM_TEXT(WrongDeleteCodeRefusal, "that code does not delete {userid}: it may be mistyped, used already or over an hour old (`delete {userid} <password>` mails a new one)"),
    PBEM_TEXT(ComputerCannotBeDeletedRefusal, "{userid} is the computer opponent's account, which cannot be deleted"),
    PBEM_TEXT(ErasedSubject, "{userid} deleted"),
    PBEM_TEXT(Erased, "The account {userid} is deleted.\n{games}{invitations}{competitions}\nIts addresses, password, settings, notes, blocks and subscriptions are erased,\nand so is every mail the server kept for it; in the records of its games it is\n`deleted`. The userid {userid} cannot be signed up again.\n\nThis is the last mail {server} sends you. Once it is delivered, the server\nkeeps no trace of your address.\n"),
    PBEM_TEXT(ErasedResignedGames, "Your {count} running game(s) ended as your resignation.\n"),
    PBEM_TEXT(ErasedAndResignedHeadline, "{player} ({colour}) deleted their account and resigned.{cancelled}"),
    PBEM_TEXT(InvitationWithdrawnByErasure, "{player} deleted their account: the invitation to {title} #{game} sent to {other} is withdrawn.\n"),
    PBEM_TEXT(InvitationDeclinedByErasure, "{player} deleted their account: the invitation to {title} #{game} from {other} is declined.\n"),
    PBEM_TEXT(YourAccountHelp, "Forgot your password? `forgot alice` mails a code to alice's confirmed\naddresses (there only, at most 3 times a day); `reset alice <code> <new\npassword>` within the hour sets the new password, as `change password` does.\n`export alice mysecret` mails everything kept about your account as a file,\nalice-data.json. `delete alice mysecret` mails a code that deletes the\naccount for good: `delete alice mysecret <code>` within the hour.\n"),
    // invitation_commands.cpp: invitations, open invitations, their answers and lapses, blocks.
    PBEM_TEXT(SignedOffCannotPlayRefusal, "{player} has signed off and cannot play"),
    PBEM_TEXT(UnconfirmedCannotPlayRefusal, "{player} has no confirmed address yet and cannot play until it is confirmed"),
    PBEM_TEXT(YouBlockedRefusal, "you have blocked {other}: unblock them first to play them"),
    PBEM_TEXT(SharedMailboxOpenRefusal, "{first} and {second} share a mailbox: an account cannot take an open invitation of another account of the same mailbox"),
    PBEM_TEXT(SharedMailboxRatedRefusal, "{first} and {second} share a mailbox, so a game between them cannot be rated: challenge with -unrated"),
    PBEM_TEXT(PendingInvitationsLimitRefusal, "{challenger} already has {most} invitations waiting for an answer, the most there may be: wait for answers, or withdraw one with decline"),
    PBEM_TEXT(InvitationWithoutPasswordNote, "\nIt came in a mail from {from} without a password. If you did not send it, withdraw it as above.\n"),
    PBEM_TEXT(OpenInvitationForLine, "  {title} {line}\n"),
    PBEM_TEXT(OpenInvitationPostedSubject, "{title} #{game}: open invitation posted"),
    PBEM_TEXT(OwnOpenInvitationRefusal, "game {game} is your own open invitation: someone else takes it (you can withdraw it with decline)"),
    PBEM_TEXT(OpenInvitationTakenRefusal, "game {game} was an open invitation, and {took} took it first: it is being played (see {type} invitations for others)"),
    PBEM_TEXT(OutOfRatingRangeRefusal, "game {game} is open to players rated {low} to {high} in {title}, and {player}'s rating is {rating}"),
    PBEM_TEXT(OpenInvitationTakenHeadline, "{taker} took {challenger}'s open invitation. New game: {title} #{game}, {first} ({first_colour}) against {second} ({second_colour})."),
    PBEM_TEXT(InvitationBetweenPendingRefusal, "an invitation between {first} and {second} already waits for an answer: one at a time"),
    PBEM_TEXT(InvitationSentSubject, "{title} #{game}: invitation sent to {invitee}"),
    PBEM_TEXT(OpenInvitationWithdrawn, "Your open invitation {title} #{game} is withdrawn; nobody can take it any more.\n"),
    PBEM_TEXT(OwnInvitationRefusal, "you sent the invitation to game {game} yourself: only {other} can accept it (you can withdraw it with decline)"),
    PBEM_TEXT(InvitationAcceptedHeadline, "{player} accepted {other}'s invitation. New game: {title} #{game}, {first} ({first_colour}) against {second} ({second_colour})."),
    PBEM_TEXT(InvitationWithdrawnNotice, "{player} withdrew the invitation to {title} #{game} sent to {other}.\n"),
    PBEM_TEXT(InvitationDeclinedNotice, "{player} declined {other}'s invitation to {title} #{game}.\n"),
    PBEM_TEXT(InvitationWithdrawnSubject, "{title} #{game}: invitation withdrawn"),
    PBEM_TEXT(InvitationDeclinedSubject, "{title} #{game}: invitation declined"),
    PBEM_TEXT(GameNeverStarted, "The game never started: it is not rated and not listed.\n"),
    PBEM_TEXT(InvitationWithdrawnBySignoff, "{player} signed off: the invitation to {title} #{game} sent to {other} is withdrawn.\n"),
    PBEM_TEXT(InvitationDeclinedBySignoff, "{player} signed off: the invitation to {title} #{game} from {other} is declined.\n"),
    PBEM_TEXT(InvitationLapsedSubject, "{title} #{game}: invitation lapsed"),
    PBEM_TEXT(InvitationLapsed, "Your invitation to {title} #{game} sent to {invitee} lapsed after {days} days without an answer.\nThe game never started: it is not rated and not listed.\n"),
    PBEM_TEXT(OpenInvitationLapsed, "Your invitation to {title} #{game} (open to anyone) lapsed after {days} days without an answer.\nThe game never started: it is not rated and not listed.\n"),
    PBEM_TEXT(OpenInvitationsSubject, "{title} open invitations"),
    PBEM_TEXT(OpenInvitationsList, "Open invitations to {title}, newest first (the challenger's rating in brackets):\n{lines}\nTake one with: {type} accept <number> <userid> <password>\nPost one with: {type} challenge <userid> any [-options] [-rating=LO-HI]\n"),
    PBEM_TEXT(BlockedUsersSubject, "Blocked users"),
    PBEM_TEXT(BlockedUsers, "Users {owner} has blocked:\n{lines}"),
    PBEM_TEXT(BlockSelfRefusal, "you cannot block yourself"),
    PBEM_TEXT(BlockedSubject, "Blocked {other}"),
    PBEM_TEXT(NowBlocked, "{other} is now blocked: {means}"),
    PBEM_TEXT(BlockedAlready, "{other} was blocked already: {means}"),
    PBEM_TEXT(BlockMeans, "their challenges, acceptances of your open invitations, ladder climbs, chat and messages to you are refused, without telling them why, and an invitation between you that waited is withdrawn.\nTo undo it, send: unblock {owner} <password> {other}\n"),
    PBEM_TEXT(UnblockedSubject, "Unblocked {other}"),
    PBEM_TEXT(NoLongerBlocked, "{other} is no longer blocked.\n"),
    PBEM_TEXT(WasNotBlocked, "{other} was not blocked.\n"),
    // invitation_text.cpp: an invitation's mail, its terms and its lines in lists.
    PBEM_TEXT(InvitationSubject, "{title} #{game}: invitation from {challenger}"),
    PBEM_TEXT(FirstMoverSeats, "{first} ({first_colour}); {second} plays {second_colour}"),
    PBEM_TEXT(FirstMoverTaker, "the taker ({first_colour}); {challenger} plays {second_colour}"),
    PBEM_TEXT(FirstMoverChallenger, "{challenger} ({first_colour}); the taker plays {second_colour}"),
    PBEM_TEXT(WeekendsOff, ", weekends off"),
    PBEM_TEXT(ClockBank, "a time bank of {bank} (-clock){weekends}"),
    PBEM_TEXT(ClockDaysPerMove, "{days} days per move{weekends}"),
    PBEM_TEXT(ClockNone, "no time limit"),
    PBEM_TEXT(InvitationTermsHead, "  Options:     {options}\n  First move:  {first_mover}\n  Clock:       {clock}, from the moment it is accepted\n"),
    PBEM_TEXT(InvitationTermsFork, "  Fork of:     #{source} at ply {ply}, {mover} to move\n"),
    PBEM_TEXT(InvitationTermsRange, "  Open to:     players rated {low} to {high}\n"),
    PBEM_TEXT(InvitationTermsTail, "  Rated:       {rated}\n  Lapses:      {lapses} if not answered\n"),
    PBEM_TEXT(Yes, "yes"),
    PBEM_TEXT(No, "no"),
    PBEM_TEXT(InvitationText, "{challenger} invites you to play {title} #{game}.\n\n{terms}\nTo accept, reply to this mail with accept as its first line (no password needed),\nor send:\n    {type} accept {game} {invitee} <password>\nTo decline, reply with decline as the first line, or send:\n    {type} decline {game} {invitee} <password>\nNothing starts until you accept: no clock runs, and the game counts in no list.\nNot wanting challenges at all: set {invitee} <password> challenges none\n"),
    PBEM_TEXT(InvitationSentText, "Your invitation {title} #{game} went to {invitee}. The game starts when {invitee} accepts it; it lapses {lapses} if not answered.\nTo withdraw it, send:\n    {type} decline {game} {challenger} <password>\n"),
    PBEM_TEXT(OpenInvitationPostedText, "Your open invitation {title} #{game} is posted: the first to take it plays you. It is listed by `{type} invitations`, on the web front page and in the digests of those who can take it.\n\n{terms}\nOthers take it with:\n    {type} accept {game} <their userid> <password>\nTo withdraw it, send:\n    {type} decline {game} {challenger} <password>\n"),
    PBEM_TEXT(OpenInvitationLine, "#{game}  {challenger} ({rating})  {options}, {clock}{unrated}{first}{range}, lapses {lapses}"),
    PBEM_TEXT(NoOptionsInLine, "(no options)"),
    PBEM_TEXT(UnratedInLine, ", unrated"),
    PBEM_TEXT(YouMoveFirstInLine, ", you move first"),
    PBEM_TEXT(RatingRangeInLine, ", for ratings {low}-{high}"),
    PBEM_TEXT(OwnOpenInvitationLine, "{type} #{game}  open invitation ({options}), {clock}{unrated}, lapses {lapses}"),
    PBEM_TEXT(NoOptionsInBrackets, "no options"),
    PBEM_TEXT(InvitationWaitingRefusal, "game {game} has not started: it is {invitation}"),
    PBEM_TEXT(OpenInvitationWaiting, "{challenger}'s open invitation, waiting to be taken"),
    PBEM_TEXT(InvitationWaiting, "{first}'s and {second}'s invitation, waiting to be accepted (accept or decline it)"),
    PBEM_TEXT(InvitationLapsedRefusal, "game {game} never started: the invitation lapsed unanswered"),
    PBEM_TEXT(InvitationEndedRefusal, "game {game} never started: the invitation was {how}"),
    PBEM_TEXT(ChallengesRefused, "{invitee} does not take challenges"),
    PBEM_TEXT(MessagesRefused, "{recipient} takes no messages"),
    // proposal_text.cpp: what a proposal asks for.
    PBEM_TEXT(AbortRequest, "abort the game (it ends without a result, unrated)"),
    PBEM_TEXT(UndoRequestOfPly, "take back move {number} ({ply})"),
    PBEM_TEXT(UndoRequest, "take back move {number}"),
    PBEM_TEXT(ProposalCancelledSentence, " That cancels {proposer}'s proposal to {asks}."),
    // command_context.cpp: the checks several commands share.
    PBEM_TEXT(NoSuchUserRefusal, "there is no user {userid}"),
    PBEM_TEXT(NoSuchUseridGivenRefusal, "there is no user by the userid given (not repeated here, in case it was a password)"),
    PBEM_TEXT(GameAddressUsedSubject, "A command through your game address from {from}"),
    PBEM_TEXT(GameAddressUsedNotice, "A mail from {from}, which is not one of your addresses, was sent to your game address and carried out as yours (a forwarded board mail?). Its result is in the game's mail. Anyone who has one of your board mails can reply to it; a password change (`change password`) makes all your game addresses invalid.\n"),
    PBEM_TEXT(PasswordThrottledRefusal, "too many wrong passwords for {userid} ({most} within an hour): commands with a password for {userid} are refused until {until} (UTC)"),
    PBEM_TEXT(WrongPasswordRefusal, "wrong password for {userid}"),
    PBEM_TEXT(OtherKindOfGameRefusal, "game {game} is a {title} game, not {asked_title}: start the command with '{type}'"),
    PBEM_TEXT(NotAPlayerOfGameRefusal, "{player} does not play in game {game}"),
    PBEM_TEXT(AddressTooLongRefusal, "{address} is too long for a mail address (at most {local} characters before the @ and {most} in all)"),
    PBEM_TEXT(NotAnAddressRefusal, "{address} is not a mail address"),
    PBEM_TEXT(TooManyAddressesRefusal, "an account has at most {most} addresses, and this command names more; nothing was stored"),
    PBEM_TEXT(TheUser, "the user"),
    PBEM_TEXT(RelayedByUserLimitRefusal, "{userid} has sent on {already} messages in the last hour; at most {most} an hour are relayed, and this one needs {count} more. Nothing was sent; try again later"),
    PBEM_TEXT(RelayedToRecipientLimitRefusal, "a recipient has had {most} relayed messages in the last hour, the most allowed. Nothing was sent; try again later"),
    PBEM_TEXT(ConfirmationsPerHourRefusal, "the server has mailed its most confirmation requests for this hour ({most}); nothing was stored. Try again in an hour"),
    PBEM_TEXT(ConfirmationNotMailedNote, "No confirmation request was mailed to {address}: it has had {most} in the last 24 hours. Try again tomorrow with `change address`.\n"),
    PBEM_TEXT(HowToConfirm, "To confirm {address} for {userid},\nsend a mail (from any address) with the Subject\n\n    confirm {userid} {code}\n\nThe code is valid for {days} days. Until then the server mails this address\nnothing else.\n"),
    PBEM_TEXT(ConfirmSubject, "Confirm your address for {userid} at {server}"),
    PBEM_TEXT(ConfirmText, "Someone (perhaps you) registered this address for the user {userid} at {server}.\n\n{how}\nIf this was not you, ignore this mail: the address gets nothing more.\n"),
    PBEM_TEXT(ConfirmationMailedNote, "A confirmation request was mailed to {address}.\n"),
    PBEM_TEXT(ActiveGamesLimitRefusal, "{player} already plays {most} games, the most one player may have running at once; finish one first"),
    PBEM_TEXT(ComputerGamesLimitRefusal, "{player} already plays {games} games against the computer{held}{over}; finish one first"),
    PBEM_TEXT(ComputerGamesHeldNote, " (a tournament with both in it counts from the join until it ends)"),
    PBEM_TEXT(ComputerGamesMostNote, ", the most allowed at once"),
    PBEM_TEXT(ComputerGamesOverNote, ", and this tournament would add {more}, over the {most} allowed at once"),
    // mail_allowance.cpp: what a mail without a password may do.
    PBEM_TEXT(DmarcFailedRefusal, "your mail failed the DMARC check of the server's mail system: its From address does not "
              "prove who sent it, and this command rests on nothing else (no password, no game address). "
              "Send it straight from your mail provider, not through a forwarder"),
    PBEM_TEXT(FromNotOneMailboxRefusal, "the From of your mail names more than one address, so it does not prove who sent it, and "
              "this command rests on nothing else (no password, no game address). Send it from one "
              "address"),
    PBEM_TEXT(InvitationsPerMailRefusal, "a mail without a password may post at most {most} invitations, and this command would post "
              "one more. Send it in a mail of its own"),
    PBEM_TEXT(MailsPerMailboxRefusal, "a mail without a password may cause at most {most} mails to any one address, and this command "
              "would send one more. Send it in a mail of its own"),
    PBEM_TEXT(MailBudgetRefusal, "the mail this command must send its players does not fit in the {kib} KiB that one mail "
              "without a password may cause in all, with what the lines before it sent. Send it in a mail of "
              "its own, or with a password"),
    // pipeline/computer_policy.cpp: what the computer's answer to a proposal adds to its mails.
    PBEM_TEXT(ComputerAnswersProposalsNote,
              "\n{computer} is the computer: it agrees to every proposal in an unrated game and declines them in a "
              "rated one (ratings count whole games; `resign` ends a rated game).\n"),
    // competition_text.cpp: a game's competition, in every mail about its games.
    PBEM_TEXT(TournamentTitle, "Tournament"),
    PBEM_TEXT(LeagueTitle, "League"),
    PBEM_TEXT(LadderTitle, "Ladder"),
    PBEM_TEXT(TournamentNoAbort, "(resign it, or leave the tournament)"),
    PBEM_TEXT(LeagueNoAbort, "(resign it)"),
    PBEM_TEXT(LadderNoAbort, "(resign it, or leave the ladder)"),
    PBEM_TEXT(CompetitionMark, "{mark}{id} {name}"),
    PBEM_TEXT(StageRound, ", round {round}"),
    PBEM_TEXT(StageSeason, ", season {season}"),
    PBEM_TEXT(StageDivision, ", division {division}"),
    PBEM_TEXT(CompetitionHeading, "{title} {mark}{stage}\n\n"),
    PBEM_TEXT(AbortInCompetitionRefusal, "game {game} is a game of {kind} {mark}, and a {kind} game cannot be aborted {why}"),
    PBEM_TEXT(LeftAfterSeason, "{mark} (after season {season})"),
    PBEM_TEXT(SignoffTournaments, "You were taken out of the {n} tournament(s) you had joined that have not started.\n"),
    PBEM_TEXT(SignoffLeagues, "You left league(s) {list}.\n"),
    PBEM_TEXT(SignoffLadders, "You left ladder(s) {list}; your ladder games under way go on.\n"),
    PBEM_TEXT(SignoffLeaguesAfterSeason, "You leave league(s) {list}: play your games\nof the season out or resign them.\n"),
    // replies/climb_replies.cpp: the refusals of a climb (tournament/ladder_rules.h).
    PBEM_TEXT(TournamentStartDateRefusal, "-start needs a date written YYYY-MM-DD, e.g. -start=2027-03-01; got {word}"),
    PBEM_TEXT(TournamentStartPastRefusal, "-start must be a day after today (UTC); got {date}"),
    PBEM_TEXT(TournamentFormatRefusal, "-format is roundrobin, swiss or knockout; got {word}"),
    PBEM_TEXT(TournamentPlayersRangeRefusal, "a {format} has {low} to {high} players: -players={players} is out of range"),
    PBEM_TEXT(TournamentRoundsOnlySwissRefusal, "-rounds is for a Swiss tournament (-format=swiss) only"),
    PBEM_TEXT(TournamentDoubleOnlyRoundRobinRefusal, "-double is for a round robin only"),
    PBEM_TEXT(NoSuchTournamentRefusal, "there is no tournament T#{number}"),
    PBEM_TEXT(OtherKindOfTournamentRefusal, "tournament T#{number} is a {title} tournament: start the command with '{type}'"),
    PBEM_TEXT(TournamentNamed, "tournament T#{number}"),
    PBEM_TEXT(OrganiserUnconfirmedRefusal, "{userid} has no confirmed address yet and cannot organise a tournament"),
    PBEM_TEXT(TooManyOpenTournamentsRefusal, "{userid} organises {most} open tournaments already, the most at a time: start or wait for one of them first"),
    PBEM_TEXT(TournamentOpenSubject, "Tournament T#{number} {name} is open"),
    PBEM_TEXT(TournamentOrganised, "\nYou organise it; you play in it only if you join it too. The computer\nplays if you enter it: {type} join {number} {bot} <your password>\n"),
    PBEM_TEXT(TournamentStartWhenReady, "Start it when enough have joined: {type} tournament start {number} {userid} <password>\n"),
    PBEM_TEXT(TournamentUnderWay, "under way"),
    PBEM_TEXT(TournamentEntryClosedRefusal, "tournament T#{number} is {state}: entry was only before its start"),
    PBEM_TEXT(AlreadyJoinedTournamentRefusal, "{userid} has joined T#{number} already"),
    PBEM_TEXT(TournamentFullRefusal, "tournament T#{number} is full: it takes {cap} players"),
    PBEM_TEXT(TournamentJoinedSubject, "Tournament T#{number} {name}: {userid} joined"),
    PBEM_TEXT(TournamentJoinedFirst, "{userid} joined tournament {title}: 1 player so far.\n"),
    PBEM_TEXT(TournamentJoined, "{userid} joined tournament {title}: {count} players so far.\n"),
    PBEM_TEXT(TournamentStartsNow, "That is all it takes: it starts now.\n"),
    PBEM_TEXT(TournamentLeaveBeforeStart, "\nTo leave before it starts: {type} leave {number} {userid} <password>\n"),
    PBEM_TEXT(NotInTournamentRefusal, "{userid} is not in tournament T#{number}"),
    PBEM_TEXT(TournamentOverRefusal, "tournament T#{number} is over"),
    PBEM_TEXT(TournamentLeftSubject, "Tournament T#{number} {name}: {userid} left"),
    PBEM_TEXT(TournamentLeftBeforeStart, "{userid} left tournament {title} before its start.\n"),
    PBEM_TEXT(AlreadyLeftTournamentRefusal, "{userid} has left T#{number} already"),
    PBEM_TEXT(TournamentLeftOneGame, "{userid} left tournament {title}: 1 unfinished game was resigned, and they are not paired again. Their row stays in the table.\n"),
    PBEM_TEXT(TournamentLeft, "{userid} left tournament {title}: {count} unfinished games were resigned, and they are not paired again. Their row stays in the table.\n"),
    PBEM_TEXT(OnlyOrganiserStartsRefusal, "only the organiser of T#{number}, {organiser}, can start it"),
    PBEM_TEXT(TournamentNotOpenRefusal, "tournament T#{number} is {status}, not open"),
    PBEM_TEXT(TournamentTooFewRefusal, "tournament T#{number} has {count} players; a {format} needs at least {least}"),
    PBEM_TEXT(TournamentStartedSubject, "Tournament T#{number} {name} has started"),
    PBEM_TEXT(TournamentTableSubject, "Tournament T#{number} {name}"),
    PBEM_TEXT(TournamentOpenForEntry, "open for entry"),
    PBEM_TEXT(TournamentAtRound, "round {round}"),
    PBEM_TEXT(TournamentEnded, "{status} {date}"),
    PBEM_TEXT(TournamentListEntry, "T#{number}  {name}  {format}, {count} players, {state}"),
    PBEM_TEXT(TournamentsSubject, "{title} tournaments"),
    PBEM_TEXT(TournamentsList, "{title} tournaments (open, running, and over in the last 30 days):\n\n{list}\nA tournament's table: {type} tournament <number>\n"),
    PBEM_TEXT(NoSuchLeagueRefusal, "there is no league G#{number}"),
    PBEM_TEXT(OtherKindOfLeagueRefusal, "league G#{number} is a {title} league: start the command with '{type}'"),
    PBEM_TEXT(LeagueOrganiserUnconfirmedRefusal, "{userid} has no confirmed address yet and cannot organise a league"),
    PBEM_TEXT(TooManyLeaguesRefusal, "{userid} organises {most} leagues already, the most one user may"),
    PBEM_TEXT(LeagueOpenSubject, "League {league} {name} is open"),
    PBEM_TEXT(LeagueOrganised, "\nYou organise it; you play in it only if you join it too. The computer plays\nif you enter it: {type} join {league} {bot} <your password>\nStart its first season when at least {least} have joined: {type} league start {league} {userid} <password>\n"),
    PBEM_TEXT(LeagueJoinedSubject, "League {league} {name}: {userid} joined"),
    PBEM_TEXT(AlreadyInLeagueRefusal, "{userid} is in league {league} already"),
    PBEM_TEXT(LeagueLeaveTakenBack, "{userid} stays in league {title}: the leave is taken back.\n"),
    PBEM_TEXT(LeagueFullRefusal, "league {league} is full: it takes {most} players"),
    PBEM_TEXT(LeagueJoinedBeforeStart, "{userid} joined league {title}: they play from its first season, when the organiser starts it.\n"),
    PBEM_TEXT(LeagueJoinedUnderWay, "{userid} joined league {title}: they play from the next season, in its last division.\n"),
    PBEM_TEXT(LeagueHowToLeave, "\nTo leave: {type} leave {league} {userid} <password>\n"),
    PBEM_TEXT(NotInLeagueRefusal, "{userid} is not in league {league}"),
    PBEM_TEXT(LeavingLeagueAlreadyRefusal, "{userid} leaves league {league} after this season already"),
    PBEM_TEXT(LeagueLeavesSubject, "League {league} {name}: {userid} leaves"),
    PBEM_TEXT(LeagueLeftBeforePlaying, "{userid} left league {title} before playing in it.\n"),
    PBEM_TEXT(LeagueLeavesAfterSeason, "{userid} leaves league {title} at the end of season {season}: their games of this season go on (play them out or\nresign them), and they are in no division of the next.\nTo stay after all: {type} join {league} {userid} <password>\n"),
    PBEM_TEXT(OnlyLeagueOrganiserStartsRefusal, "only the organiser of {league}, {organiser}, can start it"),
    PBEM_TEXT(LeagueUnderWayRefusal, "league {league} is under way: its seasons follow each other by themselves"),
    PBEM_TEXT(LeagueTooFewRefusal, "league {league} has {count} players; a season needs at least {least}"),
    PBEM_TEXT(LeagueStartedSubject, "League {league} {name} has started"),
    PBEM_TEXT(LeagueTableSubject, "League {league} {name}"),
    PBEM_TEXT(LeagueListEntryOne, "{league}  {name}  divisions of {group}, 1 player, {status}"),
    PBEM_TEXT(LeagueListEntry, "{league}  {name}  divisions of {group}, {count} players, {status}"),
    PBEM_TEXT(LeaguesSubject, "{title} leagues"),
    PBEM_TEXT(LeaguesList, "{title} leagues:\n\n{list}\nA league's divisions: {type} league G#<number>\n"),
    PBEM_TEXT(ClimberNotOnLadderRefusal, "{climber} is not on ladder {ladder}: join it first ({type} join {ladder} {climber} <password>)"),
    PBEM_TEXT(TargetNotOnLadderRefusal, "{target} is not on ladder {ladder}"),
    PBEM_TEXT(SelfClimbRefusal, "a climb is against another player on the ladder"),
    PBEM_TEXT(TargetNotAboveRefusal, "{target} is on rung {target_rung}, not above {climber}'s rung {climber_rung}: a climb goes up"),
    PBEM_TEXT(OutOfReachRefusal, "{target} is on rung {target_rung}, too far above {climber}'s rung {climber_rung}: on {ladder} a climb reaches at most {reach} up"),
    PBEM_TEXT(OneRung, "{n} rung"),
    PBEM_TEXT(SeveralRungs, "{n} rungs"),
    PBEM_TEXT(ClimberBusyRefusal, "{climber} is climbing on {ladder} already: one ladder game as climber at a time; finish it first"),
    PBEM_TEXT(TargetBusyRefusal, "{target} defends {most} climbs on {ladder} already, the most at a time; try again when one of them ends"),
    PBEM_TEXT(PairBusyRefusal, "{climber} and {target} play a ladder game of {ladder} already: two players play one ladder game at a time"),
    // ladder_commands.cpp: ladder new, join, leave, climb, ladder, ladders.
    PBEM_TEXT(NoSuchLadderRefusal, "there is no ladder L#{ladder}"),
    PBEM_TEXT(OtherKindOfLadderRefusal, "ladder L#{ladder} is a {title} ladder: start the command with '{type}'"),
    PBEM_TEXT(UnconfirmedCannotOrganiseLadderRefusal, "{organiser} has no confirmed address yet and cannot organise a ladder"),
    PBEM_TEXT(LaddersPerOrganiserRefusal, "{organiser} organises {most} ladders already, the most one user may"),
    PBEM_TEXT(LadderOpenSubject, "Ladder {ladder} is open"),
    PBEM_TEXT(LadderOrganiserNote, "\nYou organise it; you play on it only if you join it too. The computer plays\nif you enter it: {type} join {ladder} {computer} <your password>\n"),
    PBEM_TEXT(SignedOffRefusal, "{player} has signed off"),
    PBEM_TEXT(AlreadyOnLadderRefusal, "{player} is on ladder {ladder} already, on rung {rung}"),
    PBEM_TEXT(LadderFullRefusal, "ladder {ladder} is full: it takes {most} players"),
    PBEM_TEXT(LadderJoinedSubject, "Ladder {ladder}: {player} joined"),
    PBEM_TEXT(LadderJoined, "{player} joined ladder {title} on rung {rung}, the bottom one.\n\nTo climb, challenge a player at most {reach} above you: the game starts at once.\n    {type} climb {ladder} {player} <password> <target>\nThe rungs: {type} ladder {ladder}\nTo leave: {type} leave {ladder} {player} <password>\n"),
    PBEM_TEXT(NotOnLadderRefusal, "{player} is not on ladder {ladder}"),
    PBEM_TEXT(LadderLeftSubject, "Ladder {ladder}: {player} left"),
    PBEM_TEXT(LadderLeft, "{player} left ladder {title}; everyone below moved up one rung.\n{resigned}"),
    PBEM_TEXT(OneLadderGameResigned, "{n} unfinished ladder game was resigned.\n"),
    PBEM_TEXT(LadderGamesResigned, "{n} unfinished ladder games were resigned.\n"),
    PBEM_TEXT(LadderSubject, "Ladder {ladder}"),
    PBEM_TEXT(LadderLine, "{ladder}  {name}  {players}, reach {reach}, organised by {organiser}"),
    PBEM_TEXT(OnePlayer, "{n} player"),
    PBEM_TEXT(SeveralPlayers, "{n} players"),
    PBEM_TEXT(LaddersSubject, "{title} ladders"),
    PBEM_TEXT(LaddersList, "{title} ladders, newest first:\n\n{lines}\nA ladder's rungs: {type} ladder L#<number>\n"),
    PBEM_TEXT(NoneIndented, "    none\n"),
    // The competitions' mail: leagues' seasons, tournaments' rounds, ladders' games.
    PBEM_TEXT(LeagueSeasonBegun, "Season {season} has begun: you play in division {division}.\n\n{games}\nThe mails of each game from now on come from that game, and a reply to them with\nyour move plays it. The divisions: {type} league G#{league}\n"),
    PBEM_TEXT(LeaguePlacedByRating, "League {title}, placed by rating.\n{season}"),
    PBEM_TEXT(LeagueSeasonBeginsSubject, "League {league}: season {season} begins"),
    PBEM_TEXT(LeagueSeasonOverSubject, "League {league}: season {season} is over"),
    PBEM_TEXT(LeagueSeasonOver, "Season {season} of league {title} is over.\n\nThe final table of division {division}:\n\n{table}\n{move}"),
    PBEM_TEXT(LeagueMoveUp, "You move up to division {division}.\n"),
    PBEM_TEXT(LeagueMoveDown, "You move down to division {division}.\n"),
    PBEM_TEXT(LeagueStay, "You stay in division {division}.\n"),
    PBEM_TEXT(LeagueLeave, "You leave the league, as you asked. Thank you for playing.\n"),
    PBEM_TEXT(LeagueYouJoined, "You joined league {title}.\n"),
    PBEM_TEXT(LeagueWaitsForPlayers, "\nThe league has {players} players for the next season, fewer than {least}: it waits until enough have joined and the\norganiser, {organiser}, starts it: {type} league start G#{league} {organiser} <password>\n"),
    PBEM_TEXT(TournamentRoundSubject, "Tournament {tournament}: round {round}"),
    PBEM_TEXT(TournamentRoundBegun, "Round {round} of tournament {title} has begun.\n\n{bye}{games}\nThe mails of each game from now on come from that game, and a reply to them with\nyour move plays it. The table: {type} tournament {number}\n"),
    PBEM_TEXT(TournamentBye, "You have a bye in this round: it counts 1 point.\n"),
    PBEM_TEXT(TournamentFinalTableSubject, "Tournament {tournament}: final table"),
    PBEM_TEXT(TournamentOver, "Tournament {title} is over.\n\n{table}"),
    PBEM_TEXT(TournamentWon, "Tournament {title} is over: {winner} wins.\n\n{table}"),
    PBEM_TEXT(TournamentCancelledSubject, "Tournament {tournament}: cancelled"),
    PBEM_TEXT(TournamentCancelled, "Tournament {title} was cancelled: on its start date, {date}, it had {players}, and it needs at least {least}.\nNo games were started.\n"),
    PBEM_TEXT(LadderGameHeadline, "New ladder game: {title} #{game}, {climber} ({climber_colour}) climbs to {target}'s rung and moves first; {target} plays {target_colour}."),
    PBEM_TEXT(LadderGameOverSubject, "Ladder {ladder}: #{game} is over"),
    PBEM_TEXT(LadderGameOver, "Ladder {title}, game #{game}: {result}.\n{rung}\nThe ladder: {type} ladder L#{number}\n{link}"),
    PBEM_TEXT(LadderRungNow, "You are on rung {rung} of {rungs}.\n"),
    PBEM_TEXT(LadderOffNow, "You are no longer on this ladder.\n"),
    PBEM_TEXT(LeagueTitleWords, "{league} ({title}, divisions of {group}, {up} up and {down} down)"),
    PBEM_TEXT(LeagueMoveOf, "{userid} ({from} to {to})"),
    PBEM_TEXT(NobodyWord, "nobody"),
    PBEM_TEXT(LeagueMoves, "Moved up after season {season}: {up}.\nMoved down: {down}.\n"),
    PBEM_TEXT(LeagueSeasonWords, "season {season}"),
    PBEM_TEXT(LeagueWaitingWords, "waiting after season {season}"),
    PBEM_TEXT(LeagueOpenState, "Open for entry, {players} so far; the organiser starts the first season (at least 4 players).\n"),
    PBEM_TEXT(LeagueWaitingState, "Season {season} is over; the league waits for at least 4 players and the organiser's start.\n"),
    PBEM_TEXT(LeagueUnderWayState, "Season {season} is under way.\n"),
    PBEM_TEXT(LeagueHeader, "League {title}, organised by {organiser}.\nGames: {terms}.\n"),
    PBEM_TEXT(LeagueDivisionHeading, "\nDivision {division}:\n"),
    PBEM_TEXT(LeagueJoinedForNext, "\nJoined for the next season: {list}.\n"),
    PBEM_TEXT(LeagueLeavingAfter, "Leaving after this season: {list}.\n"),
    PBEM_TEXT(LeagueToJoin, "To join: {type} join G#{league} <userid> <password>\n"),
    PBEM_TEXT(RoundRobinWords, "round robin"),
    PBEM_TEXT(SwissWord, "Swiss"),
    PBEM_TEXT(KnockoutWord, "knockout"),
    PBEM_TEXT(TournamentTitleWords, "{tournament} ({title}, {format})"),
    PBEM_TEXT(TimeBankWords, "time bank {bank}"),
    PBEM_TEXT(WeekendsOffWords, "weekends off"),
    PBEM_TEXT(RatedWord, "rated"),
    PBEM_TEXT(UnratedWord, "unrated"),
    PBEM_TEXT(TournamentHeader, "Tournament {title}, organised by {organiser}.\nGames: {terms}{twice}.\n"),
    PBEM_TEXT(EveryPairTwice, ", every pair twice"),
    PBEM_TEXT(StartsWhenJoined, "when {n} have joined"),
    PBEM_TEXT(StartsOnDate, "on {date} at 00:00 UTC"),
    PBEM_TEXT(OrWord, " or "),
    PBEM_TEXT(TournamentOpenOrganiserStarts, "Open for entry, {players} so far; the organiser starts it.\n"),
    PBEM_TEXT(TournamentOpenStarts, "Open for entry, {players} so far; it starts {when}.\n"),
    PBEM_TEXT(TournamentToJoin, "To join: {type} join {number} <userid> <password>\n"),
    PBEM_TEXT(TournamentCancelledOn, "Cancelled on {date}.\n"),
    PBEM_TEXT(TournamentFinishedOn, "Finished on {date}.\n"),
    PBEM_TEXT(TournamentRunningOf, "Running: round {round} of {rounds}.\n"),
    PBEM_TEXT(TournamentRunning, "Running: round {round}.\n"),
    PBEM_TEXT(TableLossesOnTime, "{n} on time"),
    PBEM_TEXT(TableOneBye, "{n} bye"),
    PBEM_TEXT(TableSeveralByes, "{n} byes"),
    PBEM_TEXT(TableLeft, "left"),
    PBEM_TEXT(TableSonnebornBerger, "SB"),
    PBEM_TEXT(TableBuchholz, "Bh"),
    PBEM_TEXT(TableRoundReached, "round"),
    PBEM_TEXT(TableWonOnTime, " on time"),
    PBEM_TEXT(TableRoundHeading, "Round {round}"),
    PBEM_TEXT(TableByeLine, "{userid}: bye"),
    PBEM_TEXT(LadderTitleWords, "{ladder} ({title})"),
    PBEM_TEXT(LadderClimbAborted, "{climber} climbing {target}: aborted, no result"),
    PBEM_TEXT(LadderClimbLost, "{climber} lost to {target}; no rung changed"),
    PBEM_TEXT(LadderClimbWon, "{climber} beat {target} and took rung {rung}"),
    PBEM_TEXT(LadderClimbWonTooLate, "{climber} beat {target}; no rung changed (the rungs had moved meanwhile)"),
    PBEM_TEXT(LadderHeader, "Ladder {title}, organised by {organiser}.\nGames: {terms}. A climb reaches {reach} up.\n\n"),
    PBEM_TEXT(LadderRungLine, "{rung}. {userid}  (since {since})"),
    PBEM_TEXT(LadderRungsHeading, "Rungs:\n"),
    PBEM_TEXT(NobodyYetIndented, "    nobody yet\n"),
    PBEM_TEXT(LadderOpenGameLine, "#{game}  {climber} climbs {target}"),
    PBEM_TEXT(LadderGamesHeading, "\nLadder games under way:\n"),
    PBEM_TEXT(LadderResultLine, "{date}  #{game}  {result}"),
    PBEM_TEXT(LadderResultsHeading, "\nLast results:\n"),
    PBEM_TEXT(NoneYetIndented, "    none yet\n"),
    PBEM_TEXT(LadderCommands, "\nTo join: {type} join L#{ladder} <userid> <password>\nTo climb: {type} climb L#{ladder} <userid> <password> <target>  (at most {reach} rungs above you)\n"),
    // The computer's review.
    PBEM_TEXT(ReviewsSettingSubject, "Reviews {value}"),
    PBEM_TEXT(ReviewsAuto, "Each game of yours that ends with a result (on the board, by resignation or on time, not an abort) "
              "is now reviewed by the computer, and its review mailed to you.\n"),
    PBEM_TEXT(ReviewsOff, "Your finished games are no longer reviewed by themselves; `<game> review board userid password` "
              "asks for one.\n"),
    PBEM_TEXT(ReviewRunningRefusal, "game {game} is not finished: the computer reviews only finished games, never one under way"),
    PBEM_TEXT(ReviewEmptyRefusal, "game {game} ended before its first move: there is nothing to review"),
    PBEM_TEXT(ReviewUnconfirmedRefusal, "{userid} has no confirmed address yet: a review is mailed only to a confirmed address"),
    PBEM_TEXT(ReviewPerDayRefusal, "{userid} has asked for {most} reviews in the last 24 hours, the most one user may; ask again "
                         "tomorrow"),
    PBEM_TEXT(ReviewQueueFullRefusal, "{waiting} reviews are waiting already, the most this server keeps; ask again later"),
    PBEM_TEXT(ReviewWaitingRefusal, "your review of game {game} is waiting already, number {place} in the queue"),
    PBEM_TEXT(ReviewQueuedSubject, "{title} #{game}: review queued"),
    PBEM_TEXT(ReviewQueued, "The computer will review {heading} and mail you its review. Yours is number {place} in the queue; "
               "reviews are made one at a time.\n"),
    PBEM_TEXT(ReviewSubject, "{title} #{game}: review"),
    PBEM_TEXT(ReviewIntro, "The computer's review of {heading}, {first} against {second}: {result}.\nEach position was studied "
              "with {playouts} random playouts. A chance is {first}'s (the first player's) to win after the move.\n"),
    PBEM_TEXT(ReviewChartHeading, "\nThe chances move by move:\n\n"),
    PBEM_TEXT(ReviewTableHeader, "Move  Played    Chance  The computer's choice"),
    PBEM_TEXT(ReviewSgfName, "{title} #{game}, the computer's review"),
    PBEM_TEXT(ReviewSgfPlayouts, "Reviewed with {playouts} playouts a position."),
    PBEM_TEXT(ReviewSgfChance, "The first player's chance: {chance}."),
    PBEM_TEXT(ReviewSgfChoice, "The computer's choice here: {player}'s chance {best}, against {played} after {ply}."),
    PBEM_TEXT(ReviewTurningPointsHeading, "\nTurning points, the moves after which the mover's chance fell most:\n"),
    PBEM_TEXT(ReviewTurningPoint, "\nMove {number}: {player} played {played}, and {player}'s chance fell by {drop} points. The computer "
                     "preferred {best} ({chance} for {player}). The board before it:\n\n{board}"),
    PBEM_TEXT(ReviewNoTurningPoints, "\nNo turning point: no move cost its player 15 points or more.\n"),
    PBEM_TEXT(ReviewMissedWinsHeading, "\nMissed wins, moves where a move that won at once was on the board:\n"),
    PBEM_TEXT(ReviewMissedWin, "Move {number}: {player} played {played}; {winning} would have won at once.\n"),
    PBEM_TEXT(ReviewNoMissedWins, "\nNo missed win: whenever a move won at once, it was played.\n"),
    PBEM_TEXT(ReviewFiles, "\nAttached: {json} (the review as data, docs/records.md) and {sgf} (the record with each move's "
              "chance, and the computer's choice at each turning point as a variation).\n"),
    PBEM_TEXT(PlayerWon, "{player} won"),
    PBEM_TEXT(ReviewNoWinner, "no result"),
    // The daily digest.
    PBEM_TEXT(DigestGameLine, "#{game}  {heading} against {opponent}: "),
    PBEM_TEXT(DigestFirstMoveYours, "the first move is yours.\n"),
    PBEM_TEXT(DigestLastMove, "{player} played {ply} as move {number}.\n"),
    PBEM_TEXT(DigestOffSubject, "Digest off"),
    PBEM_TEXT(DigestOff, "Your daily digest is off. Board mails about every move come as before.\n"),
    PBEM_TEXT(DigestAtSubject, "Digest at {hour}:00 UTC"),
    PBEM_TEXT(DigestAt, "Your daily digest comes at {hour}:00 UTC, the first on {first}, on the days when it is your move "
                        "in at least one game. Reply to it with one move per line, '#12 c4', to play them.\n\nTo stop "
                        "the board mails about your opponents' moves as well:\n    set {userid} <password> movemail off\n"),
    PBEM_TEXT(MovemailNeedsDigestRefusal, "movemail is turned off only while a daily digest is on (set {userid} <password> digest "
                                   "HH): without either you would not hear of your opponents' moves"),
    PBEM_TEXT(MovemailSubject, "Movemail {value}"),
    PBEM_TEXT(MovemailOn, "Board mails about other players' moves come again at once.\n"),
    PBEM_TEXT(MovemailOff, "No more board mails about other players' moves (opponents' moves, watched games): your daily "
                    "digest lists the games where it is your move. The confirmation of your own moves, new games, "
                    "results, proposals, reminders and tournament mail still come at once.\n"),
    PBEM_TEXT(DigestSubjectOne, "Your move in 1 game"),
    PBEM_TEXT(DigestSubject, "Your move in {count} games"),
    PBEM_TEXT(DigestHead, "{subject} (your digest of {day}).\n\nReply to this mail with one move per line, the game's number "
                   "first, e.g.\n\n    #12 c4\n\nEach line is played as by that game's own address, and answered on "
                   "its own.\n"),
    PBEM_TEXT(DigestOpenInvitations, "\nOpen invitations you can take (reply with '#N accept' to take one):\n{list}"),
    // Move links.
    PBEM_TEXT(MoveLinksHeading, "Your move {number}: tap one to write the reply that plays it, then send that mail."),
    PBEM_TEXT(MoveLinksTooMany, "This board has {count} legal moves, too many to link in one mail: reply with your "
                                "move as the first line instead."),
    PBEM_TEXT(MoveLinksCellsHeading, "Your move {number}: tap a cell to see each tile that may go there, then "
                                     "choose one."),
    // A bare cell's reply in a tile game: the choice at that cell.
    PBEM_TEXT(CellChoiceSubject, "{title} #{game}: your choice at {cell}, move {number}"),
    PBEM_TEXT(CellChoiceIntro, "The tiles that may go at {cell} as move {number} of {heading}: {plies}.\nNothing "
                               "is played yet: reply with the one you choose as the first line of your reply (e.g. "
                               "{example}), or tap the link under its board.\n"),
    PBEM_TEXT(CellChoicePly, "\nAfter {ply}:\n{board}"),
    PBEM_TEXT(CellChoiceLink, "Play {ply}"),
    // The board as a list.
    PBEM_TEXT(BoardListHeading, "{title} #{game} as a list, after {plies} moves.\n"),
    PBEM_TEXT(BoardListToMove, "To move: {player}, {colour}, move {number}.\n"),
    PBEM_TEXT(BoardListOver, "The game is over: {winner}, {colour}, won.\n"),
    PBEM_TEXT(BoardListStones, "{colour}, {player}, {count} stones: {cells}.\n"),
    PBEM_TEXT(BoardListOneStone, "{colour}, {player}, 1 stone: {cells}.\n"),
    PBEM_TEXT(BoardListTile, "{cell} tile {tile}"),
    PBEM_TEXT(BoardListTiles, "{count} tiles: {tiles}.\n"),
    PBEM_TEXT(BoardListOneTile, "1 tile: {tiles}.\n"),
    PBEM_TEXT(BoardListNone, "none"),
    PBEM_TEXT(BoardListLastMove, "Last move: {ply}, move {number}.\n"),
    PBEM_TEXT(BoardListNoMoveYet, "No move yet.\n"),
    PBEM_TEXT(BoardListEmpty, "Empty cells: {count}.\n"),
    PBEM_TEXT(BoardSettingSubject, "Board {value}"),
    PBEM_TEXT(BoardSettingText, "Your mails draw each board as text, as before.\n"),
    PBEM_TEXT(BoardSettingList,
              "Your mails list each board instead of drawing it: whose move, each colour's stones by cell in row "
              "order, the last move and the empty cells, for a screen reader. Pictures come as your pictures "
              "setting says.\n"),
    PBEM_TEXT(BoardSettingBoth, "Your mails draw each board as text and then list it, for a screen reader.\n"),
    // deadline.ics.
    PBEM_TEXT(DeadlineSummary, "{title}: deadline for {userid} to move"),
    PBEM_TEXT(DeadlineDescription, "The time for your move in {title} runs out now, {userid}. Reply to the game's "
                                   "latest board mail with your move. Each new board mail moves this event."),
    PBEM_TEXT(CalendarSettingSubject, "Calendar {value}"),
    PBEM_TEXT(CalendarOn, "Each board mail that asks for your move in a game with a clock now carries the deadline "
                          "as deadline.ics: open it once and your calendar keeps the deadline, moved with each new "
                          "board mail, with an alarm a day before.\n"),
    PBEM_TEXT(CalendarOff, "Board mails no longer carry deadline.ics.\n"),
    // Replies to a game's or a digest's address, and a reply too long to send.
    PBEM_TEXT(ReplyAddressExpired, "this reply address of game {game} has expired: the password was changed since it was "
                                   "made; send `{type} show {game}` from your registered address to get a board mail "
                                   "with a fresh one, or play with the Subject-line command"),
    PBEM_TEXT(DigestAddressExpired, "this digest's reply address has expired: the password was changed since the digest "
                                    "was sent; the next digest has a fresh one, or play with the Subject-line commands"),
    PBEM_TEXT(NotAGameAddress, "the address {address} is not the address of a game here"),
    PBEM_TEXT(NotValidGameAddress, "the address {address} is not a valid address of game {game}"),
    PBEM_TEXT(ReplyWithoutMove, "your reply to game {game} has no move in it: write just the move (e.g. d4) as the "
                                "first line of your reply"),
    PBEM_TEXT(ReplyFirstLineNoMove, "the first line of your reply is not a move (it is not repeated here, in case it "
                                    "holds a password): write just the move, e.g. d4, as the first line of your reply, "
                                    "with nothing else on it"),
    PBEM_TEXT(NotADigestAddress, "the address {address} is not a digest address here"),
    PBEM_TEXT(NotAnUnsubscribeAddress, "the address {address} is not a valid unsubscribe address here"),
    PBEM_TEXT(DigestLineNoMove, "line {line} is not a game's number and a move, e.g. '#12 c4'"),
    PBEM_TEXT(DigestReplyWithoutMove, "your reply to the digest has no move in it: write one move per line, the game's "
                                      "number first, e.g. '#12 c4'"),
    PBEM_TEXT(ReplyTooLongSubject, "Error: the reply to your command was too long"),
    PBEM_TEXT(ReplyTooLong, "The reply to your command was too long to send: the mail answering one\ncommand without a "
                            "password may hold {kib} KiB in all. Ask for less at a time.\n"),
    // mailing/'s shared pieces: clock_text.cpp, clock_notices.cpp, reply_format.cpp, error_text.cpp, new_games_text.cpp.
    PBEM_TEXT(GatheredNoticesSubject, "{count} notices from the clock"),
    PBEM_TEXT(GatheredNotices, "The clock has {count} notices for you this time, in one mail.\n"
              "To move in a game here, reply with lines such as `#12 c3` (the game's number, then\n"
              "the move), one a line, or reply to that game's own board mail.\n"),
    PBEM_TEXT(BankTime, "{days} d {hours} h"),
    PBEM_TEXT(WeekendsOffAside, "; weekends off"),
    PBEM_TEXT(TimeLeftLine, "Time left: {banks} ({bank})\n"),
    PBEM_TEXT(TimeLeftWeekendsOffLine, "Time left: {banks} ({bank}, weekends off)\n"),
    PBEM_TEXT(BankDeadlineLine, "Deadline for {mover} to move: {deadline} (their bank runs out{weekends}).\n"),
    PBEM_TEXT(DaysDeadlineLine, "Deadline for {mover} to move: {deadline} ({days} per move{weekends}).\n"),
    PBEM_TEXT(NoTimeLimit, "No time limit.\n"),
    PBEM_TEXT(OnVacationLine, "{player} is on vacation until {until}; their clock stands still until then.\n"),
    PBEM_TEXT(WebLink, "\nOn the web: {url}\n"),
    PBEM_TEXT(NeverMovedSubject, "{title} #{game}: aborted, {player} never moved"),
    PBEM_TEXT(GameAbortedSubject, "{title} #{game}: aborted"),
    PBEM_TEXT(VoidSubject, "{title} #{game}: void"),
    PBEM_TEXT(WinsSubject, "{title} #{game}: {player} wins"),
    PBEM_TEXT(ToMoveSubject, "{title} #{game}: {player} to move"),
    PBEM_TEXT(AbortedNeverMovedNote, "aborted because {player} never moved"),
    PBEM_TEXT(AbortedAloneNote, "aborted by {player}"),
    PBEM_TEXT(AbortedByAgreementNote, "aborted by agreement ({player} proposed it)"),
    PBEM_TEXT(AbortedBeforeFirstMove, "{aborted} before the first move"),
    PBEM_TEXT(AbortedBeforeOwnFirstMove, "{aborted} before their own first move"),
    PBEM_TEXT(ColourWon, "{colour} ({player}) won"),
    PBEM_TEXT(ColourWonOnTime, "{colour} ({player}) won on time"),
    PBEM_TEXT(VoidedState, "voided by the server's operator"),
    PBEM_TEXT(WonOnTimeState, "{player} won: {loser} lost on time"),
    PBEM_TEXT(ToMoveState, "{player} to move"),
    PBEM_TEXT(ToMoveByDeadlineState, "{player} to move, deadline {deadline}"),
    PBEM_TEXT(ListingMore, "... and {more} more\n"),
    PBEM_TEXT(ErrorSubjectPrefix, "Error: "),
    PBEM_TEXT(CommandNotCarriedOut, "Your command\n\n    {quote}\n\nwas not carried out: {reason}\n\nNothing was changed.\n"),
    PBEM_TEXT(ReplyNotCarriedOut, "Your reply\n\n    {quote}\n\nwas not carried out: {reason}\n\nNothing was changed.\n"),
    PBEM_TEXT(EmptyQuote, "(empty)"),
    PBEM_TEXT(ErrorUsageLines, "\nUsage:\n{usage}"),
    PBEM_TEXT(HelpHint, "\nSend `help` or `help commands` for help.\n"),
    PBEM_TEXT(ReplyUsage, "\nUsage:\n    the move alone, e.g. {ply}, as the first line of your reply\n"),
    PBEM_TEXT(RefusedElsewhereSubject, "Error: your command was refused"),
    PBEM_TEXT(RefusedElsewhere, "Your command was refused, and nothing was changed.\n\n"
              "This answer goes to the Reply-To of your mail, not to its From address, so it says\n"
              "no more than that. To learn why, send the command again without a Reply-To\n"
              "elsewhere, or with your password.\n"),
    PBEM_TEXT(InternalErrorSubject, "Error: the server could not carry out your command"),
    PBEM_TEXT(InternalError, "Your command\n\n    {quote}\n\nwas not carried out because of an internal error on the server.\n\n"
              "Nothing was changed. The operator can see the details in the server's log.\n"),
    PBEM_TEXT(YourGamesHeading, "Your games:\n"),
    PBEM_TEXT(YourGameMovingFirst, "    #{game}  against {opponent}: you move first ({colour})\n"),
    PBEM_TEXT(YourGameMovingSecond, "    #{game}  against {opponent}: {opponent} moves first; you are {colour}\n"),
    PBEM_TEXT(NewGameMovePrompt, "It is your move. Edit your password and move into this Subject and send it:\n\n    {type} move {game} {userid} <password> \n"),
    // game_mail.cpp: a game's board mail to its players and watchers.
    PBEM_TEXT(MovePrompt, "It is your move. Edit your password and move into this Subject and send it:\n\n"
              "{type} move {game} {userid} <password> \n"
              "\nOr just reply to this mail with your move as the first line: no password needed.\n"),
    PBEM_TEXT(MovePromptSwap, "\n(Instead of a move you may send `swap` to take over the first move.)\n"),
    PBEM_TEXT(GameRatingsHeading, "\n{title} ratings:\n"),
    PBEM_TEXT(WatcherFooter, "\nYou are watching this game. To stop, send:\n    {type} unsubscribe {game} {userid} <password>\n"),
    PBEM_TEXT(GameOverWins, "The game is over: {player} ({colour}) wins."),
    PBEM_TEXT(GameOverWinsOnTime, "The game is over: {player} ({colour}) wins on time."),
    PBEM_TEXT(GameOverWithoutResult, "The game is over without a result: it was {aborted}."),
    PBEM_TEXT(GameOverNotRated, " It is not rated.\n"),
    PBEM_TEXT(WaitingForMove, "Waiting for {player} to move.\n"),
    PBEM_TEXT(WatchedToMove, "{player} ({colour}) is to move.\n"),
    PBEM_TEXT(ConditionalAnsweredWith, " {owner} answered with {ply} as move {moveno}, a conditional move."),
    PBEM_TEXT(YourConditionalAnswered, "Your conditional move {answer} answered {ply}; {remaining}.\n"),
    PBEM_TEXT(OneLineRemains, "1 line remains"),
    PBEM_TEXT(SeveralLinesRemain, "{n} lines remain"),
    PBEM_TEXT(WatchersCount, "Watchers: {n}\n"),
    // multiple_replies.cpp: the answer to a mail of several command lines.
    PBEM_TEXT(OneCommandLine, "{n} command line"),
    PBEM_TEXT(SeveralCommandLines, "{n} command lines"),
    PBEM_TEXT(MultipleLineName, "Line {line}"),
    PBEM_TEXT(MultipleLineDone, "Carried out."),
    PBEM_TEXT(MultipleLineDoneMailApart, "Carried out; its mail comes separately."),
    PBEM_TEXT(MultipleLeftOutHeading, "Lines {lines}: Error: not carried out (more than {most} lines)\n"),
    PBEM_TEXT(MultipleLeftOutSectionHeading, "Lines {lines}: Error: a multiple carries out at most {most} lines"),
    PBEM_TEXT(MultipleLeftOutSection, "These {count} were not carried out. Send them in another mail."),
    PBEM_TEXT(MultipleDoneSubject, "Multiple: {count} carried out"),
    PBEM_TEXT(MultipleFailedLineSubject, "Error: multiple: line {lines} of {total} not carried out"),
    PBEM_TEXT(MultipleFailedLinesSubject, "Error: multiple: lines {lines} of {total} not carried out"),
    PBEM_TEXT(MultipleText, "Your mail held {count}. They were carried out in order, each on its own: a\n"
              "line that failed changed nothing and did not stop the lines after it.\n{sections}"),
    PBEM_TEXT(MultipleBriefText, "Your mail held {count}, carried out in order, each on its own. The whole answer\n"
              "was too long to send (the mail answering one mail without a password is\n"
              "limited); each line's result in short:\n\n{headings}"),
    PBEM_TEXT(MultipleWithoutCommandsRefusal, "the mail's body holds no command: put one command on each line of the body, above any quoted "
              "text and signature (at most {most})"),
    // competition_option_replies.cpp: the options the competitions' `new` commands share.
    PBEM_TEXT(CompetitionNameMalformedRefusal, "a {kind}'s name is 1 to 40 printable ASCII characters without blanks; got {name}"),
    PBEM_TEXT(CompetitionNameEncodedRefusal, "a {kind}'s name may not hold \"=?\" (mail programs would read it as encoded text)"),
    PBEM_TEXT(CompetitionNameLooksLikeOptionRefusal, "the {kind}'s name comes before its options; {name} looks like one"),
    PBEM_TEXT(NumberOptionOutOfRangeRefusal, "-{option} needs a number from {low} to {high}; got {word}"),
    PBEM_TEXT(RatingRangeNotForCompetitionRefusal, "-rating is for an open invitation (challenge userid any) only"),
    PBEM_TEXT(NotTheComputerRefusal, "{userid} is a player's userid here, not the computer's"),
    // challenge_option_replies.cpp and reply_format.cpp: the server's own challenge options, refused and explained.
    PBEM_TEXT(DaysOutOfRangeRefusal, "-days needs a number of days per move from 0 to 60 (0 = no time limit), e.g. -days=7; got {word}"),
    PBEM_TEXT(WeekendsNeitherOffNorOnRefusal, "-weekends is -weekends=off (no clock runs from Saturday 00:00 to Monday 00:00 UTC) or "
              "-weekends=on (the default); got {word}"),
    PBEM_TEXT(RatingRangeMalformedRefusal, "-rating needs a range of ratings, low to high, e.g. -rating=1400-1700; got {word}"),
    PBEM_TEXT(BankWithoutIncrementRefusal, "-clock needs a bank and an increment, B+I, e.g. -clock=10+1 (days) or -clock=240h+36h (hours); got {word}"),
    PBEM_TEXT(BankNotDurationRefusal, "-clock's bank and increment are whole days or hours with h, e.g. -clock=10+1 (days) or -clock=240h+36h (hours); got {word}"),
    PBEM_TEXT(BankOutOfRangeRefusal, "-clock's bank must be 1 hour to 60 days; got {bank}"),
    PBEM_TEXT(IncrementOverBankRefusal, "-clock's increment must not be more than its bank; got {value}"),
    PBEM_TEXT(TwoClocksRefusal, "-days and -clock are two kinds of clock: give one of them"),
    PBEM_TEXT(UnratedOptionHelp, "the game does not count for the ratings (default: rated)"),
    PBEM_TEXT(DaysOptionHelp, "days per move, 0 to 60; 0 = no time limit (default: the server's, see help)"),
    PBEM_TEXT(ClockOptionHelp, "a time bank instead: B days (or Bh hours), I more after each move"),
    PBEM_TEXT(WeekendsOptionHelp, "off: the clock stands still from Saturday 00:00 to Monday 00:00 UTC (default: on)"),
    PBEM_TEXT(RatingOptionHelp, "an open invitation (challenge userid any): who may take it, by rating"),
    // clock_commands.cpp: vacation and set autovacation.
    PBEM_TEXT(OneDay, "{n} day"),
    PBEM_TEXT(SeveralDays, "{n} days"),
    PBEM_TEXT(OneGame, "{n} game"),
    PBEM_TEXT(SeveralGames, "{n} games"),
    PBEM_TEXT(VacationDaysLeft, "You have {left} of vacation left in {year} (of {allowance} a year).\n"),
    PBEM_TEXT(OnVacationUntil, "You are on vacation until {until}: the clocks of your games stand still until then "
                               "(`vacation {userid} <password> off` ends it now).\n"),
    PBEM_TEXT(VacationSubject, "Vacation"),
    PBEM_TEXT(NotOnVacationRefusal, "you are not on vacation, so there is none to end"),
    PBEM_TEXT(VacationEndedSubject, "Vacation ended"),
    PBEM_TEXT(VacationEnded, "Your vacation has ended now instead of {planned}; {back} given back. The clocks of your "
                             "games run again ({games} where you are to move got their deadline back).\nYou have "
                             "{left} of vacation left in {year}.\n"),
    PBEM_TEXT(AlreadyOnVacationRefusal, "you are on vacation until {until} already; end it with `vacation {userid} "
                                        "<password> off` before starting another"),
    PBEM_TEXT(VacationTooLongRefusal, "you asked for {days} of vacation but have only {left} left in {year} (the "
                                      "allowance is {allowance} a calendar year)"),
    PBEM_TEXT(VacationUntilSubject, "Vacation until {until}"),
    PBEM_TEXT(VacationStarted, "Your vacation runs until {until}. Until then the clocks of your games stand still: "
                               "every deadline of yours moves by {days} ({games} where you are to move now), and "
                               "your opponents' game mails say you are on vacation.\nYou have {left} of vacation "
                               "left in {year}. `vacation {userid} <password> off` ends it early and gives back the "
                               "whole days not yet begun.\n"),
    PBEM_TEXT(AutovacationSubject, "Autovacation {value}"),
    PBEM_TEXT(AutovacationOn, "When your time in a game runs out and you have vacation days left this year, one of "
                              "them now starts instead of the loss on time (at most one a day): the clocks of all "
                              "your games stand still 24 hours more, and you get a mail saying so.\n"),
    PBEM_TEXT(AutovacationOff, "When your time in a game runs out you now lose it on time (or, before your first move "
                               "in it, it is aborted), even with vacation days left. `set {userid} <password> "
                               "autovacation on` spends a vacation day instead again.\n"),
    // conditional_commands.cpp: conditional moves.
    PBEM_TEXT(ConditionalLineNumber, "  {n}. "),
    PBEM_TEXT(ConditionalFirstPair, "if {opponent} plays {ply}, play {answer}"),
    PBEM_TEXT(ConditionalNextPair, "; then if {ply}, play {answer}"),
    PBEM_TEXT(OneConditionalLine, "{n} line"),
    PBEM_TEXT(SeveralConditionalLines, "{n} lines"),
    PBEM_TEXT(ConditionalOddPliesRefusal, "a conditional line pairs each of your opponent's plies with your answer, "
                                          "so it has an even number of plies; this one has {count}"),
    PBEM_TEXT(ConditionalTooLongRefusal, "a conditional line has at most {most} plies; this one has {count}"),
    PBEM_TEXT(ConditionalTooManyLinesRefusal,
              "that would make {lines} lines; a game's conditional moves hold at most {most} (send `clear` to start "
              "again)"),
    PBEM_TEXT(ConditionalOpponentsPly, "ply {n} of the line (your opponent's)"),
    PBEM_TEXT(ConditionalOwnPly, "ply {n} of the line (yours)"),
    PBEM_TEXT(ConditionalResignRefusal, "{which} is resign: a conditional line holds moves only"),
    PBEM_TEXT(ConditionalAfterEndRefusal, "the game is over before {which}: nothing may follow the ply that ends it"),
    PBEM_TEXT(ConditionalIllegalRefusal, "{which} is not legal there: {why}"),
    PBEM_TEXT(ConditionalGameOverRefusal, "game {game} is over: there is nothing left to answer"),
    PBEM_TEXT(ConditionalMovesSubject, "{title} #{game}: your conditional moves"),
    PBEM_TEXT(NoConditionalMoves, "You have no conditional moves in {heading}.\n"),
    PBEM_TEXT(ConditionalMovesList, "Your conditional moves in {heading} ({lines}), for {opponent}'s next move:\n\n"
                                    "{list}\nOnly you see them.\n"),
    PBEM_TEXT(ConditionalClearedSubject, "{title} #{game}: conditional moves cleared"),
    PBEM_TEXT(ConditionalMovesCleared, "Your conditional moves in {heading} are deleted ({lines}).\n"),
    PBEM_TEXT(ConditionalOnYourMoveRefusal, "it is your move in game {game}: conditional moves answer your opponent's "
                                            "next ply, so send them after your move (a `multiple` mail can hold the "
                                            "move and then the conditional line)"),
    PBEM_TEXT(ConditionalStoredSubject, "{title} #{game}: conditional moves stored"),
    PBEM_TEXT(ConditionalMovesStored, "Stored. Your conditional moves in {heading} ({lines}), for {opponent}'s next "
                                      "move:\n\n{list}\nWhen {opponent} plays the first ply of a line, its answer "
                                      "is played at once;\na ply no line starts with deletes them all. Only you see "
                                      "them; `clear`\ndeletes them.\n"),
    // watch_commands.cpp: watching games.
    PBEM_TEXT(WatchStopCommand, "{type} unsubscribe {game} {userid} <password>"),
    PBEM_TEXT(WatchesEveryGameAlreadyRefusal, "{userid} already watches every new {title} game (to stop: {type} "
                                              "unsubscribe {userid} <password> all)"),
    PBEM_TEXT(WatchingEveryGameSubject, "{title} games: watching every new game"),
    PBEM_TEXT(WatchingEveryGame, "{userid} now watches every new {title} game: each one started\nfrom now on sends "
                                 "you its board mails. Games already running are watched\none by one with\n    "
                                 "{type} subscribe <board> {userid} <password>\nTo stop watching new games, "
                                 "send:\n    {type} unsubscribe {userid} <password> all\n"),
    PBEM_TEXT(PlaysInWatchedGameRefusal, "{userid} plays in game {game} and gets its mail already"),
    PBEM_TEXT(WatchedGameOverRefusal, "game {game} is over: there is nothing more to watch"),
    PBEM_TEXT(WatchesGameAlreadyRefusal, "{userid} already watches game {game} (to stop: {stop})"),
    PBEM_TEXT(WatchingSubject, "{title} #{game}: watching"),
    PBEM_TEXT(WatchingGame, "{userid} now watches {heading}, {first} against {second}.\nEvery board mail of it "
                            "comes to you too.\n\n{board}\nTo stop, send:\n    {stop}\n"),
    PBEM_TEXT(NotWatchingEveryGameRefusal, "{userid} does not watch every new {title} game, so there is nothing to "
                                           "stop"),
    PBEM_TEXT(StoppedWatchingNewSubject, "{title} games: no longer watching new games"),
    PBEM_TEXT(StoppedWatchingNew, "{userid} no longer watches new {title} games. Games you watch already\nkeep "
                                  "sending you their mail until you send, for each,\n    {type} unsubscribe "
                                  "<board> {userid} <password>\n"),
    PBEM_TEXT(NotWatchingGameRefusal, "{userid} does not watch game {game}, so there is nothing to stop"),
    PBEM_TEXT(StoppedWatchingSubject, "{title} #{game}: no longer watching"),
    PBEM_TEXT(StoppedWatching, "{userid} no longer watches {heading}.\n"),
    // list_unsubscribe.cpp: List-Unsubscribe.
    PBEM_TEXT(UnsubscribedFromOtherAddress, "\nThe mail to it came from {address}, which is not one of your addresses "
                                            "(a forwarded mail?). That address can only turn mail off.\n"),
    PBEM_TEXT(DigestUnsubscribed, "Your daily digest is off: a mail to its unsubscribe address (the List-Unsubscribe "
                                  "of your digest) turned it off. Board mails about every move come as before.\n\nTo "
                                  "have it again, send:\n    set {userid} <password> digest HH\n"),
    PBEM_TEXT(UnwatchedGameNumber, "#{game}"),
    PBEM_TEXT(UnwatchedKind, "watching every new {title} game"),
    PBEM_TEXT(UnwatchedKindAndGames, "watching every new {title} game, and watching {games}"),
    PBEM_TEXT(UnwatchedGames, "watching {games}"),
    PBEM_TEXT(UnwatchedKindSubject, "{title} games: no longer watching"),
    PBEM_TEXT(UnwatchedKindText, "{userid} no longer watches {title} games: a mail to the unsubscribe address of a "
                                 "{title} game's mail (its List-Unsubscribe) turned off {what}.\n\nTo watch every "
                                 "new game again, send:\n    {type} subscribe {userid} <password> all\nor one "
                                 "game:\n    {type} subscribe <board> {userid} <password>\n"),
    PBEM_TEXT(UnwatchedUnknownGame, "game {game}"),
    PBEM_TEXT(UnwatchedGameSubject, "{name}: no longer watching"),
    PBEM_TEXT(UnwatchedGame, "{userid} no longer watches {name}: a mail to the unsubscribe address of its mail (its "
                             "List-Unsubscribe) turned it off.\n"),
    PBEM_TEXT(WatchAgain, "\nTo watch it again, send:\n    {type} subscribe {game} {userid} <password>\n"),
    PBEM_TEXT(UnsubscribeOnlyByMailRefusal, "a setting is turned off so only by a mail to its unsubscribe address"),
    // clock_mail.cpp: `pbem clock extend`, the operator's hours after an outage.
    PBEM_TEXT(ExtendedGameLine, "  {heading} against {opponent}: deadline {deadline} (was {was})\n"),
    PBEM_TEXT(ExtendedBankGameLine, "  {heading} against {opponent}: deadline {deadline} (was {was}), your bank {bank}\n"),
    PBEM_TEXT(ClockExtendedOneGameSubject, "{hours} hours more on your clock in {games} game"),
    PBEM_TEXT(ClockExtendedSubject, "{hours} hours more on your clock in {games} games"),
    PBEM_TEXT(ClockExtended, "The server's operator has given you {hours} hours more to move, to make up for time lost to an "
              "outage of the server:\n\n{lines}"),
    // clock_events.cpp: deadlines.
    PBEM_TEXT(AutovacationDayHeadline, "Your time in {heading} ran out at {deadline}, so one of your vacation days has "
                                       "started instead of a loss on time (autovacation): the clocks of all your games "
                                       "stand still until {until}. You have {left} of vacation left in {year}. With "
                                       "none left, or after `set {userid} <password> autovacation off`, a deadline "
                                       "that passes ends the game as it always did."),
    PBEM_TEXT(AutovacationDaySubject, "{title} #{game}: a vacation day for {userid} instead of a loss on time"),
    PBEM_TEXT(OneVacationDay, "{n} vacation day"),
    PBEM_TEXT(SeveralVacationDays, "{n} vacation days"),
    PBEM_TEXT(AutovacationReminderNote, " But with autovacation on and {left} left, one of them starts instead (at "
                                        "most one a day)."),
    PBEM_TEXT(DeadlineNeverMovedHeadline, "{player} ({colour}) did not move by the deadline, {deadline}, and had not "
                                          "made a move in this game: nobody loses a game they never played."),
    PBEM_TEXT(DeadlineLostOnTimeHeadline, "{player} ({colour}) did not move by the deadline, {deadline}, and lost on "
                                          "time."),
    PBEM_TEXT(ReminderAbortsHeadline, "Reminder: it is your move in {heading}, and your deadline is {deadline}. "
                                      "Without a move by then the game is aborted: you have not moved in it yet."),
    PBEM_TEXT(ReminderLosesHeadline, "Reminder: it is your move in {heading}, and your deadline is {deadline}. "
                                     "Without a move by then you lose on time."),
    PBEM_TEXT(ReminderSubject, "{title} #{game}: reminder, {player} to move"),
    // help_text.cpp: the help topics; the registry's games, the server's address and its clock settings put in.
    PBEM_TEXT(HelpSubject, "Help"),
    PBEM_TEXT(GameHelpSubject, "{title} help"),
    PBEM_TEXT(HelpOverview,
              "This is a play-by-email game server. Send a command in the Subject line of a\n"
              "mail to {address}; the reply comes by mail. Games played here:\n\n{games}"
              "\nMore help (send as the Subject):\n"
              "  help commands    every command and its syntax\n"
              "  help tutorial    signing up and playing a first game, step by step\n"
              "  help <game>      a game's rules, notation and options (e.g. help hy3)\n"
              "  help clock       time limits, reminders, loss on time and vacations\n"
              "  help tournaments round robins, Swiss and knockout tournaments by mail\n"
              "  help leagues     divisions that play season after season, up and down\n"
              "  help ladders     ladders: climb a few rungs up and take the rung you win\n"
              "  help digest      one mail a day with every game where it is your move\n"),
    PBEM_TEXT(HelpOverviewGame, "  {game}  - {summary}\n"),
    PBEM_TEXT(HelpLadders,
              "Ladders: climb and take the rung you win\n\n"
              "Anyone makes one (HY 3 here; any game works alike):\n"
              "    hy3 ladder new alice mysecret club -size=5 -reach=3\n"
              "It is L#1, always written with its L#. The name: 1 to 40 characters, no\n"
              "blanks. -reach=N (1-10, default 3): how many rungs up a climb may reach; and\n"
              "every game's options: board size, -swap, -days=N or -clock=B+I, -unrated.\n"
              "The organiser plays only if they join. Joining puts you on the bottom rung:\n"
              "    hy3 join L#1 bob pa55word\n"
              "A climb starts a game at once, against a player at most -reach rungs above\n"
              "you; you move first, and both get the board:\n"
              "    hy3 climb L#1 bob pa55word alice\n"
              "Win it (also on time) and you take their rung: they and everyone between move\n"
              "down one. Lose it and nothing moves. One climb of your own at a time, at most\n"
              "three against you, one game per pair; ladder games cannot be aborted, and a\n"
              "loss on time stands even before your first move (joining was consent).\n"
              "    hy3 leave L#1 bob pa55word   (resigns your ladder games; those below move up)\n"
              "The computer plays if the organiser enters it: hy3 join L#1 bot <organiser's\n"
              "password>.\n\n"
              "    hy3 ladders          (every ladder of the game)\n"
              "    hy3 ladder L#1       (its rungs, games under way, last 20 results)\n"),
    PBEM_TEXT(HelpDigest,
              "The daily digest: one mail a day, and play from it\n\n"
              "    set alice mysecret digest 7\n"
              "sends you at 07:00 UTC (0 to 23) one mail listing every game where it is your\n"
              "move: its number, your opponent, their last move, your deadline and the board.\n"
              "Nothing comes on a day with no game waiting. Reply to it with one move per\n"
              "line, the game's number first:\n"
              "    #12 c4\n"
              "    #15 swap\n"
              "Each line is played as by that game's own address (no password) and answered\n"
              "on its own; the quoted digest below your reply is ignored.\n\n"
              "    set alice mysecret movemail off\n"
              "(only with a digest on) stops the mails about your opponents' moves and the\n"
              "games you watch; your own moves, new games, results, proposals, reminders and\n"
              "tournament mail still come. `movemail on` and `digest off` undo them.\n"),
    PBEM_TEXT(HelpTournaments,
              "Tournaments: round robin, Swiss and knockout, played by mail\n\n"
              "Anyone makes one (HY 3 here; any game works alike):\n"
              "    hy3 tournament new alice mysecret spring -size=5 -players=4\n"
              "The name: 1 to 40 characters, no blanks. Options, all optional:\n"
              "  -format=roundrobin|swiss|knockout  (default roundrobin)\n"
              "  -players=N   start the moment N have joined (round robin 3-16, Swiss 4-64,\n"
              "               knockout 2-64)\n"
              "  -start=YYYY-MM-DD   start at 00:00 UTC that day, or be cancelled with too\n"
              "               few players (round robin 3, Swiss 4, knockout 2)\n"
              "  -rounds=N    Swiss only (default: log2 of the players, rounded up)\n"
              "  -double      round robin only: every pair plays twice, colours exchanged\n"
              "  and every game's options: board size, -swap, -days=N or -clock=B+I, -unrated.\n"
              "Without -players or -start the organiser starts it:\n"
              "    hy3 tournament start 3 alice mysecret\n"
              "The organiser plays only if they join. Joining and leaving:\n"
              "    hy3 join 3 bob pa55word\n"
              "    hy3 leave 3 bob pa55word\n"
              "Leaving after the start resigns your unfinished games of it. The computer\n"
              "plays if the organiser enters it: hy3 join 3 bot <organiser's password>.\n\n"
              "At the start, and at each new Swiss or knockout round, every player gets one\n"
              "mail listing their games (or their bye); each game's mail says its tournament\n"
              "and round. The next round begins when the last game of a round ends; the\n"
              "final table goes to every player and the organiser. Scores: a win 1, a loss\n"
              "0, a bye 1. Ties: round robin by Sonneborn-Berger, then the games among the\n"
              "tied, then the rating at the start; Swiss by Buchholz, then Sonneborn-Berger,\n"
              "then the rating. Tournament games cannot be aborted.\n\n"
              "    hy3 tournaments      (open, running and recently over)\n"
              "    hy3 tournament 3     (its table)\n"),
    PBEM_TEXT(HelpLeagues,
              "Leagues: a championship that runs itself\n\n"
              "A league plays seasons; each season its players are in divisions, each\n"
              "division a round robin. Anyone makes one:\n"
              "    hy3 league new alice mysecret club -size=5 -group=8 -up=2 -down=2\n"
              "  -group=N   players per division, 4 to 12 (default 8)\n"
              "  -up=N, -down=N   how many move up and down between neighbouring\n"
              "             divisions after each season, 1 to group/2 (default 2)\n"
              "  and every game's options: board size, -swap, -days=N or -clock=B+I, -unrated.\n"
              "A league is always written with its prefix, G#N:\n"
              "    hy3 join G#3 bob pa55word     (plays from the next season)\n"
              "    hy3 leave G#3 bob pa55word    (goes after this season)\n"
              "    hy3 league start G#3 alice mysecret   (the organiser, 4 players or more)\n"
              "The first season places the players by rating, highest in division 1; the\n"
              "last division takes the rest (at least 3; fewer join the division above).\n"
              "When a season's last game ends, the next season begins at once: the top of\n"
              "each division moves up, the bottom moves down, leavers go, new players start\n"
              "in the last division. Each player gets one mail: their division's final table,\n"
              "their move, and their new games. The computer plays if the organiser enters\n"
              "it: hy3 join G#3 bot <organiser's password>. League games cannot be aborted,\n"
              "and a loss on time stands.\n\n"
              "    hy3 leagues          (every league of the game)\n"
              "    hy3 league G#3       (its divisions, tables and last moves)\n"),
    PBEM_TEXT(HelpClock,
              "The clock: time limits, time banks, reminders, loss on time, vacations\n\n"
              "Every game has a time per move: the challenge option -days=N (0 to 60; 0 means\n"
              "no time limit). Without it a game gets {days} days per move{no_limit}. After every move\n"
              "the player to move has that many days; their deadline is in every game mail,\n"
              "in show, games and all show, e.g. 2027-03-04 12:00 UTC.\n\n"
              "When {notice} hours are left you get one reminder with the board, Subject\n"
              "\"HY 3 #12: reminder, alice to move\". At the deadline the player to move loses\n"
              "on time: the opponent wins, and it counts for the ratings like a resignation.\n"
              "But nobody loses a game they never played: if they have not made a move of\n"
              "their own in it yet, the game is aborted instead (\"alice never moved\"), not\n"
              "rated. In a tournament game the loss on time stands.\n\n"
              "Or a time bank, -clock=B+I instead of -days: each player has a bank of B days\n"
              "(or hours: -clock=240h+36h), only the bank of the player to move runs, and I\n"
              "is added after each of your moves, never above B. Mails show both banks, e.g.\n"
              "\"Time left: alice 9 d 4 h, bob 10 d 0 h (10+1)\". One reminder a turn when {notice}\n"
              "hours are left; at zero you lose on time.\n\n"
              "With -weekends=off (on a challenge, a tournament, a league or a ladder) the\n"
              "game's clock, days per move or bank, does not run from Saturday 00:00 to\n"
              "Monday 00:00 UTC: 3 days per move from Friday 12:00 end on Wednesday 12:00.\n"
              "Deadlines shown are the real moments, and mails and show say \"weekends off\".\n\n"
              "Going away? Send\n"
              "    vacation alice mysecret 7\n"
              "and for 7 days from now the clocks of all your games stand still: every deadline\n"
              "of yours moves back by 7 days (a bank stands still), and your opponents' mails\n"
              "say you are on vacation.\n"
              "You have {vacation_days} vacation days per calendar year (UTC). `vacation alice mysecret off` ends\n"
              "it early and gives back the whole days not yet begun; `vacation alice mysecret`\n"
              "tells the days you have left this year.\n\n"
              "Autovacation: when your time in a game runs out and you have vacation days\n"
              "left, one of them starts instead of the loss (at most one a day), and you get\n"
              "one mail saying so. `set alice mysecret autovacation off` turns it off.\n"),
    PBEM_TEXT(HelpClockNoTimeLimit, " (that is, no time limit)"),
    PBEM_TEXT(HelpCommands,
              "Commands (the Subject line; words are case-insensitive except passwords):\n\n{usages}"
              "\n<game> is one of: {games}. `board` is the game number (#17 in the\n"
              "Subject of every game mail). `move#moveno` accepts the move only if it would\n"
              "be move number moveno, so a stale or repeated mail cannot play twice.\n"
              "`show 17#5` shows game 17 after move 5. `games` lists active games unless\n"
              "you add all, inactive or next (games where it is that user's turn).\n"
              "-days=N in a challenge sets the time per move, -clock=B+I a time bank; `help\n"
              "clock` explains deadlines, banks, reminders, loss on time and vacation.\n"
              "`multiple` as the Subject: each line of the body above any quoted text is one\n"
              "command (at most 20), carried out in order as if it had come alone; one reply\n"
              "lists every line's result.\n"
              "`set` takes pictures, movemail, autovacation, messages, announcements,\n"
              "records or calendar with on or off, digest with an hour (HH, UTC) or off,\n"
              "challenges with ask, auto or none, board with text, list or both, reviews\n"
              "with auto or off (the computer's review of each game of yours with a result).\n"
              "`hy3 note 12 alice mysecret` keeps the body as your private note after the\n"
              "game's current move (-sealed: public once the game ends); `notes` lists yours.\n"
              "`hy3 conditional 12 alice mysecret c4 c5 d4 d5` while it is your opponent's\n"
              "turn: if they play c4, c5 is played for you at once; then if d4, d5. Lines\n"
              "merge into one private tree (32 lines of 24 plies at most); without plies the\n"
              "command mails you your lines, `clear` deletes them.\n"),
    PBEM_TEXT(HelpTutorial,
              "Tutorial: your first game by mail\n"
              "\n"
              "1. Sign up. Send a mail whose Subject is\n"
              "       signup alice mysecret\n"
              "   Your userid is alice, your password mysecret. Replies go to the address you\n"
              "   sent from; add more addresses after the password if you like. Each address\n"
              "   gets a confirmation code; send `confirm alice <code>` for each. Until then\n"
              "   the server mails that address nothing else.\n"
              "\n"
              "2. Challenge someone who has signed up (here bob) to a game of HY 3:\n"
              "       hy3 challenge alice bob\n"
              "   The first userid moves first. Options follow, e.g.\n"
              "       hy3 challenge alice bob -size=5 -swap\n"
              "   bob gets an invitation to game #12 and accepts it (a reply `accept` does):\n"
              "       hy3 accept 12 bob bobsecret\n"
              "   Then both of you receive the empty board. Knowing nobody? Post an open\n"
              "   invitation anyone may take (`hy3 invitations` lists them):\n"
              "       hy3 challenge alice any\n"
              "\n"
              "3. Move. Every board mail ends with a ready-made Subject line: reply, put your\n"
              "   password and your move in it, and send:\n"
              "       hy3 move 12 alice mysecret d4\n"
              "   Both players receive the new board. Add #N to the move (d4#3) to make sure\n"
              "   it is only played as move 3.\n"
              "\n"
              "4. Look around at any time:\n"
              "       hy3 show 12          the board now\n"
              "       hy3 history 12       every move so far\n"
              "       hy3 record 12        the record as SGF and JSON files\n"
              "       all show alice next  every game where it is alice's turn\n"
              "       hy3 chat 12 alice mysecret   (the mail's body goes to your opponent)\n"
              "\n"
              "5. The game ends when someone wins or resigns:\n"
              "       hy3 resign 12 alice mysecret\n"
              "   Until your own first move, you can end an unwanted game alone:\n"
              "       hy3 abort 12 bob bobsecret\n"
              "\n"
              "6. Every move has a time limit (-days=N in the challenge, else the server's\n"
              "   default); the deadline is in every game mail. Going away?\n"
              "       vacation alice mysecret 7\n"
              "   stops your clocks for 7 days. `help clock` tells all about it.\n"
              "\n"
              "7. Slipped? Propose to take back your last move; your opponent answers:\n"
              "       hy3 undo 12 alice mysecret\n"
              "       hy3 accept 12 bob bobsecret      (or: hy3 decline 12 bob bobsecret)\n"
              "   Once the game has a move, `abort` is a proposal too (no result, unrated).\n"
              "   After the end, `hy3 rematch 12 alice mysecret` starts a new game with the\n"
              "   colours exchanged, and `hy3 review 12 alice mysecret` mails the computer's\n"
              "   review: each move's chance, the turning points, the wins missed. Anyone may\n"
              "   watch: `hy3 subscribe 12 carol c4rolpw`.\n"
              "\nSend {games} for each game's rules.\n"),
    PBEM_TEXT(HelpTutorialGame, "`help {game}`"),
    PBEM_TEXT(HelpOneOrAnother, "{some} or {last}"),
    PBEM_TEXT(HelpUnknownSubjects, "There is no help on:\n{subjects}\n"),
    PBEM_TEXT(HelpGame, "{rules}\nChallenge options:\n{options}\nCommands:\n{usages}"),
    // moderation_text.cpp: suspensions, the operator's verdicts, reports and announcements.
    PBEM_TEXT(SuspendedUntil, "until {deadline}"),
    PBEM_TEXT(SuspendedUntilFurtherNotice, "until further notice"),
    PBEM_TEXT(SuspendedRefusal, "{userid} is suspended by the server's operator {until}: {reason}. Meanwhile only "
                                "help, export and delete are carried out for {userid}; the clocks of your games run "
                                "as usual"),
    PBEM_TEXT(SuspensionSubject, "Your account {userid} is suspended"),
    PBEM_TEXT(SuspensionNotice, "The server's operator has suspended your account {userid} {until}.\n\nThe reason "
                                "given: {reason}\n\nMeanwhile your commands are refused, except help, export and "
                                "delete. The clocks of your games run as usual: use vacation days you set before, or "
                                "ask the operator.\n"),
    PBEM_TEXT(SuspensionLiftedSubject, "Your account {userid} is no longer suspended"),
    PBEM_TEXT(SuspensionLiftedNotice, "The server's operator has lifted the suspension of your account {userid}: your "
                                      "commands are carried out again.\n"),
    PBEM_TEXT(VoidRunningNotice, "The server's operator has declared {title} #{game} ({first} against {second}) void: "
                                 "it ends without a result and is not rated.\n\nThe reason given: {reason}\n"),
    PBEM_TEXT(VoidEndedNotice, "The server's operator has declared {title} #{game} ({first} against {second}) void: "
                               "its result no longer stands and it is not rated.\n\nThe reason given: {reason}\n"),
    PBEM_TEXT(VoidRatingsRecomputed, "\nThe ratings were recomputed without it:{ratings}"),
    PBEM_TEXT(AdjudicatedSubject, "{title} #{game}: {winner} wins by the operator's decision"),
    PBEM_TEXT(AdjudicatedNotice, "The server's operator has decided {title} #{game} ({first} against {second}): "
                                 "{winner} wins, and the game is over.\n\nThe reason given: {reason}\n{ratings}"),
    PBEM_TEXT(ReportSubject, "Report: {reporter} reports {reported}"),
    PBEM_TEXT(ReportAboutGameSubject, "Report: {reporter} reports {reported} ({title} #{game})"),
    PBEM_TEXT(ReportToOperator, "{reporter} reports {reported}, about no game in particular.\n{reported} has not been "
                                "told.\n\n{reporter} wrote:\n\n{report}\nTo act on it: pbem suspend {reported} "
                                "--reason TEXT [--days N] (docs/operating.md, \"Moderation\").\n"),
    PBEM_TEXT(ReportAboutGameToOperator,
              "{reporter} reports {reported} about {title} #{game} ({first} against {second}).\n{reported} has not "
              "been told.\n\n{reporter} wrote:\n\n{report}\nTo act on it: pbem suspend {reported} --reason TEXT "
              "[--days N], pbem void {game}, pbem adjudicate {game} USERID (docs/operating.md, \"Moderation\").\n"),
    PBEM_TEXT(ReportAcknowledged, "Your report about {reported} has gone to the server's operator, who reads it and "
                                  "may ask you more. {reported} is not told of it.\n"),
    PBEM_TEXT(ReportAcknowledgedSubject, "Report about {reported} sent"),
    PBEM_TEXT(ReportNoOperatorRefusal, "this server has no operator's address for reports (server.operator is not "
                                       "set): write to the server's postmaster instead"),
    PBEM_TEXT(ReportOnceADayRefusal, "you have reported {reported} within the last 24 hours already: one report a day "
                                     "about a player reaches the operator"),
    PBEM_TEXT(ReportTooLongRefusal, "a report is at most {limit} characters: shorten the text in the body"),
    PBEM_TEXT(ReportEmptyRefusal, "a report needs its text in the mail's body: what happened, where and when"),
    PBEM_TEXT(ReportAboutSelfRefusal, "a report is about another player, not yourself"),
    PBEM_TEXT(AnnouncementText, "{body}\n-- \nAn announcement from the server's operator to every player. To have no "
                                "more of them, send\n    set {userid} <password> announcements off\nor use your mail "
                                "program's unsubscribe button.\n"),
    PBEM_TEXT(AnnouncementsOnText, "The operator's announcements to every player (a move of the server, a new game) "
                                   "reach you again.\n"),
    PBEM_TEXT(AnnouncementsOffText, "The operator's announcements to every player no longer reach you; game mail "
                                    "still comes.\n"),
    PBEM_TEXT(AnnouncementsOffNotice, "The operator's announcements to every player are off for {userid}: a mail to "
                                      "their unsubscribe address (the List-Unsubscribe of an announcement) turned "
                                      "them off.\n\nTo have them again, send:\n    set {userid} <password> "
                                      "announcements on\n"),
    // The command parser's refusals (language/parse_refusal.h), worded by replies/parse_replies.cpp.
    PBEM_TEXT(ArgumentCommand, "command"),
    PBEM_TEXT(ArgumentGameCommand, "command after the game name (e.g. move, show, challenge, help)"),
    PBEM_TEXT(ArgumentSecondWord, "second word"),
    PBEM_TEXT(ArgumentUserid, "userid"),
    PBEM_TEXT(ArgumentFirstUserid, "first userid"),
    PBEM_TEXT(ArgumentSecondUserid, "second userid"),
    PBEM_TEXT(ArgumentUseridToBlock, "userid to block"),
    PBEM_TEXT(ArgumentUseridToUnblock, "userid to unblock"),
    PBEM_TEXT(ArgumentUseridToReport, "userid to report"),
    PBEM_TEXT(ArgumentOpponent, "opponent"),
    PBEM_TEXT(ArgumentTargetUserid, "target userid (the player whose rung you climb to)"),
    PBEM_TEXT(ArgumentCurrentPassword, "current password"),
    PBEM_TEXT(ArgumentNewPassword, "new password"),
    PBEM_TEXT(ArgumentCode, "code"),
    PBEM_TEXT(ArgumentBoardNumber, "board number"),
    PBEM_TEXT(ArgumentMove, "move"),
    PBEM_TEXT(ArgumentSetting, "setting"),
    PBEM_TEXT(ArgumentDaysOrOff, "number of days or off"),
    PBEM_TEXT(ArgumentDays, "number of days"),
    PBEM_TEXT(ArgumentTournamentNumberExample, "tournament number (e.g. 3 or T#3)"),
    PBEM_TEXT(ArgumentTournamentNumber, "tournament number"),
    PBEM_TEXT(ArgumentLeagueExample, "league (e.g. G#3)"),
    PBEM_TEXT(ArgumentLeague, "league"),
    PBEM_TEXT(ArgumentLadderExample, "ladder (e.g. L#3)"),
    PBEM_TEXT(ArgumentLadder, "ladder"),
    PBEM_TEXT(ArgumentTournamentName, "tournament name"),
    PBEM_TEXT(ArgumentLadderName, "ladder name"),
    PBEM_TEXT(ArgumentSealed, "-sealed"),
    PBEM_TEXT(ArgumentAll, "all"),
    PBEM_TEXT(ArgumentClear, "clear"),
    PBEM_TEXT(WordWhereArgumentBelongs, "the word where the {what} belongs"),
    PBEM_TEXT(InsteadOfWord, ", not {word}"),
    PBEM_TEXT(InsteadOfUnrepeatedWord, " (the word given is not repeated here, in case it was a password)"),
    PBEM_TEXT(DidYouMean, "; did you mean {guess}?"),
    PBEM_TEXT(EmptyCommandRefusal, "empty command: put the command in the Subject line, e.g. 'help'"),
    PBEM_TEXT(UnknownCommandRefusal, "unknown command {word}{guess}"),
    PBEM_TEXT(UnknownGameCommandRefusal, "unknown {game} command {word}{guess}"),
    PBEM_TEXT(SecondWordsAfter, "{seconds} after {first}"),
    PBEM_TEXT(WrongSecondWordRefusal, "{first} what? expected {spellings}{instead}"),
    PBEM_TEXT(MissingArgumentRefusal, "missing {what}"),
    PBEM_TEXT(NotOneOfRefusal, "{word} is not one of: {choices}"),
    PBEM_TEXT(UnexpectedWordRefusal, "unexpected {word} at the end of the command"),
    PBEM_TEXT(UnexpectedUnrepeatedWordsRefusal, "unexpected extra words at the end of the command (not repeated here)"),
    PBEM_TEXT(NotAUseridThereRefusal, "the word where the {what} belongs is not a userid (2 to 16 characters of a-z, 0-9, '_' and '-')"),
    PBEM_TEXT(UseridLengthRefusal, "userid {userid} must be 2 to 16 characters long"),
    PBEM_TEXT(UseridCharactersRefusal, "userid {userid} may only contain a-z, 0-9, '_' and '-'"),
    PBEM_TEXT(PasswordLengthRule, "password must be 4 to 64 characters long"),
    PBEM_TEXT(PasswordCharactersRule, "password may not contain blanks, quotes or colons"),
    PBEM_TEXT(NewPasswordRuleRefusal, "new {rule}"),
    PBEM_TEXT(PasswordIsMoveRefusal, "password missing: the last word is a move, not a password; write userid, password, then the move"),
    PBEM_TEXT(NotAPasswordThereRefusal, "the word where the {what} belongs cannot be a password ({rule}): is a word missing or out of order?"),
    PBEM_TEXT(NotABoardNumberRefusal, "{word} is not a board number"),
    PBEM_TEXT(NotABoardNumberUnrepeatedRefusal, "the word where the board number belongs is not a board number (not repeated here, in case it was a password)"),
    PBEM_TEXT(MoveNumberNotAllowedRefusal, "{word}: a move number (#n) is not allowed here"),
    PBEM_TEXT(MoveNumberNotAllowedUnrepeatedRefusal, "a move number (#n) is not allowed after the board number here"),
    PBEM_TEXT(MalformedBoardPlyRefusal, "{word}: expected board#moveno, e.g. 17#5"),
    PBEM_TEXT(MalformedBoardPlyUnrepeatedRefusal, "expected board#moveno, e.g. 17#5"),
    PBEM_TEXT(MissingRecipientsRefusal, "missing recipient userid(s)"),
    PBEM_TEXT(DigestSettingValues, "hour (0 to 23) or off after digest"),
    PBEM_TEXT(ChallengesSettingValues, "ask, auto or none after challenges"),
    PBEM_TEXT(BoardSettingValues, "text, list or both after board"),
    PBEM_TEXT(ReviewsSettingValues, "auto or off after reviews"),
    PBEM_TEXT(OnOffSettingValues, "on or off after {setting}"),
    PBEM_TEXT(ChallengesSettingRefusal, "challenges is set 'ask', 'auto' or 'none'{instead}"),
    PBEM_TEXT(ReviewsSettingRefusal, "reviews is set 'auto' or 'off'{instead}"),
    PBEM_TEXT(BoardSettingRefusal, "board is set 'text', 'list' or 'both'{instead}"),
    PBEM_TEXT(DigestSettingRefusal, "digest is set to an hour from 0 to 23 (UTC) or 'off'{instead}"),
    PBEM_TEXT(OnOffSettingRefusal, "{setting} is set 'on' or 'off'{instead}"),
    PBEM_TEXT(VacationDaysRefusal, "{word} is neither a number of vacation days (1 or more) nor 'off'"),
    PBEM_TEXT(TooManyBoardsRefusal, "show takes at most {most} boards at a time"),
    PBEM_TEXT(NotATournamentNumberRefusal, "{word} is not a tournament number: write 3 or T#3"),
    PBEM_TEXT(NotALeagueNumberRefusal, "{word} is not a league: write it with its prefix, e.g. G#3"),
    PBEM_TEXT(NotALadderNumberRefusal, "{word} is not a ladder: write it with its prefix, e.g. L#3"),
    PBEM_TEXT(OnlySealedAfterPasswordRefusal, "after the password only -sealed may follow"),
    PBEM_TEXT(RecordsExtraWordsRefusal, "after the userid only a game and since YYYY-MM-DD may follow"),
    PBEM_TEXT(RecordsMissingDateRefusal, "missing the date after since (YYYY-MM-DD)"),
    PBEM_TEXT(RecordsMalformedDateRefusal, "since takes a date written YYYY-MM-DD, e.g. 2027-01-31"),
    PBEM_TEXT(ForkWithoutPlyRefusal, "a fork names the move it starts after: board#K, e.g. 12#30 (12#0: the empty board)"),
    PBEM_TEXT(MissingPreviewMovesRefusal, "missing move(s) to preview"),
    PBEM_TEXT(SpaceBeforeMoveNumberRefusal, "write {joined} without a space before '#'"),
    PBEM_TEXT(SpaceBeforeMoveNumberUnrepeatedRefusal, "write the move and its #moveno without a space between them, e.g. d4#12"),
    PBEM_TEXT(MalformedMoveNumberRefusal, "the move's #moveno is not a move number: write move#moveno, e.g. d4#12"),
    PBEM_TEXT(MultipleInMultipleRefusal, "a line of a multiple cannot be multiple itself: put each command on a line of its own"),
    PBEM_TEXT(SendsBodyInMultipleRefusal, "{command} sends its mail's body, which here is commands: send {command} in a mail of its own"),
    // usage_text.cpp: the usage lines, each one line (replies indent it by four; keep a new
    // one within 74 columns); the values of each setting are in `help commands` and
    // docs/commands.md.
    PBEM_TEXT(UsageHelp, "help [commands|tutorial|clock|tournaments|leagues|ladders|digest|<game>]"),
    PBEM_TEXT(UsageSignup, "signup userid password [address ...]"),
    PBEM_TEXT(UsageConfirm, "confirm userid code   (the code mailed to a new address)"),
    PBEM_TEXT(UsageChangePassword, "change password userid current-password new-password"),
    PBEM_TEXT(UsageForgot, "forgot userid   (mails a code to reset the password to the account's confirmed addresses)"),
    PBEM_TEXT(UsageReset, "reset userid code new-password   (the code `forgot` mailed; valid an hour, once)"),
    PBEM_TEXT(UsageChangeAddress, "change address userid password [address ...]"),
    PBEM_TEXT(UsageSignoff, "signoff userid password"),
    PBEM_TEXT(UsageExport, "export userid password   (mails everything kept about your account, as JSON)"),
    PBEM_TEXT(UsageDelete, "delete userid password [code]   (erases your account; it mails the code)"),
    PBEM_TEXT(UsageList, "list [game ...]"),
    PBEM_TEXT(UsageMessage, "message userid password to-userid [to-userid ...]   (the body is sent)"),
    PBEM_TEXT(UsageSet, "set userid password setting value   (the settings and their values: help commands)"),
    PBEM_TEXT(UsageBlock,
              "block userid password [other]   (refuses other's challenges, chat and messages; alone: lists them)"),
    PBEM_TEXT(UsageUnblock, "unblock userid password other"),
    PBEM_TEXT(UsageReport,
              "report userid password other [board]   (the body, at most 2,000 characters, goes to the operator)"),
    PBEM_TEXT(UsageListUnsubscribe,
              "(a mail to the List-Unsubscribe address of a digest or a watched game's mail turns that off, no password)"),
    PBEM_TEXT(UsageAllShow, "all show userid [next|active]"),
    PBEM_TEXT(UsageAllRecords,
              "all records userid [game] [since YYYY-MM-DD]   (finished games' SGF and JSON records, oldest first)"),
    PBEM_TEXT(UsageMultiple, "multiple   (the body: up to 20 commands, one a line, carried out in order, each alone)"),
    PBEM_TEXT(UsageGameHelp, "<game> help"),
    PBEM_TEXT(UsageChallenge,
              "<game> challenge userid1 userid2 [-options]   (userid1 moves first; an invitation; any: open to anyone)"),
    PBEM_TEXT(UsageMove, "<game> move board userid password move[#moveno]"),
    PBEM_TEXT(UsageSwap, "<game> swap board userid password   (or: <game> move board userid password swap)"),
    PBEM_TEXT(UsageResign, "<game> resign board userid password"),
    PBEM_TEXT(UsageAbort,
              "<game> abort board userid password   (before your first move: ends the game; later: proposes to)"),
    PBEM_TEXT(UsageShow, "<game> show board[#moveno] [board ...]"),
    PBEM_TEXT(UsageGames, "<game> games [userid ...] [all|active|inactive|next]"),
    PBEM_TEXT(UsageHistory, "<game> history board"),
    PBEM_TEXT(UsageRecord,
              "<game> record board [userid password]   (SGF and JSON attached; with your password, your own notes)"),
    PBEM_TEXT(UsageReview, "<game> review board userid password   (the computer's review of a finished game, by mail)"),
    PBEM_TEXT(UsageNote, "<game> note board userid password [-sealed]   (the body: your own note)"),
    PBEM_TEXT(UsageNotes, "<game> notes board userid password   (your notes in that game)"),
    PBEM_TEXT(UsageFork,
              "<game> fork board#K userid password [opponent]   (a finished game again from move K; unrated)"),
    PBEM_TEXT(UsageChat, "<game> chat board userid password   (the body is sent)"),
    PBEM_TEXT(UsagePreview, "<game> preview board move [move ...]"),
    PBEM_TEXT(UsageRatings, "<game> ratings [userid ...]   (or: <game> standings)"),
    PBEM_TEXT(UsageVacation, "vacation userid password [days|off]   (clocks stand still; none: days left)"),
    PBEM_TEXT(UsageUndo, "<game> undo board userid password   (proposes to take back your last move)"),
    PBEM_TEXT(UsageAccept, "<game> accept board userid password   (an invitation, or the opponent's undo or abort)"),
    PBEM_TEXT(UsageDecline,
              "<game> decline board userid password   (or reject; an invitation or a proposal, or withdraws yours)"),
    PBEM_TEXT(UsageRematch, "<game> rematch board userid password   (a finished game again, colours exchanged)"),
    PBEM_TEXT(UsageInvitations, "<game> invitations   (the open invitations: take one with accept)"),
    PBEM_TEXT(UsageConditional, "<game> conditional board userid password [clear|ply ply ...]"),
    PBEM_TEXT(UsageTournamentNew, "<game> tournament new userid password name [-options]   (help tournaments)"),
    PBEM_TEXT(UsageJoin,
              "<game> join T userid password   (enters tournament T, e.g. 3 or T#3; or league G#3, ladder L#3)"),
    PBEM_TEXT(UsageLeave, "<game> leave T userid password   (once it runs: resigns your games in it)"),
    PBEM_TEXT(UsageTournamentStart, "<game> tournament start T userid password   (the organiser)"),
    PBEM_TEXT(UsageTournament, "<game> tournament T   (its table)"),
    PBEM_TEXT(UsageTournaments, "<game> tournaments   (open, running and recently finished)"),
    PBEM_TEXT(UsageLeagueNew, "<game> league new userid password name [-options]   (help leagues)"),
    PBEM_TEXT(UsageLeagueJoin, "<game> join G#N userid password   (enters league G#N's next season)"),
    PBEM_TEXT(UsageLeagueLeave, "<game> leave G#N userid password   (leaves league G#N after this season)"),
    PBEM_TEXT(UsageLeagueStart, "<game> league start G#N userid password   (the organiser)"),
    PBEM_TEXT(UsageLeague, "<game> league G#N   (its divisions and tables)"),
    PBEM_TEXT(UsageLeagues, "<game> leagues"),
    PBEM_TEXT(UsageLadderNew, "<game> ladder new userid password name [-options]   (help ladders)"),
    PBEM_TEXT(UsageLadderJoin, "<game> join L userid password   (onto ladder L's bottom rung, e.g. L#3)"),
    PBEM_TEXT(UsageLadderLeave, "<game> leave L userid password   (off ladder L: resigns your games in it)"),
    PBEM_TEXT(UsageClimb, "<game> climb L userid password target   (a ladder game at once, e.g. L#3)"),
    PBEM_TEXT(UsageLadder, "<game> ladder L   (its rungs, games and results, e.g. L#3)"),
    PBEM_TEXT(UsageLadders, "<game> ladders"),
    PBEM_TEXT(UsageSubscribe,
              "<game> subscribe board userid password   (watch a game; or: <game> subscribe userid password all)"),
    PBEM_TEXT(UsageUnsubscribe,
              "<game> unsubscribe board userid password   (or: <game> unsubscribe userid password all)"),
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
