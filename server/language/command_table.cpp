#include "server/language/command_table.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/language/account_fields.h"
#include "server/language/command.h"

namespace pbem::server {

namespace {

// Argument parsers. Several commands share a shape (board userid password); a new command
// of a known shape reuses one.

void rest_lower(ArgumentReader& reader, Command& command) { command.words = reader.rest_lower(); }
void rest_as_typed(ArgumentReader& reader, Command& command) { command.words = reader.rest(); }

void userid_password(ArgumentReader& reader, Command& command) {
  reader.password_layout_from_here();
  command.userid = reader.take_userid();
  command.password = reader.take_password();
}

void userid_password_end(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  reader.expect_end();
}

void userid_password_rest(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  command.words = reader.rest();
}

// board userid password: swap, resign, abort, chat, undo, accept, decline, rematch. The
// command's name is its move text.
void board_userid_password(ArgumentReader& reader, Command& command) {
  command.move = std::string(command.spec->name);
  command.boards.push_back(reader.take_board(false));
  userid_password_end(reader, command);
}

void signup_arguments(ArgumentReader& reader, Command& command) {
  reader.signup_rules();
  userid_password_rest(reader, command);
}

void confirm_arguments(ArgumentReader& reader, Command& command) {
  command.userid = reader.take_userid();
  command.password = reader.take_password(Argument::Code);
  reader.expect_end();
}

void change_password_arguments(ArgumentReader& reader, Command& command) {
  reader.password_layout_from_here();
  command.userid = reader.take_userid();
  command.password = reader.take_password(Argument::CurrentPassword);
  command.new_password = reader.take_password(Argument::NewPassword);
  reader.expect_end();
}

// forgot userid: no secret, but a password typed after the userid by mistake is not repeated.
void forgot_arguments(ArgumentReader& reader, Command& command) {
  reader.password_layout_from_here();
  command.userid = reader.take_userid();
  reader.expect_end();
}

// reset userid code newpassword: the code `forgot` mailed, masked as a password is.
void reset_arguments(ArgumentReader& reader, Command& command) {
  reader.password_layout_from_here();
  command.userid = reader.take_userid();
  command.password = reader.take_password(Argument::Code);
  command.new_password = reader.take_password(Argument::NewPassword);
  reader.expect_end();
}

// delete userid password [code]: without the code it mails one; with it, it erases. The
// code is masked as a password is.
void delete_arguments(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  if (!reader.done()) command.code = reader.take_password(Argument::Code);
  reader.expect_end();
}

void message_arguments(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  if (reader.done()) throw ParseFailure{parse_refusal::MissingRecipients{}};
  command.words = reader.rest_lower();
}

// set userid password <setting> <value>: the rest must be one known setting and its value:
// pictures on|off, digest HH|off (HH 0..23), movemail on|off, autovacation on|off,
// challenges ask|auto|none, messages on|off, announcements on|off, records on|off,
// board text|list|both, calendar on|off, reviews auto|off.
void setting_arguments(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  const std::string setting =
      reader.take_keyword(Argument::Setting, {"pictures", "digest", "movemail", "autovacation", "challenges",
                                              "messages", "announcements", "records", "board", "calendar", "reviews"});
  const SettingValues values = setting == "challenges" ? SettingValues::AskAutoNone
                                : setting == "reviews"  ? SettingValues::AutoOff
                                : setting == "board"    ? SettingValues::TextListBoth
                                : setting == "digest"   ? SettingValues::HourOrOff
                                                        : SettingValues::OnOff;
  if (reader.done()) throw ParseFailure{parse_refusal::MissingSettingValue{setting, values}};
  const std::string value = reader.take_lower(Argument::Setting);
  const auto one_of = [&](std::initializer_list<std::string_view> choices) {
    return std::find(choices.begin(), choices.end(), value) != choices.end();
  };
  bool known = false;
  switch (values) {
    case SettingValues::AskAutoNone: known = one_of({"ask", "auto", "none"}); break;
    case SettingValues::AutoOff: known = one_of({"auto", "off"}); break;
    case SettingValues::TextListBoth: known = one_of({"text", "list", "both"}); break;
    case SettingValues::HourOrOff: {
      const bool hour = !value.empty() && value.size() <= 2 &&
                        value.find_first_not_of("0123456789") == std::string::npos && std::stoi(value) <= 23;
      known = hour || value == "off";
      break;
    }
    case SettingValues::OnOff: known = one_of({"on", "off"}); break;
  }
  if (!known) throw ParseFailure{parse_refusal::BadSettingValue{setting, values, reader.repeatable_word()}};
  reader.expect_end();
  command.words = {setting, value};
}

// vacation userid password [days|off]: nothing asks for the days left.
void vacation_arguments(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  if (reader.done()) return;
  const std::string value = reader.take_lower(Argument::DaysOrOff);
  const auto days = positive_number(value);
  if (value != "off" && (!days || *days > 366))
    throw ParseFailure{parse_refusal::BadVacationDays{reader.refused_word(Argument::Days)}};
  reader.expect_end();
  command.words = {value};
}

void nothing_more(ArgumentReader& reader, Command&) { reader.expect_end(); }

// block userid password [other]: without `other`, the list of those blocked.
void block_arguments(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  if (!reader.done()) command.words = {reader.take_userid(Argument::UseridToBlock)};
  reader.expect_end();
}

// unblock userid password other.
void unblock_arguments(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  command.words = {reader.take_userid(Argument::UseridToUnblock)};
  reader.expect_end();
}

// report userid password other [board].
void report_arguments(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  command.words = {reader.take_userid(Argument::UseridToReport)};
  if (!reader.done()) command.boards = {reader.take_board(false)};
  reader.expect_end();
}

void userid_rest_lower(ArgumentReader& reader, Command& command) {
  command.userid = reader.take_userid();
  command.words = reader.rest_lower();
}

void challenge_arguments(ArgumentReader& reader, Command& command) {
  command.userid = reader.take_userid(Argument::FirstUserid);
  command.words.push_back(reader.take_userid(Argument::SecondUserid));
  for (std::string& option : reader.rest_lower()) command.words.push_back(std::move(option));
}

// The words that, given as the move, are commands of their own (`move 4 bob pw swap`);
// pbmserv's players answer proposals so (`move 4 bob pw accept`). Each is a spelling of a
// game command's row ("reject" is decline's).
const std::vector<std::string> kMoveWordCommands{"swap", "resign", "undo", "abort", "accept", "decline", "reject"};

// The game command a move word calls.
const CommandSpec& game_command_spelled(const std::string& word) {
  for (const CommandSpec& spec : command_table())
    if (spec.for_game && std::find(spec.spellings.begin(), spec.spellings.end(), word) != spec.spellings.end())
      return spec;
  throw std::logic_error("no game command is spelled '" + word + "'");
}

// subscribe/unsubscribe: `board userid password`, or `userid password all` for every new
// game of the kind. A password is never "all" (passwords have at least four characters),
// so a third word "all" tells the second form.
void watch_arguments(ArgumentReader& reader, Command& command) {
  ArgumentReader ahead = reader;
  const std::vector<std::string> words = ahead.rest();
  if (words.size() == 3 && to_lower(words[2]) == "all") {
    userid_password(reader, command);
    command.words.push_back(reader.take_keyword(Argument::All, {"all"}));
    reader.expect_end();
    return;
  }
  command.boards.push_back(reader.take_board(false));
  userid_password_end(reader, command);
}

// move[#moveno]; `swap` and `resign` as the move are those commands.
void move_text(ArgumentReader& reader, Command& command) {
  PlyWords words = take_ply_words(reader);
  command.move = std::move(words.move);
  command.moveno = words.moveno;
  if (const CommandSpec* own = move_word_command(command.move)) command.spec = own;
  reader.expect_end();
}

// The rest of a conditional command: nothing (the listing), `clear`, or a line of plies.
void conditional_line(ArgumentReader& reader, Command& command) { command.words = take_conditional_words(reader); }

// conditional board userid password [clear | ply ply ...]
void conditional_arguments(ArgumentReader& reader, Command& command) {
  command.boards.push_back(reader.take_board(false));
  userid_password(reader, command);
  conditional_line(reader, command);
}

// move board userid password move[#moveno]
void move_arguments(ArgumentReader& reader, Command& command) {
  command.boards.push_back(reader.take_board(false));
  userid_password(reader, command);
  move_text(reader, command);
}

// show: one or more boards, each once, at most kMaxShownBoards (a reply anyone can ask for
// and have sent to any address must stay small).
void boards_with_plies(ArgumentReader& reader, Command& command) {
  constexpr std::size_t kMaxShownBoards = 10;
  do {
    const BoardRef board = reader.take_board(true);
    const bool repeated = std::any_of(command.boards.begin(), command.boards.end(), [&](const BoardRef& shown) {
      return shown.number == board.number && shown.ply == board.ply;
    });
    if (repeated) continue;
    if (command.boards.size() == kMaxShownBoards)
      throw ParseFailure{parse_refusal::TooManyBoards{kMaxShownBoards}};
    command.boards.push_back(board);
  } while (!reader.done());
}

// A tournament, "3" or "T#3", as command.boards[0] (tournaments are numbered like games).
void take_tournament(ArgumentReader& reader, Command& command) {
  const std::string word = reader.take_lower(Argument::TournamentNumberExample);
  const auto number = positive_number(word.starts_with("t#") ? std::string_view(word).substr(2) : word);
  if (!number) throw ParseFailure{parse_refusal::NotATournamentNumber{reader.refused_word(Argument::TournamentNumber)}};
  command.boards.push_back(BoardRef{*number, std::nullopt});
}

// <game> tournament T
void tournament_only(ArgumentReader& reader, Command& command) {
  take_tournament(reader, command);
  reader.expect_end();
}

// <game> tournament start T userid password
void tournament_userid_password(ArgumentReader& reader, Command& command) {
  take_tournament(reader, command);
  userid_password_end(reader, command);
}

// A league "G#3" or a ladder "L#3" as command.boards[0]: these are always written with their
// prefix (a bare number stays a tournament's). The number, if the word has the prefix and one.
std::optional<int> take_prefixed(ArgumentReader& reader, std::string_view prefix, Argument what) {
  const std::string word = reader.take_lower(what);
  return word.starts_with(prefix) ? positive_number(std::string_view(word).substr(prefix.size())) : std::nullopt;
}

void take_league(ArgumentReader& reader, Command& command) {
  const auto number = take_prefixed(reader, "g#", Argument::LeagueExample);
  if (!number) throw ParseFailure{parse_refusal::NotALeagueNumber{reader.refused_word(Argument::League)}};
  command.boards.push_back(BoardRef{*number, std::nullopt});
}

void take_ladder(ArgumentReader& reader, Command& command) {
  const auto number = take_prefixed(reader, "l#", Argument::LadderExample);
  if (!number) throw ParseFailure{parse_refusal::NotALadderNumber{reader.refused_word(Argument::Ladder)}};
  command.boards.push_back(BoardRef{*number, std::nullopt});
}

// <game> league G, <game> league start G userid password
void league_only(ArgumentReader& reader, Command& command) {
  take_league(reader, command);
  reader.expect_end();
}

void league_userid_password(ArgumentReader& reader, Command& command) {
  take_league(reader, command);
  userid_password_end(reader, command);
}

// <game> ladder L, <game> join|leave L userid password
void ladder_only(ArgumentReader& reader, Command& command) {
  take_ladder(reader, command);
  reader.expect_end();
}

void ladder_userid_password(ArgumentReader& reader, Command& command) {
  take_ladder(reader, command);
  userid_password_end(reader, command);
}

// <game> climb L userid password target
void climb_arguments(ArgumentReader& reader, Command& command) {
  take_ladder(reader, command);
  userid_password(reader, command);
  command.words.push_back(reader.take_lower(Argument::TargetUserid));
  reader.expect_end();
}

// <game> join|leave T userid password. A league's G#N or a ladder's L#N hands the command to
// that competition's own row ("league join", "ladder leave", ...), which no Subject names
// itself: the one way join and leave reach a league or a ladder, so the handlers stay one
// per row and dispatch.cpp maps names only.
void entry_arguments(ArgumentReader& reader, Command& command) {
  const std::string next = to_lower(reader.peek().value_or(""));
  const std::string_view competition = next.starts_with("g#") ? "league" : next.starts_with("l#") ? "ladder" : "";
  if (competition.empty()) return tournament_userid_password(reader, command);
  command.spec = &command_named(std::string(competition) + " " + std::string(command.spec->name));
  command.spec->parse(reader, command);
}

// <game> tournament new userid password name [-options]: the name as typed, the options
// lower-case (checked by the handler, like a challenge's).
void new_tournament_arguments(ArgumentReader& reader, Command& command) {
  userid_password(reader, command);
  command.words.push_back(reader.take(command.is("ladder new") ? Argument::LadderName : Argument::TournamentName));
  for (std::string& option : reader.rest_lower()) command.words.push_back(std::move(option));
}

void board_only(ArgumentReader& reader, Command& command) {
  command.boards.push_back(reader.take_board(false));
  reader.expect_end();
}

// record board [userid password]: a player's password adds their own notes.
void board_maybe_userid_password(ArgumentReader& reader, Command& command) {
  command.boards.push_back(reader.take_board(false));
  if (reader.done()) return;
  userid_password_end(reader, command);
}

// note board userid password [-sealed]: the note is the body (a reply to a game address:
// the lines below its first line, reply_move.h).
void note_arguments(ArgumentReader& reader, Command& command) {
  command.boards.push_back(reader.take_board(false));
  userid_password(reader, command);
  if (reader.done()) return;
  if (to_lower(reader.take(Argument::Sealed)) != "-sealed") throw ParseFailure{parse_refusal::OnlySealedAfterPassword{}};
  command.words.push_back("-sealed");
  reader.expect_end();
}

// all records userid [game] [since YYYY-MM-DD]: the game as a word (the handler knows the
// games), the date checked here and written as stored times are (upper-case T and Z).
void all_records_arguments(ArgumentReader& reader, Command& command) {
  command.userid = reader.take_userid();
  command.words = reader.rest_lower();
  std::vector<std::string>& words = command.words;
  const auto since = std::find(words.begin(), words.end(), "since");
  if (since == words.end()) {
    if (words.size() > 1) throw ParseFailure{parse_refusal::RecordsExtraWords{}};
    return;
  }
  if (since + 1 == words.end()) throw ParseFailure{parse_refusal::RecordsMissingDate{}};
  // A day, or the time to the second that a mail's "more" line gives (2027-01-31t10:00:00z,
  // lower-cased as every word here).
  std::string& date = *(since + 1);
  const std::string_view shape = date.size() == 10 ? "dddd-dd-dd" : "dddd-dd-ddtdd:dd:ddz";
  bool is_date = date.size() == shape.size();
  for (std::size_t i = 0; is_date && i < date.size(); ++i)
    is_date = shape[i] == 'd' ? date[i] >= '0' && date[i] <= '9' : date[i] == shape[i];
  if (!is_date) throw ParseFailure{parse_refusal::RecordsMalformedDate{}};
  for (char& c : date) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));  // as times are stored
  if (since + 2 != words.end() || since - words.begin() > 1)
    throw ParseFailure{parse_refusal::RecordsExtraWords{}};
}

