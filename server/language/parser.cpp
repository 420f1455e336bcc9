#include "server/language/parser.h"

#include <algorithm>
#include <atomic>
#include <cctype>

#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/language/command_table.h"
#include "server/language/suggest.h"

namespace pbem::server {

namespace {

std::atomic<std::uint64_t> command_parses{0};

std::string first_word(std::string_view spelling) { return std::string(spelling.substr(0, spelling.find(' '))); }

// The first words of every account command ("help", "change", "all", ...), in table order.
std::vector<std::string> account_first_words() {
  std::vector<std::string> words;
  for (const CommandSpec& spec : command_table())
    for (std::string_view spelling : spec.spellings)
      if (!spec.for_game && std::find(words.begin(), words.end(), first_word(spelling)) == words.end())
        words.push_back(first_word(spelling));
  return words;
}

// The command words of every game command ("help", "challenge", "move", "play", ...).
std::vector<std::string> game_command_words() {
  std::vector<std::string> words;
  for (const CommandSpec& spec : command_table())
    if (spec.for_game)
      for (std::string_view spelling : spec.spellings) words.push_back(first_word(spelling));
  return words;
}

// Which row the command's own words call. `first` has been read; a two-word spelling reads
// its second word too, and is preferred when the next word is its second ("tournament new"
// over "tournament 3"). Rows that begin with `first` are kept in `candidates` so a failure
// can show their usage.
const CommandSpec* match_row(ArgumentReader& reader, const std::string& first, bool for_game,
                             std::vector<const CommandSpec*>& candidates) {
  std::vector<std::pair<const CommandSpec*, std::string_view>> two_word;  // row, its second word
  const CommandSpec* one_word = nullptr;
  for (const CommandSpec& spec : command_table()) {
    if (spec.for_game != for_game) continue;
    for (std::string_view spelling : spec.spellings) {
      if (first_word(spelling) != first) continue;
      if (std::find(candidates.begin(), candidates.end(), &spec) == candidates.end()) candidates.push_back(&spec);
      const auto blank = spelling.find(' ');
      if (blank == std::string_view::npos) {
        if (!one_word) one_word = &spec;
      } else {
        two_word.emplace_back(&spec, spelling.substr(blank + 1));
      }
    }
  }
  if (two_word.empty()) return one_word;
  // "change" is only ever followed by a secret command's words: a failure from here on
  // repeats none of them ("tournament", with `tournament start` among its rows, alike).
  if (std::any_of(candidates.begin(), candidates.end(), [](const CommandSpec* spec) { return spec->secret != Secret::None; }))
    reader.secret_command();
  if (one_word) {
    const auto next = reader.peek();
    for (const auto& [spec, second] : two_word)
      if (next && to_lower(*next) == second) {
        reader.take_lower(Argument::SecondWord);
        return spec;
      }
    return one_word;
  }
  std::vector<std::string> seconds;
  for (const auto& [spec, second] : two_word) seconds.emplace_back(second);
  if (reader.done()) throw ParseFailure{parse_refusal::MissingSecondWord{first, seconds}};
  const std::string second = reader.take_lower(Argument::SecondWord);
  for (const auto& [spec, expected] : two_word)
    if (second == expected) return spec;
  throw ParseFailure{parse_refusal::WrongSecondWord{first, seconds, reader.repeatable_word()}};
}

// The first row of the table that `word` begins (a guessed command word's), whose usage a
// refusal quotes.
const CommandSpec* row_of_word(std::string_view word, bool for_game) {
  for (const CommandSpec& spec : command_table())
    if (spec.for_game == for_game)
      for (std::string_view spelling : spec.spellings)
        if (first_word(spelling) == word) return &spec;
  return nullptr;
}

}  // namespace


namespace {

// The act a move word other than a ply asks for, and the command row whose usage a
// refusal of it quotes ("swap" is the swap command's).
AskedAct act_of_move(PlyWords words) {
  if (words.move == "resign") return AskedResign{};
  if (words.move == "undo") return AskedProposalStep{ProposalStep::undo};
  if (words.move == "abort") return AskedProposalStep{ProposalStep::abort};
  if (words.move == "accept") return AskedProposalStep{ProposalStep::accept};
  if (words.move == "decline" || words.move == "reject") return AskedProposalStep{ProposalStep::decline};
  return AskedPly{std::move(words.move), words.moveno};  // a ply, or swap
}

}  // namespace

ParsedCommand read_player_act(std::string_view type, std::int64_t game, std::int64_t account, std::string_view userid,
                              std::string_view move_text) {
  ++command_parses;
  std::vector<std::string> words = split_words(move_text);
  // "conditional ..." asks for the conditional moves; anything else is the move.
  const bool conditional = !words.empty() && to_lower(words.front()) == "conditional";
  if (conditional) words.erase(words.begin());
  const std::string_view verb = conditional ? "conditional" : "move";
  const CommandSpec* row = &command_named(verb);  // whose usage a failure quotes
  // The player's words after their userid, read with it in front: a line of several words
  // may hold a password, and is then masked from the userid on, as the whole command
  // `<type> move <number> <userid> ...` would be; the quotes read as that command would.
  const std::string known = std::string(type) + " " + std::string(verb) + " " + std::to_string(game);
  const auto quoted = [&](const MaskedCommand& masked) { return ArgumentReader::after_known(known, masked); };
  words.insert(words.begin(), std::string(userid));
  ArgumentReader reader(words);
  ParsedCommand result;
  try {
    ArgumentReader ahead = reader;
    if (ahead.rest().size() > 2) reader.password_layout_from_here();
    reader.take_userid();
    AskedAct asked;
    if (conditional) {
      asked = AskedConditional{take_conditional_words(reader)};
    } else {
      PlyWords ply = take_ply_words(reader);
      if (const CommandSpec* own = move_word_command(ply.move)) row = own;
      asked = act_of_move(std::move(ply));
      reader.expect_end();
    }
    result.act = PlayerAct{game, account, std::move(asked)};
  } catch (const ParseFailure& failure) {
    result.secrets = reader.secret_words();
    result.refusal = failure.refusal;
    result.known_userid = std::string(userid);
    result.usage = UsageOf{row, std::string(type)};
    result.masked = quoted(reader.masked_so_far());  // a refused line is quoted whole
    return result;
  }
  result.masked = quoted(reader.masked());
  result.secrets = reader.secret_words();
  // What the player typed, after the words the server knew. A move word's row has another
  // name than the `move` the quote begins with: such a refusal quotes the whole line, as it
  // did when the quote was cut after the command's own name.
  result.own_words =
      result.masked.after(std::string(type) + " " + std::string(row->name) + " " + std::to_string(game) + " " +
                          std::string(userid));
  return result;
}

std::optional<ParsedCommand> read_player_note(std::string_view type, std::int64_t game, std::int64_t account,
                                              std::string_view userid, std::string_view first_line) {
  std::vector<std::string> words = split_words(first_line);
  for (std::string& word : words) word = to_lower(word);
  const bool sealed = words.size() == 2 && words[1] == "-sealed";
  if (words.empty() || words[0] != "note" || (words.size() > 1 && !sealed)) return std::nullopt;
  ++command_parses;
  ParsedCommand result;
  const std::string known = std::string(type) + " note " + std::to_string(game) + " " + std::string(userid);
  result.masked = ArgumentReader::server_text(known + (sealed ? " -sealed" : ""));
  result.own_words = result.masked.after(known);
  result.act = PlayerAct{game, account, AskedNote{sealed}};
  return result;
}

bool looks_like_command(std::string_view text, const std::vector<std::string>& game_names) {
  auto words = split_words(text);
  if (words.empty()) return false;
  static const std::vector<std::string> account_words = account_first_words();
  const std::string first = to_lower(words.front());
  return std::find(account_words.begin(), account_words.end(), first) != account_words.end() ||
         std::find(game_names.begin(), game_names.end(), first) != game_names.end();
}

std::uint64_t command_parse_count() { return command_parses.load(); }

ParsedCommand parse_command(std::string_view text, const std::vector<std::string>& game_names) {
  ++command_parses;
  ParsedCommand result;
  auto words = split_words(text);
  if (words.empty()) {
    result.refusal = parse_refusal::EmptyCommand{};
    return result;
  }
  ArgumentReader reader(words);
  const std::string first = reader.take_lower(Argument::Command);
  const bool is_game = std::find(game_names.begin(), game_names.end(), first) != game_names.end();
  static const std::vector<std::string> account_words = account_first_words();
  if (!is_game && std::find(account_words.begin(), account_words.end(), first) == account_words.end()) {
    std::vector<std::string> known = account_words;
    known.insert(known.end(), game_names.begin(), game_names.end());
    // No usage: an error names one command's usage at most, and this names none (the reply
    // points to `help commands` for the list).
    result.refusal = parse_refusal::UnknownCommand{words.front(), closest_word(first, known)};
    result.masked = ArgumentReader::first_word_only(first);  // unknown text may hold anything
    return result;
  }
  Command command;
  if (is_game) command.type = first;
  const std::string game = is_game ? first : "<game>";
  std::vector<const CommandSpec*> candidates;  // the rows the words began to name
  std::optional<std::string> guess;              // the command word a mistyped verb was closest to
  try {
    const std::string verb = is_game ? reader.take_lower(Argument::GameCommand) : first;
    command.spec = match_row(reader, verb, is_game, candidates);
    if (!command.spec) {
      guess = closest_word(verb, game_command_words());
      throw ParseFailure{parse_refusal::UnknownGameCommand{first, verb, guess}};
    }
    if (command.spec->secret != Secret::None) reader.secret_command();
    command.spec->parse(reader, command);
  } catch (const ParseFailure& failure) {
    // Whatever the refusal quotes, the secrets go with it: no word that may be one leaves (parse_error).
    result.secrets = reader.secret_words();
    result.refusal = failure.refusal;
    result.masked = reader.masked_so_far();
    // One usage at most (spec "The newcomer's path, third round"): the command's own once
    // its row is known, the only row its words began to name, or the guessed command's; when
    // the words fit several rows the error names them, and the whole list is `help commands`.
    if (command.spec) result.usage = UsageOf{command.spec, game};
    else if (candidates.size() == 1) result.usage = UsageOf{candidates.front(), game};
    else if (guess) result.usage = UsageOf{row_of_word(*guess, is_game), game};
    return result;
  }
  command.masked = reader.masked();
  result.masked = command.masked;
  result.secrets = reader.secret_words();
  result.command = std::move(command);
  return result;
}

}  // namespace pbem::server
