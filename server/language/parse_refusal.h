// Why a command line was refused as it was read (parser.h, argument_reader.h): a kind and
// its data, never a sentence. replies/parse_replies.h words it; the processor then masks
// what no error may repeat (SecretWords), as it masks every error text.
//
// A word the sender typed is carried only where it may be repeated: in a command with a
// secret the reader leaves it out (`std::nullopt`), and the wording names the place
// instead ("the word where the userid belongs").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace pbem::server {

// The arguments a refusal names, as "missing <argument>" or "the word where the
// <argument> belongs". Each is one text of the catalogue (replies/parse_replies.cpp).
enum class Argument {
  Command,            // the first word
  GameCommand,        // the word after a game's name
  SecondWord,         // the second word of a two-word spelling, once it was seen
  Userid,
  FirstUserid,        // challenge
  SecondUserid,
  UseridToBlock,
  UseridToUnblock,
  UseridToReport,
  Opponent,           // fork
  TargetUserid,       // climb
  Password,
  CurrentPassword,    // change password
  NewPassword,        // change password, reset
  Code,               // confirm, reset, delete
  BoardNumber,
  Move,
  Setting,            // set
  DaysOrOff,          // vacation, while missing
  Days,               // vacation, when refused
  TournamentNumberExample,  // while missing: "tournament number (e.g. 3 or T#3)"
  TournamentNumber,
  LeagueExample,
  League,
  LadderExample,
  Ladder,
  TournamentName,     // tournament new, league new
  LadderName,
  Sealed,             // note ... -sealed
  All,                // subscribe userid password all
  Clear,              // conditional ... clear
};

// Why a userid or a password breaks its rule (account_fields.h).
enum class FieldProblem { Length, Characters };

// What values a setting of `set` takes (`set userid password <setting> <value>`).
enum class SettingValues { OnOff, AskAutoNone, AutoOff, TextListBoth, HourOrOff };

// The word a parser refused: the word itself where it may be repeated, else only its place.
struct RefusedWord {
  Argument what;
  std::optional<std::string> word;
};

namespace parse_refusal {
struct EmptyCommand {};
struct UnknownCommand { std::string word; std::optional<std::string> guess; };  // the first word, as typed
struct UnknownGameCommand { std::string game; std::string word; std::optional<std::string> guess; };
// "tournament" alone where only two-word spellings begin so: `seconds` are their second words.
struct MissingSecondWord { std::string first; std::vector<std::string> seconds; };
struct WrongSecondWord { std::string first; std::vector<std::string> seconds; std::optional<std::string> word; };
struct Missing { Argument what; };
struct NotOneOf { RefusedWord word; std::vector<std::string> choices; };
struct UnexpectedWord { std::optional<std::string> word; };  // at the end of the command
// A userid's place reached in a command with a secret: the word is not repeated.
struct NotAUseridThere { Argument what; };
struct BadUserid { std::string userid; FieldProblem problem; };
struct BadNewPassword { FieldProblem problem; };     // change password, reset: the new one
struct BadSignupPassword { FieldProblem problem; };  // signup: a password still to be chosen
struct PasswordIsMove {};                            // "gates move 2 bob a:d2"
struct NotAPasswordThere { Argument what; FieldProblem problem; };
struct NotABoardNumber { std::optional<std::string> word; };
struct MoveNumberNotAllowed { std::optional<std::string> word; };
struct MalformedBoardPly { std::optional<std::string> word; };
struct MissingRecipients {};  // message
struct MissingSettingValue { std::string setting; SettingValues values; };
struct BadSettingValue { std::string setting; SettingValues values; std::optional<std::string> word; };
struct BadVacationDays { RefusedWord word; };
struct TooManyBoards { std::size_t most; };  // show
struct NotATournamentNumber { RefusedWord word; };
struct NotALeagueNumber { RefusedWord word; };
struct NotALadderNumber { RefusedWord word; };
struct OnlySealedAfterPassword {};    // note
struct RecordsExtraWords {};          // all records
struct RecordsMissingDate {};
struct RecordsMalformedDate {};
struct ForkWithoutPly {};
struct MissingPreviewMoves {};
// "d4 #12": the two words joined where they may be repeated.
struct SpaceBeforeMoveNumber { std::optional<std::string> joined; };
struct MalformedMoveNumber {};
// A line of a `multiple` that cannot stand there (command_lines.h): `multiple` itself, or
// a command that sends its mail's body.
struct MultipleInMultiple {};
struct SendsBodyInMultiple { std::string command; };
}  // namespace parse_refusal

using ParseRefusal = std::variant<
    parse_refusal::EmptyCommand, parse_refusal::UnknownCommand, parse_refusal::UnknownGameCommand,
    parse_refusal::MissingSecondWord, parse_refusal::WrongSecondWord, parse_refusal::Missing, parse_refusal::NotOneOf,
    parse_refusal::UnexpectedWord, parse_refusal::NotAUseridThere, parse_refusal::BadUserid,
    parse_refusal::BadNewPassword, parse_refusal::BadSignupPassword, parse_refusal::PasswordIsMove,
    parse_refusal::NotAPasswordThere, parse_refusal::NotABoardNumber, parse_refusal::MoveNumberNotAllowed,
    parse_refusal::MalformedBoardPly, parse_refusal::MissingRecipients, parse_refusal::MissingSettingValue,
    parse_refusal::BadSettingValue, parse_refusal::BadVacationDays, parse_refusal::TooManyBoards,
    parse_refusal::NotATournamentNumber, parse_refusal::NotALeagueNumber, parse_refusal::NotALadderNumber,
    parse_refusal::OnlySealedAfterPassword, parse_refusal::RecordsExtraWords, parse_refusal::RecordsMissingDate,
    parse_refusal::RecordsMalformedDate, parse_refusal::ForkWithoutPly, parse_refusal::MissingPreviewMoves,
    parse_refusal::SpaceBeforeMoveNumber, parse_refusal::MalformedMoveNumber, parse_refusal::MultipleInMultiple,
    parse_refusal::SendsBodyInMultiple>;

// What a parser throws; the parse functions catch it into ParsedCommand::refusal.
struct ParseFailure {
  ParseRefusal refusal;
};

}  // namespace pbem::server
