#include "server/replies/parse_replies.h"

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {

Msg name_of(Argument what) {
  switch (what) {
    case Argument::Command: return Msg::ArgumentCommand;
    case Argument::GameCommand: return Msg::ArgumentGameCommand;
    case Argument::SecondWord: return Msg::ArgumentSecondWord;
    case Argument::Userid: return Msg::ArgumentUserid;
    case Argument::FirstUserid: return Msg::ArgumentFirstUserid;
    case Argument::SecondUserid: return Msg::ArgumentSecondUserid;
    case Argument::UseridToBlock: return Msg::ArgumentUseridToBlock;
    case Argument::UseridToUnblock: return Msg::ArgumentUseridToUnblock;
    case Argument::UseridToReport: return Msg::ArgumentUseridToReport;
    case Argument::Opponent: return Msg::ArgumentOpponent;
    case Argument::TargetUserid: return Msg::ArgumentTargetUserid;
    case Argument::Password: return Msg::PasswordWord;
    case Argument::CurrentPassword: return Msg::ArgumentCurrentPassword;
    case Argument::NewPassword: return Msg::ArgumentNewPassword;
    case Argument::Code: return Msg::ArgumentCode;
    case Argument::BoardNumber: return Msg::ArgumentBoardNumber;
    case Argument::Move: return Msg::ArgumentMove;
    case Argument::Setting: return Msg::ArgumentSetting;
    case Argument::DaysOrOff: return Msg::ArgumentDaysOrOff;
    case Argument::Days: return Msg::ArgumentDays;
    case Argument::TournamentNumberExample: return Msg::ArgumentTournamentNumberExample;
    case Argument::TournamentNumber: return Msg::ArgumentTournamentNumber;
    case Argument::LeagueExample: return Msg::ArgumentLeagueExample;
    case Argument::League: return Msg::ArgumentLeague;
    case Argument::LadderExample: return Msg::ArgumentLadderExample;
    case Argument::Ladder: return Msg::ArgumentLadder;
    case Argument::TournamentName: return Msg::ArgumentTournamentName;
    case Argument::LadderName: return Msg::ArgumentLadderName;
    case Argument::Sealed: return Msg::ArgumentSealed;
    case Argument::All: return Msg::ArgumentAll;
    case Argument::Clear: return Msg::ArgumentClear;
  }
  return Msg::ArgumentCommand;  // not reached: every Argument is named above
}

std::string argument(Argument what) { return text(name_of(what)); }

// The refused word quoted, or the place it stood where it is not repeated.
std::string refused(const RefusedWord& refused) {
  if (refused.word) return quoted_word(*refused.word);
  return text(Msg::WordWhereArgumentBelongs, {{"what", argument(refused.what)}});
}

// The end of an error about a word: ", not 'xyz'", or that the word is not repeated.
std::string instead(const std::optional<std::string>& word) {
  return word ? text(Msg::InsteadOfWord, {{"word", quoted_word(*word)}}) : text(Msg::InsteadOfUnrepeatedWord);
}

std::string guessed(const std::optional<std::string>& guess) {
  return guess ? text(Msg::DidYouMean, {{"guess", *guess}}) : std::string();
}

std::string rule(FieldProblem problem) {
  return text(problem == FieldProblem::Length ? Msg::PasswordLengthRule : Msg::PasswordCharactersRule);
}

// `'w1' or 'w2'`: each of `spellings` quoted, as the parser names a two-word command's seconds.
std::string quoted_choices(const std::vector<std::string>& spellings) {
  std::vector<std::string> quoted;
  for (const std::string& spelling : spellings) quoted.push_back("'" + spelling + "'");
  return join(quoted, text(Msg::OrWord));
}

// "on or off after movemail": what a setting's value is, as a missing argument.
std::string setting_values(const parse_refusal::MissingSettingValue& r) {
  switch (r.values) {
    case SettingValues::HourOrOff: return text(Msg::DigestSettingValues);
    case SettingValues::AskAutoNone: return text(Msg::ChallengesSettingValues);
    case SettingValues::TextListBoth: return text(Msg::BoardSettingValues);
    case SettingValues::AutoOff: return text(Msg::ReviewsSettingValues);
    case SettingValues::OnOff: break;
  }
  return text(Msg::OnOffSettingValues, {{"setting", r.setting}});
}

std::string setting_refusal(const parse_refusal::BadSettingValue& r) {
  const std::string tail = instead(r.word);
  switch (r.values) {
    case SettingValues::AskAutoNone: return text(Msg::ChallengesSettingRefusal, {{"instead", tail}});
    case SettingValues::AutoOff: return text(Msg::ReviewsSettingRefusal, {{"instead", tail}});
    case SettingValues::TextListBoth: return text(Msg::BoardSettingRefusal, {{"instead", tail}});
    case SettingValues::HourOrOff: return text(Msg::DigestSettingRefusal, {{"instead", tail}});
    case SettingValues::OnOff: break;
  }
  return text(Msg::OnOffSettingRefusal, {{"setting", r.setting}, {"instead", tail}});
}

// A text about a word that names the word where it may be repeated, else another text.
std::string about_word(const std::optional<std::string>& word, Msg shown, Msg unrepeated) {
  return word ? text(shown, {{"word", quoted_word(*word)}}) : text(unrepeated);
}

}  // namespace

