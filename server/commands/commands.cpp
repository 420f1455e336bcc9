#include "server/commands/commands.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/text.h"
#include "server/commands/suggest.h"

namespace pbem::server {

// The one place that makes MaskedCommands (see masked_command.h).
class MaskedCommandMaker {
 public:
  static MaskedCommand make(std::string text, std::string cautious = {}) {
    return MaskedCommand(std::move(text), std::move(cautious));
  }
};

namespace {

constexpr std::string_view kMask = "*****";

struct UsageLine {
  Verb verb;
  const char* text;  // "<game>" is replaced by the game's name
};

constexpr UsageLine kUsages[] = {
    {Verb::Help, "help [commands|tutorial|<game> ...]"},
    {Verb::Signup, "signup userid password [address ...]"},
    {Verb::Confirm, "confirm userid code   (the code mailed to a new address)"},
    {Verb::ChangePassword, "change password userid current-password new-password"},
    {Verb::ChangeAddress, "change address userid password [address ...]"},
    {Verb::Signoff, "signoff userid password"},
    {Verb::List, "list [game ...]"},
    {Verb::Message, "message userid password to-userid [to-userid ...]   (the body is sent)"},
    {Verb::AllShow, "all show userid [next|active]"},
    {Verb::GameHelp, "<game> help"},
    {Verb::Challenge, "<game> challenge userid1 userid2 [-options]   (userid1 moves first)"},
    {Verb::Move, "<game> move board userid password move[#moveno]"},
    {Verb::Swap, "<game> swap board userid password   (or: <game> move board userid password swap)"},
    {Verb::Resign, "<game> resign board userid password"},
    {Verb::Abort, "<game> abort board userid password   (before the first move: ends the game)"},
    {Verb::Show, "<game> show board[#moveno] [board ...]"},
    {Verb::Games, "<game> games [userid ...] [all|active|inactive|next]"},
    {Verb::History, "<game> history board"},
    {Verb::Chat, "<game> chat board userid password   (the body is sent)"},
    {Verb::Preview, "<game> preview board move [move ...]"},
};

std::string replace_game(std::string text, std::string_view game) {
  for (std::size_t at = 0; (at = text.find("<game>", at)) != std::string::npos; at += game.size())
    text.replace(at, 6, game);
  return text;
}

std::optional<int> positive_number(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value <= 0) return std::nullopt;
  return value;
}

// The shape of a placement in any game: "d4", "f1", "c:d3" (letters then digits, or a
// Gates tile and cell).
bool looks_like_move(std::string_view word) {
  if (word.find(':') != std::string_view::npos) return true;
  std::size_t letters = 0;
  while (letters < word.size() && std::isalpha(static_cast<unsigned char>(word[letters]))) ++letters;
  if (letters == 0 || letters == word.size()) return false;
  return std::all_of(word.begin() + static_cast<std::ptrdiff_t>(letters), word.end(),
                     [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
}

// Parses the pieces of one command; throws ParseFailure with a specific message.
struct ParseFailure {
  std::string message;
};

class Parser {
 public:
  explicit Parser(std::vector<std::string> words) : words_(std::move(words)), masked_(words_) {}

  bool done() const { return next_ >= words_.size(); }
  std::size_t remaining() const { return words_.size() - next_; }

  std::string take(std::string_view what) {
    if (done()) throw ParseFailure{"missing " + std::string(what)};
    return words_[next_++];
  }
  std::string take_lower(std::string_view what) { return to_lower(take(what)); }

  // Called where a password command's userid is due: from here on any word may be a
  // password typed in the wrong place, so failures quote nothing from this point.
  void password_layout_from_here() { secret_from_ = next_; }

  std::string take_userid(std::string_view what = "userid") {
    std::string userid = take_lower(what);
    if (auto problem = userid_problem(userid)) {
      if (secret_from_)
        throw ParseFailure{"the word where the " + std::string(what) +
                           " belongs is not a userid (2 to 16 characters of a-z, 0-9, '_' and '-')"};
      throw ParseFailure{*problem};
    }
    return userid;
  }
  // Every stored password passed password_problem at signup, so a word that does not is
  // not a password: most likely the words are out of order.
  std::string take_password(std::string_view what = "password") {
    if (done()) throw ParseFailure{"missing " + std::string(what)};
    if (auto problem = password_problem(words_[next_])) {
      if (what == "new password") throw ParseFailure{"new " + *problem};
      if (signup_) throw ParseFailure{*problem};
      // "gates move 2 bob a:d2": the move sits where the password belongs. A word that
      // could never be a password is no secret, so the error may name it.
      if (next_ + 1 == words_.size() && looks_like_move(words_[next_]))
        throw ParseFailure{"password missing: '" + words_[next_] +
                           "' is a move, not a password; write userid, password, then the move"};
      throw ParseFailure{"the word where the " + std::string(what) + " belongs cannot be a password (" + *problem +
                         "): is a word missing or out of order?"};
    }
    masked_[next_] = std::string(kMask);
    passwords_.push_back(to_lower(words_[next_]));
    return words_[next_++];
  }
  void signup_rules() { signup_ = true; }
  BoardRef take_board(bool allow_ply) {
    std::string text = take("board number");
    std::string_view view = text;
    if (!view.empty() && view.front() == '#') view.remove_prefix(1);
    BoardRef board;
    std::string_view number = view, ply;
    if (auto hash = view.find('#'); hash != std::string_view::npos) {
      number = view.substr(0, hash);
      ply = view.substr(hash + 1);
    }
    auto game = positive_number(number);
    if (!game) throw ParseFailure{"'" + text + "' is not a board number"};
    board.game = *game;
    if (hash_given(view)) {
      if (!allow_ply) throw ParseFailure{"'" + text + "': a move number (#n) is not allowed here"};
      auto moveno = positive_number(ply);
      if (!moveno && ply != "0") throw ParseFailure{"'" + text + "': expected board#moveno, e.g. 17#5"};
      board.ply = moveno.value_or(0);
    }
    return board;
  }
  std::vector<std::string> rest() {
    std::vector<std::string> out(words_.begin() + static_cast<std::ptrdiff_t>(next_), words_.end());
    next_ = words_.size();
    return out;
  }
  void expect_end() {
    if (done()) return;
    // Extra words after a password command may be a password: they are not quoted.
    if (secret_from_) throw ParseFailure{"unexpected extra words at the end of the command (not repeated here)"};
    throw ParseFailure{"unexpected '" + words_[next_] + "' at the end of the command"};
  }
  // The next word, if any, without consuming it.
  std::optional<std::string> peek() const {
    if (done()) return std::nullopt;
    return words_[next_];
  }
  // A password typed twice (e.g. again in the move's place) is masked wherever it is.
  MaskedCommand masked() {
    for (std::string& word : masked_)
      if (std::find(passwords_.begin(), passwords_.end(), to_lower(word)) != passwords_.end())
        word = std::string(kMask);
    return MaskedCommandMaker::make(join(masked_, " "), secret_from_ ? first_words(*secret_from_) + " ..." : "");
  }
  // After a failure the words not yet read may hold a password in an unexpected place,
  // and in a password command so may every word from the userid on: they are left out.
  MaskedCommand masked_so_far() const {
    std::size_t keep = secret_from_ ? *secret_from_ : next_;
    return MaskedCommandMaker::make(first_words(keep) + (keep < words_.size() ? " ..." : ""));
  }

 private:
  static bool hash_given(std::string_view text) { return text.find('#') != std::string_view::npos; }

  std::string first_words(std::size_t count) const {
    return join(std::vector<std::string>(masked_.begin(), masked_.begin() + static_cast<std::ptrdiff_t>(count)), " ");
  }

  std::vector<std::string> words_;
  std::vector<std::string> masked_;
  std::size_t next_ = 0;
  std::optional<std::size_t> secret_from_;
  std::vector<std::string> passwords_;  // lower-case
  bool signup_ = false;
};

void parse_game_command(Parser& p, Command& c) {
  std::string verb = p.take_lower("command after the game name (e.g. move, show, challenge, help)");
  if (verb == "help") {
    c.verb = Verb::GameHelp;
    c.words = p.rest();
  } else if (verb == "challenge") {
    c.verb = Verb::Challenge;
    c.userid = p.take_userid("first userid");
    c.words.push_back(p.take_userid("second userid"));
    for (std::string& option : p.rest()) c.words.push_back(to_lower(option));
  } else if (verb == "move" || verb == "play") {
    c.verb = Verb::Move;
    c.boards.push_back(p.take_board(false));
    p.password_layout_from_here();
    c.userid = p.take_userid();
    c.password = p.take_password();
    std::string move = p.take("move");
    if (auto next = p.peek(); next && next->starts_with('#'))
      throw ParseFailure{"write " + move + *next + " without a space before '#'"};
    if (auto hash = move.find('#'); hash != std::string::npos) {
      auto moveno = positive_number(std::string_view(move).substr(hash + 1));
      if (!moveno) throw ParseFailure{"'" + move + "': expected move#moveno, e.g. d4#12"};
      c.moveno = moveno;
      move.resize(hash);
    }
    c.move = to_lower(move);
    if (c.move == "swap") c.verb = Verb::Swap;
    else if (c.move == "resign") c.verb = Verb::Resign;
    p.expect_end();
  } else if (verb == "swap" || verb == "resign" || verb == "abort") {
    c.verb = verb == "swap" ? Verb::Swap : verb == "resign" ? Verb::Resign : Verb::Abort;
    c.move = verb;
    c.boards.push_back(p.take_board(false));
    p.password_layout_from_here();
    c.userid = p.take_userid();
    c.password = p.take_password();
    p.expect_end();
  } else if (verb == "show") {
    c.verb = Verb::Show;
    c.boards.push_back(p.take_board(true));
    while (!p.done()) c.boards.push_back(p.take_board(true));
  } else if (verb == "games") {
    c.verb = Verb::Games;
    for (std::string& word : p.rest()) c.words.push_back(to_lower(word));
  } else if (verb == "history") {
    c.verb = Verb::History;
    c.boards.push_back(p.take_board(false));
    p.expect_end();
  } else if (verb == "chat") {
    c.verb = Verb::Chat;
    c.boards.push_back(p.take_board(false));
    p.password_layout_from_here();
    c.userid = p.take_userid();
    c.password = p.take_password();
    p.expect_end();
  } else if (verb == "preview") {
    c.verb = Verb::Preview;
    c.boards.push_back(p.take_board(false));
    c.words = p.rest();
    if (c.words.empty()) throw ParseFailure{"missing move(s) to preview"};
  } else {
    static const std::vector<std::string> kGameVerbs{"help",  "challenge", "move",    "play", "swap",   "resign",
                                                     "show",  "games",     "history", "chat", "preview"};
    std::string message = "unknown " + c.game + " command '" + verb + "'";
    if (auto guess = closest_word(verb, kGameVerbs)) message += "; did you mean " + *guess + "?";
    throw ParseFailure{message};
  }
}

void parse_account_command(Parser& p, Command& c, const std::string& first) {
  if (first == "help") {
    c.verb = Verb::Help;
    for (std::string& word : p.rest()) c.words.push_back(to_lower(word));
  } else if (first == "signup") {
    c.verb = Verb::Signup;
    p.signup_rules();
    p.password_layout_from_here();
    c.userid = p.take_userid();
    c.password = p.take_password();
    c.words = p.rest();
  } else if (first == "confirm") {
    c.verb = Verb::Confirm;
    c.userid = p.take_userid();
    c.password = p.take_password("code");
    p.expect_end();
  } else if (first == "change") {
    std::string what = p.take_lower("'password' or 'address' after change");
    if (what == "password") {
      c.verb = Verb::ChangePassword;
      p.password_layout_from_here();
      c.userid = p.take_userid();
      c.password = p.take_password("current password");
      c.new_password = p.take_password("new password");
      p.expect_end();
    } else if (what == "address") {
      c.verb = Verb::ChangeAddress;
      p.password_layout_from_here();
      c.userid = p.take_userid();
      c.password = p.take_password();
      c.words = p.rest();
    } else {
      throw ParseFailure{"change what? expected 'change password' or 'change address', not '" + what + "'"};
    }
  } else if (first == "signoff") {
    c.verb = Verb::Signoff;
    p.password_layout_from_here();
    c.userid = p.take_userid();
    c.password = p.take_password();
    p.expect_end();
  } else if (first == "list") {
    c.verb = Verb::List;
    for (std::string& word : p.rest()) c.words.push_back(to_lower(word));
  } else if (first == "message") {
    c.verb = Verb::Message;
    p.password_layout_from_here();
    c.userid = p.take_userid();
    c.password = p.take_password();
    if (p.done()) throw ParseFailure{"missing recipient userid(s)"};
    for (std::string& word : p.rest()) c.words.push_back(to_lower(word));
  } else if (first == "all") {
    std::string show = p.take_lower("'show' after all");
    if (show != "show") throw ParseFailure{"expected 'all show userid', not 'all " + show + "'"};
    c.verb = Verb::AllShow;
    c.userid = p.take_userid();
    for (std::string& word : p.rest()) c.words.push_back(to_lower(word));
  }
}

const std::vector<std::string> kAccountWords{"help", "signup", "confirm", "change", "signoff", "list", "message", "all"};

}  // namespace

std::optional<std::string> userid_problem(std::string_view userid) {
  if (userid.size() < 2 || userid.size() > 16)
    return "userid '" + std::string(userid) + "' must be 2 to 16 characters long";
  for (char ch : userid)
    if (!(std::islower(static_cast<unsigned char>(ch)) || std::isdigit(static_cast<unsigned char>(ch)) ||
          ch == '_' || ch == '-'))
      return "userid '" + std::string(userid) + "' may only contain a-z, 0-9, '_' and '-'";
  return std::nullopt;
}

std::optional<std::string> password_problem(std::string_view password) {
  if (password.size() < 4 || password.size() > 64) return std::string("password must be 4 to 64 characters long");
  for (char ch : password) {
    unsigned char u = static_cast<unsigned char>(ch);
    if (u <= 32 || u == 127 || ch == '"' || ch == '\'' || ch == ':' || ch == '`')
      return std::string("password may not contain blanks, quotes or colons");
  }
  return std::nullopt;
}

std::string command_usage(Verb verb, std::string_view game) {
  std::string out;
  for (const auto& line : kUsages)
    if (line.verb == verb) out += replace_game(line.text, game);
  return out;
}

std::string all_usages(std::string_view game) {
  std::string out;
  for (const auto& line : kUsages) out += "  " + replace_game(line.text, game) + "\n";
  return out;
}

std::string game_usages(std::string_view game) {
  std::string out;
  for (const auto& line : kUsages)
    if (std::string_view(line.text).starts_with("<game>")) out += "  " + replace_game(line.text, game) + "\n";
  return out;
}

bool looks_like_command(std::string_view text, const std::vector<std::string>& game_names) {
  auto words = split_words(text);
  if (words.empty()) return false;
  std::string first = to_lower(words.front());
  return std::find(kAccountWords.begin(), kAccountWords.end(), first) != kAccountWords.end() ||
         std::find(game_names.begin(), game_names.end(), first) != game_names.end();
}

ParsedCommand parse_command(std::string_view text, const std::vector<std::string>& game_names) {
  ParsedCommand result;
  auto words = split_words(text);
  Command command;
  Parser parser(words);
  std::string first = words.empty() ? "" : to_lower(words.front());
  if (first.empty()) {
    result.error = "empty command: put the command in the Subject line, e.g. 'help'";
    return result;
  }
  parser.take("command");
  bool is_game = std::find(game_names.begin(), game_names.end(), first) != game_names.end();
  try {
    if (is_game) {
      command.game = first;
      parse_game_command(parser, command);
    } else if (std::find(kAccountWords.begin(), kAccountWords.end(), first) != kAccountWords.end()) {
      parse_account_command(parser, command, first);
    } else {
      result.error = "unknown command '" + words.front() + "'";
      std::vector<std::string> known = kAccountWords;
      known.insert(known.end(), game_names.begin(), game_names.end());
      if (auto guess = closest_word(first, known)) result.error += "; did you mean " + *guess + "?";
      result.usage = all_usages();
      result.masked = MaskedCommandMaker::make(to_lower(first) + " ...");  // unknown text may hold anything
      return result;
    }
  } catch (const ParseFailure& failure) {
    result.error = failure.message;
    result.masked = parser.masked_so_far();
    // The usage of the command that was attempted, found by re-reading its verb.
    if (command.game.empty()) {
      static const std::pair<const char*, Verb> kFirst[] = {
          {"help", Verb::Help}, {"signup", Verb::Signup}, {"confirm", Verb::Confirm}, {"signoff", Verb::Signoff},
          {"list", Verb::List}, {"message", Verb::Message}, {"all", Verb::AllShow}};
      for (auto [word, verb] : kFirst)
        if (first == word) result.usage = command_usage(verb);
      if (first == "change") result.usage = command_usage(Verb::ChangePassword) + "\n" + command_usage(Verb::ChangeAddress);
    } else {
      std::string sub = words.size() > 1 ? to_lower(words[1]) : "";
      static const std::pair<const char*, Verb> kGame[] = {
          {"help", Verb::GameHelp}, {"challenge", Verb::Challenge}, {"move", Verb::Move},
          {"play", Verb::Move}, {"swap", Verb::Swap}, {"resign", Verb::Resign}, {"abort", Verb::Abort},
          {"show", Verb::Show},
          {"games", Verb::Games}, {"history", Verb::History}, {"chat", Verb::Chat},
          {"preview", Verb::Preview}};
      for (auto [word, verb] : kGame)
        if (sub == word) result.usage = command_usage(verb, command.game);
      if (result.usage.empty()) result.usage = game_usages(command.game);
    }
    return result;
  }
  command.masked = parser.masked();
  result.masked = command.masked;
  result.command = std::move(command);
  return result;
}

}  // namespace pbem::server