// fork board#K userid password [opponent]: the ply is required (K = 0: the empty board).
void fork_arguments(ArgumentReader& reader, Command& command) {
  command.boards.push_back(reader.take_board(true));
  if (!command.boards.back().ply)
    throw ParseFailure{parse_refusal::ForkWithoutPly{}};
  userid_password(reader, command);
  if (!reader.done()) command.words.push_back(reader.take_userid(Argument::Opponent));
  reader.expect_end();
}

// notes board userid password
void board_then_userid_password(ArgumentReader& reader, Command& command) {
  command.boards.push_back(reader.take_board(false));
  userid_password_end(reader, command);
}

void preview_arguments(ArgumentReader& reader, Command& command) {
  command.boards.push_back(reader.take_board(false));
  command.words = reader.rest();
  if (command.words.empty()) throw ParseFailure{parse_refusal::MissingPreviewMoves{}};
}

}  // namespace

const std::vector<CommandSpec>& command_table() {
  static const std::vector<CommandSpec> table{
      // Account commands.
      {"help", false, {"help"}, rest_lower, Secret::None},
      {"signup", false, {"signup"}, signup_arguments, Secret::NewAccount},
      {"confirm", false, {"confirm"}, confirm_arguments, Secret::Code},
      {"change password", false, {"change password"}, change_password_arguments, Secret::Password},
      {"forgot", false, {"forgot"}, forgot_arguments, Secret::None},
      {"reset", false, {"reset"}, reset_arguments, Secret::Code},
      {"change address", false, {"change address"}, userid_password_rest, Secret::Password},
      {"signoff", false, {"signoff"}, userid_password_end, Secret::Password},
      {"export", false, {"export"}, userid_password_end, Secret::Password},
      {"delete", false, {"delete"}, delete_arguments, Secret::Password},
      {"list", false, {"list"}, rest_lower, Secret::None},
      {"message", false, {"message"}, message_arguments, Secret::Password, {.sends_body = true}},
      {"set", false, {"set"}, setting_arguments, Secret::Password},
      {"block", false, {"block"}, block_arguments, Secret::Password},
      {"unblock", false, {"unblock"}, unblock_arguments, Secret::Password},
      {"report", false, {"report"}, report_arguments, Secret::Password},
      // No spelling: only a mail to a List-Unsubscribe address calls it (pipeline/unsubscribe_mail.h).
      {"list unsubscribe", false, {}, nothing_more, Secret::None},
      {"all show", false, {"all show"}, userid_rest_lower, Secret::None},
      {"all records", false, {"all records"}, all_records_arguments, Secret::None},
      {"multiple", false, {"multiple"}, nothing_more, Secret::None, {.body_is_commands = true}},
      // Game commands: "<game> <word> ...".
      {"game help", true, {"help"}, rest_as_typed, Secret::None},
      {"challenge", true, {"challenge"}, challenge_arguments, Secret::None},
      {"move", true, {"move", "play"}, move_arguments, Secret::Password, {.drawn_ahead = true}},
      {"swap", true, {"swap"}, board_userid_password, Secret::Password},
      {"resign", true, {"resign"}, board_userid_password, Secret::Password},
      {"abort", true, {"abort"}, board_userid_password, Secret::Password},
      {"show", true, {"show"}, boards_with_plies, Secret::None},
      {"games", true, {"games"}, rest_lower, Secret::None},
      {"history", true, {"history"}, board_only, Secret::None},
      {"record", true, {"record"}, board_maybe_userid_password, Secret::Password},
      {"review", true, {"review"}, board_userid_password, Secret::Password},
      {"note", true, {"note"}, note_arguments, Secret::Password, {.sends_body = true}},
      {"notes", true, {"notes"}, board_then_userid_password, Secret::Password},
      {"fork", true, {"fork"}, fork_arguments, Secret::Password},
      {"chat", true, {"chat"}, board_userid_password, Secret::Password, {.sends_body = true}},
      {"preview", true, {"preview"}, preview_arguments, Secret::None},
      {"ratings", true, {"ratings", "standings"}, rest_lower, Secret::None},
      // The clock.
      {"vacation", false, {"vacation"}, vacation_arguments, Secret::Password},
      // Takebacks, aborts by agreement, rematches, watchers (proposal_commands.cpp, watch_commands.cpp).
      {"undo", true, {"undo"}, board_userid_password, Secret::Password},
      {"accept", true, {"accept"}, board_userid_password, Secret::Password},
      {"decline", true, {"decline", "reject"}, board_userid_password, Secret::Password},
      {"rematch", true, {"rematch"}, board_userid_password, Secret::Password},
      {"invitations", true, {"invitations"}, nothing_more, Secret::None},
      // Conditional moves (conditional_commands.cpp).
      {"conditional", true, {"conditional"}, conditional_arguments, Secret::Password, {.takes_ply_line = true}},
      // Tournaments (tournament_commands.cpp; `help tournaments`).
      {"tournament new", true, {"tournament new"}, new_tournament_arguments, Secret::Password},
      {"join", true, {"join"}, entry_arguments, Secret::Password},
      {"leave", true, {"leave"}, entry_arguments, Secret::Password},
      {"tournament start", true, {"tournament start"}, tournament_userid_password, Secret::Password},
      {"tournament", true, {"tournament"}, tournament_only, Secret::None},
      {"tournaments", true, {"tournaments"}, nothing_more, Secret::None},
      // Leagues (league_commands.cpp; `help leagues`). `join` and `leave` with a league's G#N
      // are handed to their own rows (entry_arguments).
      {"league new", true, {"league new"}, new_tournament_arguments, Secret::Password},
      {"league join", true, {}, league_userid_password, Secret::Password},
      {"league leave", true, {}, league_userid_password, Secret::Password},
      {"league start", true, {"league start"}, league_userid_password, Secret::Password},
      {"league", true, {"league"}, league_only, Secret::None},
      {"leagues", true, {"leagues"}, nothing_more, Secret::None},
      // Ladders (ladder_commands.cpp; `help ladders`). `join` and `leave` with a ladder's L#N
      // are handed to their own rows (entry_arguments).
      {"ladder new", true, {"ladder new"}, new_tournament_arguments, Secret::Password},
      {"ladder join", true, {}, ladder_userid_password, Secret::Password},
      {"ladder leave", true, {}, ladder_userid_password, Secret::Password},
      {"climb", true, {"climb"}, climb_arguments, Secret::Password},
      {"ladder", true, {"ladder"}, ladder_only, Secret::None},
      {"ladders", true, {"ladders"}, nothing_more, Secret::None},
      {"subscribe", true, {"subscribe"}, watch_arguments, Secret::Password},
      {"unsubscribe", true, {"unsubscribe"}, watch_arguments, Secret::Password},
  };
  return table;
}

