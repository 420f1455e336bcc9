// The catalogue: every text a player reads, keyed by message id (README.md, "The
// catalogue"). A text is a template whose `{name}` placeholders the caller fills with
// `Arg`s; `{{` and `}}` are a brace itself. A language is one table of texts in the order of
// `Msg` (catalogue_english.cpp is English, the only one today); the typed functions of
// mailing/*_text.h are its front: handlers call them, or `text` with a message id.
//
// `text` throws std::logic_error when a placeholder has no argument or an argument has no
// placeholder: a text and its callers cannot drift apart unnoticed (the tests render every
// reply through it).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::server {

// One id per text; the key a catalogue names it by is the enumerator's spelling.
enum class Msg : std::uint16_t {
  // The refusals of a ply (play/ply_act.h).
  GameAbortedRefusal,
  GameOverRefusal,
  NotYourTurnRefusal,
  MoveNumberAheadRefusal,
  MoveNumberBehindRefusal,
  IllegalPlyRefusal,
  // The refusals of the operator's verdicts (play/operator_verdict.h), as `pbem` says them.
  NoSuchGameRefusal,
  NeverStartedRefusal,
  AlreadyVoidRefusal,
  NotRunningRefusal,
  NotAPlayerRefusal,
  // The events (play/events.h) as a line of a game's log.
  GameStartedEvent,
  UnratedGameStartedEvent,
  PlyStoredEvent,
  PlyTakenBackEvent,
  GameWonOnBoardEvent,
  GameWonByResignationEvent,
  GameWonOnTimeEvent,
  GameAbortedEvent,
  GameNeverMovedEvent,
  GameVoidedEvent,
  GameAdjudicatedEvent,
  RatingsChangedEvent,
  RatingChangeOfEvent,
  ProposalMadeEvent,
  ProposalAcceptedEvent,
  ProposalDeclinedEvent,
  ProposalCancelledEvent,
  InvitationSentEvent,
  OpenInvitationSentEvent,
  InvitationAcceptedEvent,
  InvitationDeclinedEvent,
  InvitationWithdrawnEvent,
  InvitationLapsedEvent,
  RoundStartedEvent,
  TournamentEndedEvent,
  SeasonEndedEvent,
  RungsMovedEvent,
  // game_commands.cpp: challenge, move, resign, show, games, history, chat, preview.
  SomeoneElsesAddressNote,
  PlyAnsweredLead,
  ChallengeReplyElsewhereRefusal,
  OpenInvitationWithoutChallenger,
  OpenInvitationUnconfirmedRefusal,
  SignedOffCannotInvite,
  RatingRangeNotOpenRefusal,
  TwoDifferentPlayersRefusal,
  ChallengeFromUnconfirmedOwnAddress,
  ChallengeUnconfirmedRefusal,
  NewGameHeadline,
  UnwantedGameNote,
  GameIsOverRefusal,
  AbortedBeforeFirstMoveNotice,
  AbortedBeforeOwnFirstMoveNotice,
  AbortedSubject,
  PlyHeadline,
  SwapHeadline,
  ResignedHeadline,
  NoSuchMoveYetRefusal,
  ShownBoard,
  ShownBoardAfterMove,
  ShownAborted,
  ShownOverOnTime,
  GameSubject,
  BoardsSubject,
  ReplyPlaysNote,
  TooManyUseridsRefusal,
  NextNeedsUseridRefusal,
  GameListLine,
  NamedInHeading,
  MoreNamedInHeading,
  GamesSubject,
  GamesList,
  NoneListed,
  HistoryHeading,
  HistoryRow,
  HistoryNoMoves,
  HistoryTakenBack,
  HistoryAbortedResult,
  HistoryResult,
  HistorySubject,
  ChatSubject,
  ChatText,
  ChatNotSent,
  ChatSent,
  PreviewIllegalRefusal,
  PreviewBoard,
  PreviewSubject,
  // proposal_commands.cpp: undo, abort by agreement, accept, decline, rematch.
  RematchHeadline,
  ProposalPendingRefusal,
  AbortProposedSubject,
  UndoProposedSubject,
  ProposalLead,
  ProposalWaits,
  ProposalHowToAnswer,
  NoProposalOverRefusal,
  NoProposalToAcceptRefusal,
  NoProposalToDeclineRefusal,
  OwnProposalRefusal,
  NoMoveToTakeBackRefusal,
  NotYourLastMoveRefusal,
  ProposalAccepted,
  ProposalWithdrawn,
  ProposalDeclined,
  ProposalAnswerNotice,
  ProposalWithdrawnSubject,
  ProposalDeclinedSubject,
  RematchOfRunningGameRefusal,
  RematchWaiting,
  RematchInvitationEnded,
  RematchTakenRefusal,
  SignedOffNoRematchRefusal,
  // account_commands.cpp: signup, confirm, change, signoff, list, message, all show, set.
  SecurityNoticeSubject,
  SecurityNotice,
  SecurityPassword,
  SecurityAddresses,
  UseridTakenRefusal,
  UseridAnyRefusal,
  UseridOfComputerRefusal,
  OneAccountPerMailRefusal,
  AccountsPerDayRefusal,
  WelcomeText,
  WelcomeNotes,
  WelcomeEnd,
  WelcomeSubject,
  WrongCodeRefusal,
  AddressConfirmedSubject,
  AddressConfirmed,
  PasswordChangedSubject,
  PasswordChanged,
  AddressesNow,
  AddressesEnd,
  AddressesChangedSubject,
  AlreadySignedOffRefusal,
  SignedOffSubject,
  SignedOff,
  SignoffEndedInvitations,
  GamesPlayedHere,
  GameTypeEntry,
  NoSuchGameTypes,
  GamesHereSubject,
  TooManyRecipientsRefusal,
  MessageEmpty,
  MessageSubject,
  MessageText,
  MessageSentToNobody,
  MessageSentTo,
  MessageNotSentTo,
  MessageSentSubject,
  NotAFilterRefusal,
  AllShowLine,
  AllShowOpenInvitations,
  AllShowRating,
  AllShowRatings,
  AllShowSubject,
  AllShowText,
  MessagesSubject,
  MessagesOn,
  MessagesOff,
  AnnouncementsSubject,
  ChallengesSubject,
  ChallengesAuto,
  ChallengesNone,
  ChallengesInvite,
  PicturesSubject,
  PicturesOn,
  PicturesOff,
  // invitation_commands.cpp: invitations, open invitations, their answers and lapses, blocks.
  SignedOffCannotPlayRefusal,
  UnconfirmedCannotPlayRefusal,
  YouBlockedRefusal,
  SharedMailboxOpenRefusal,
  SharedMailboxRatedRefusal,
  PendingInvitationsLimitRefusal,
  InvitationWithoutPasswordNote,
  OpenInvitationForLine,
  OpenInvitationPostedSubject,
  OwnOpenInvitationRefusal,
  OpenInvitationTakenRefusal,
  OutOfRatingRangeRefusal,
  OpenInvitationTakenHeadline,
  InvitationBetweenPendingRefusal,
  InvitationSentSubject,
  OpenInvitationWithdrawn,
  OwnInvitationRefusal,
  InvitationAcceptedHeadline,
  InvitationWithdrawnNotice,
  InvitationDeclinedNotice,
  InvitationWithdrawnSubject,
  InvitationDeclinedSubject,
  GameNeverStarted,
  InvitationWithdrawnBySignoff,
  InvitationDeclinedBySignoff,
  InvitationLapsedSubject,
  InvitationLapsed,
  OpenInvitationLapsed,
  OpenInvitationsSubject,
  OpenInvitationsList,
  BlockedUsersSubject,
  BlockedUsers,
  BlockSelfRefusal,
  BlockedSubject,
  NowBlocked,
  BlockedAlready,
  BlockMeans,
  UnblockedSubject,
  NoLongerBlocked,
  WasNotBlocked,
  // invitation_text.cpp: an invitation's mail, its terms and its lines in lists.
  InvitationSubject,
  FirstMoverSeats,
  FirstMoverTaker,
  FirstMoverChallenger,
  WeekendsOff,
  ClockBank,
  ClockDaysPerMove,
  ClockNone,
  InvitationTermsHead,
  InvitationTermsRange,
  InvitationTermsTail,
  Yes,
  No,
  InvitationText,
  InvitationSentText,
  OpenInvitationPostedText,
  OpenInvitationLine,
  NoOptionsInLine,
  UnratedInLine,
  YouMoveFirstInLine,
  RatingRangeInLine,
  OwnOpenInvitationLine,
  NoOptionsInBrackets,
  InvitationWaitingRefusal,
  OpenInvitationWaiting,
  InvitationWaiting,
  InvitationLapsedRefusal,
  InvitationEndedRefusal,
  ChallengesRefused,
  MessagesRefused,
  // proposal_text.cpp: what a proposal asks for.
  AbortRequest,
  UndoRequestOfPly,
  UndoRequest,
  ProposalCancelledSentence,
  // command_context.cpp: the checks several commands share.
  NoSuchUserRefusal,
  NoSuchUseridGivenRefusal,
  GameAddressUsedSubject,
  GameAddressUsedNotice,
  PasswordThrottledRefusal,
  WrongPasswordRefusal,
  OtherKindOfGameRefusal,
  NotAPlayerOfGameRefusal,
  AddressTooLongRefusal,
  NotAnAddressRefusal,
  TooManyAddressesRefusal,
  TheUser,
  RelayedByUserLimitRefusal,
  RelayedToRecipientLimitRefusal,
  ConfirmationsPerHourRefusal,
  ConfirmationNotMailedNote,
  HowToConfirm,
  ConfirmSubject,
  ConfirmText,
  ConfirmationMailedNote,
  ActiveGamesLimitRefusal,
  ComputerGamesLimitRefusal,
  ComputerGamesHeldNote,
  ComputerGamesMostNote,
  ComputerGamesOverNote,
  // competition_text.cpp: a game's competition, in every mail about its games.
  TournamentTitle,
  LeagueTitle,
  LadderTitle,
  TournamentNoAbort,
  LeagueNoAbort,
  LadderNoAbort,
  CompetitionMark,
  StageRound,
  StageSeason,
  StageDivision,
  CompetitionHeading,
  AbortInCompetitionRefusal,
  LeftAfterSeason,
  SignoffTournaments,
  SignoffLeagues,
  SignoffLadders,
  SignoffLeaguesAfterSeason,