std::string refusal_text(const ParseRefusal& why) {
  using namespace parse_refusal;
  return std::visit(
      Overloaded{
          [](const EmptyCommand&) { return text(Msg::EmptyCommandRefusal); },
          [](const UnknownCommand& r) {
            return text(Msg::UnknownCommandRefusal, {{"word", quoted_word(r.word)}, {"guess", guessed(r.guess)}});
          },
          [](const UnknownGameCommand& r) {
            return text(Msg::UnknownGameCommandRefusal,
                        {{"game", r.game}, {"word", quoted_word(r.word)}, {"guess", guessed(r.guess)}});
          },
          [](const MissingSecondWord& r) {
            return text(Msg::MissingArgumentRefusal,
                        {{"what", text(Msg::SecondWordsAfter, {{"seconds", quoted_choices(r.seconds)}, {"first", r.first}})}});
          },
          [](const WrongSecondWord& r) {
            std::vector<std::string> whole;
            for (const std::string& second : r.seconds) whole.push_back(r.first + " " + second);
            return text(Msg::WrongSecondWordRefusal,
                        {{"first", r.first}, {"spellings", quoted_choices(whole)}, {"instead", instead(r.word)}});
          },
          [](const Missing& r) { return text(Msg::MissingArgumentRefusal, {{"what", argument(r.what)}}); },
          [](const NotOneOf& r) {
            return text(Msg::NotOneOfRefusal, {{"word", refused(r.word)}, {"choices", join(r.choices, ", ")}});
          },
          [](const UnexpectedWord& r) {
            return about_word(r.word, Msg::UnexpectedWordRefusal, Msg::UnexpectedUnrepeatedWordsRefusal);
          },
          [](const NotAUseridThere& r) { return text(Msg::NotAUseridThereRefusal, {{"what", argument(r.what)}}); },
          [](const BadUserid& r) {
            return text(r.problem == FieldProblem::Length ? Msg::UseridLengthRefusal : Msg::UseridCharactersRefusal,
                        {{"userid", quoted_word(r.userid)}});
          },
          [](const BadNewPassword& r) { return text(Msg::NewPasswordRuleRefusal, {{"rule", rule(r.problem)}}); },
          [](const BadSignupPassword& r) { return rule(r.problem); },
          [](const PasswordIsMove&) { return text(Msg::PasswordIsMoveRefusal); },
          [](const NotAPasswordThere& r) {
            return text(Msg::NotAPasswordThereRefusal, {{"what", argument(r.what)}, {"rule", rule(r.problem)}});
          },
          [](const NotABoardNumber& r) {
            return about_word(r.word, Msg::NotABoardNumberRefusal, Msg::NotABoardNumberUnrepeatedRefusal);
          },
          [](const MoveNumberNotAllowed& r) {
            return about_word(r.word, Msg::MoveNumberNotAllowedRefusal, Msg::MoveNumberNotAllowedUnrepeatedRefusal);
          },
          [](const MalformedBoardPly& r) {
            return about_word(r.word, Msg::MalformedBoardPlyRefusal, Msg::MalformedBoardPlyUnrepeatedRefusal);
          },
          [](const MissingRecipients&) { return text(Msg::MissingRecipientsRefusal); },
          [](const MissingSettingValue& r) {
            return text(Msg::MissingArgumentRefusal, {{"what", setting_values(r)}});
          },
          [](const BadSettingValue& r) { return setting_refusal(r); },
          [](const BadVacationDays& r) { return text(Msg::VacationDaysRefusal, {{"word", refused(r.word)}}); },
          [](const TooManyBoards& r) { return text(Msg::TooManyBoardsRefusal, {{"most", r.most}}); },
          [](const NotATournamentNumber& r) {
            return text(Msg::NotATournamentNumberRefusal, {{"word", refused(r.word)}});
          },
          [](const NotALeagueNumber& r) { return text(Msg::NotALeagueNumberRefusal, {{"word", refused(r.word)}}); },
          [](const NotALadderNumber& r) { return text(Msg::NotALadderNumberRefusal, {{"word", refused(r.word)}}); },
          [](const OnlySealedAfterPassword&) { return text(Msg::OnlySealedAfterPasswordRefusal); },
          [](const RecordsExtraWords&) { return text(Msg::RecordsExtraWordsRefusal); },
          [](const RecordsMissingDate&) { return text(Msg::RecordsMissingDateRefusal); },
          [](const RecordsMalformedDate&) { return text(Msg::RecordsMalformedDateRefusal); },
          [](const ForkWithoutPly&) { return text(Msg::ForkWithoutPlyRefusal); },
          [](const MissingPreviewMoves&) { return text(Msg::MissingPreviewMovesRefusal); },
          [](const SpaceBeforeMoveNumber& r) {
            return r.joined ? text(Msg::SpaceBeforeMoveNumberRefusal, {{"joined", *r.joined}})
                            : text(Msg::SpaceBeforeMoveNumberUnrepeatedRefusal);
          },
          [](const MalformedMoveNumber&) { return text(Msg::MalformedMoveNumberRefusal); },
          [](const MultipleInMultiple&) { return text(Msg::MultipleInMultipleRefusal); },
          [](const SendsBodyInMultiple& r) { return text(Msg::SendsBodyInMultipleRefusal, {{"command", r.command}}); }},
      why);
}

std::string parse_error(const ParsedCommand& parsed) {
  if (!parsed.refusal) return parsed.worded_refusal;
  // Whatever the refusal quotes, no word that may be a secret leaves in it: the order of
  // the words was not proven, since the line was not read to its end.
  return parsed.secrets.masked_in(refusal_text(*parsed.refusal), false, parsed.known_userid);
}

}  // namespace pbem::server