const CommandSpec& command_named(std::string_view name) {
  for (const CommandSpec& spec : command_table())
    if (spec.name == name) return spec;
  throw std::logic_error("no command named '" + std::string(name) + "' in the command table");
}

const std::vector<std::string>& move_words() { return kMoveWordCommands; }

const CommandSpec* move_word_command(std::string_view move) {
  for (const std::string& word : kMoveWordCommands)
    if (move == word) return &game_command_spelled(word);
  return nullptr;
}

PlyWords take_ply_words(ArgumentReader& reader) {
  std::string move = reader.take(Argument::Move);
  if (auto next = reader.peek(); next && next->starts_with('#')) {
    // Repeated only where the words may be repeated and neither could be a password (too
    // short, a Gates colon, ...).
    const bool shown = !reader.quiet() && password_problem(move) && password_problem(*next);
    throw ParseFailure{parse_refusal::SpaceBeforeMoveNumber{
        shown ? std::optional<std::string>(printable_prefix(move + *next)) : std::nullopt}};
  }
  PlyWords words;
  if (auto hash = move.find('#'); hash != std::string::npos) {
    auto moveno = positive_number(std::string_view(move).substr(hash + 1));
    if (!moveno) throw ParseFailure{parse_refusal::MalformedMoveNumber{}};
    words.moveno = moveno;
    move.resize(hash);
  }
  words.move = to_lower(move);
  return words;
}

std::vector<std::string> take_conditional_words(ArgumentReader& reader) {
  // `clear` is a keyword; a line of plies is private, and no reply or log line repeats it.
  ArgumentReader ahead = reader;
  const std::vector<std::string> rest = ahead.rest_lower();
  if (rest == std::vector<std::string>{"clear"}) return {reader.take_keyword(Argument::Clear, {"clear"})};
  return reader.rest_private();
}

}  // namespace pbem::server