  Count  // not a message: how many there are
};

inline constexpr std::size_t kMessageCount = static_cast<std::size_t>(Msg::Count);

// A text of a language: its id, its key (the id's spelling) and its template.
struct CatalogueEntry {
  Msg id;
  std::string_view key;
  std::string_view text;
};

// The English texts, one per message in the order of `Msg` (checked where it is defined).
std::span<const CatalogueEntry> english_catalogue();

// A placeholder's value: text, or a whole number written in decimal.
struct Arg {
  Arg(std::string_view placeholder, std::string_view value) : name(placeholder), text(value) {}
  Arg(std::string_view placeholder, const char* value) : name(placeholder), text(value) {}
  template <std::integral Number>
    requires(!std::same_as<Number, bool> && !std::same_as<Number, char>)
  Arg(std::string_view placeholder, Number value) : name(placeholder), text(std::to_string(value)) {}
  std::string_view name;
  std::string text;
};

// Message `id` of `catalogue` with its placeholders filled from `args`.
std::string render(std::span<const CatalogueEntry> catalogue, Msg id, std::span<const Arg> args);
// Message `id` in English.
std::string text(Msg id, std::initializer_list<Arg> args = {});
std::string text(Msg id, const std::vector<Arg>& args);

// The key of `id`, its English template, and the names of its placeholders in order.
std::string_view key_of(Msg id);
std::string_view template_of(Msg id);
std::vector<std::string> placeholders_of(std::string_view text);

}  // namespace pbem::server
