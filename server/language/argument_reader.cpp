#include "server/language/argument_reader.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/text.h"
#include "server/language/account_fields.h"
#include "server/language/command.h"

namespace pbem::server {

// The one place that makes MaskedCommands (see masked_command.h).
class MaskedCommandMaker {
 public:
  static MaskedCommand make(std::string text, std::string cautious = {}) {
    return MaskedCommand(capped(std::move(text)), capped(std::move(cautious)));
  }
  static SecretWords secrets(std::vector<std::string> passwords, std::vector<std::string> unplaced) {
    return SecretWords(std::move(passwords), std::move(unplaced));
  }

 private:
  // A command line can be as long as a Subject (tens of KB): what is quoted of it stops
  // after kMaxQuotedLine characters.
  static std::string capped(std::string text) {
    constexpr std::size_t kMaxQuotedLine = 400;
    if (text.size() <= kMaxQuotedLine) return text;
    const auto last_blank = text.rfind(' ', kMaxQuotedLine);  // cut between words where there is one
    text.resize(last_blank == std::string::npos ? kMaxQuotedLine : last_blank);
    return text + " ...";
  }
};

MaskedCommand MaskedCommand::after(std::string_view prefix) const {
  const auto rest = [&](const std::string& text) {
    if (!text.starts_with(prefix)) return text;
    const auto start = text.find_first_not_of(' ', prefix.size());
    return start == std::string::npos ? std::string() : text.substr(start);
  };
  return MaskedCommand(rest(text_), cautious_.empty() ? std::string() : rest(cautious_));
}

namespace {

constexpr std::string_view kMask = "*****";

// What a MaskedCommand shows of each word: printable ASCII, at most kMaxQuotedChars.
std::vector<std::string> quotable(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  out.reserve(words.size());
  for (const std::string& word : words) out.push_back(printable_prefix(word));
  return out;
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

// The shown words joined; a word shown as nothing (the rest of a private part) is left out.
std::string join_shown(const std::vector<std::string>& shown) {
  std::string out;
  for (const std::string& word : shown)
    if (!word.empty()) out += (out.empty() ? "" : " ") + word;
  return out;
}

// A word to mask: lower-case, and whether anywhere in the text or only where it is quoted.
struct Needle {
  std::string word;
  bool anywhere;
};

// `text` with every needle masked, longest first (a password inside a longer word must not
// leave the rest of that word), case-insensitively: anywhere, or only where the text quotes
// it as quoted_word() does ('needle' or 'needle...'), the one way errors repeat a word the
// sender wrote (an unquoted word of the server's own, "unexpected extra words", is left
// alone even if the sender typed it too).
std::string masked_words(std::string text, std::vector<Needle> needles) {
  std::stable_sort(needles.begin(), needles.end(),
                   [](const Needle& a, const Needle& b) { return a.word.size() > b.word.size(); });
  for (const Needle& needle : needles) {
    if (needle.word.empty()) continue;
    for (std::size_t at = 0; (at = to_lower(text).find(needle.word, at)) != std::string::npos;) {
      const std::size_t end = at + needle.word.size();
      const bool quoted = at > 0 && text[at - 1] == '\'' &&
                          (text.compare(end, 1, "'") == 0 || text.compare(end, 4, "...'") == 0);
      if (!needle.anywhere && !quoted) {
        at = end;
        continue;
      }
      text.replace(at, needle.word.size(), kMask);
      at += kMask.size();
    }
  }
  return text;
}

}  // namespace

std::string SecretWords::masked_in(std::string text, bool order_proven, std::string_view known_userid) const {
  std::vector<Needle> needles;
  // Each word whole, and as quoted_word() shows it: cut after kMaxQuotedChars, other than
  // printable ASCII as '?' (its "..." left off).
  const auto add = [&](const std::string& word, bool anywhere) {
    needles.push_back({word, anywhere});
    std::string shown = to_lower(printable_prefix(word));
    if (shown.size() > kMaxQuotedChars) shown.resize(kMaxQuotedChars);
    needles.push_back({std::move(shown), anywhere});
  };
  // The passwords the parser read, wherever they appear (typed twice, as the move).
  for (const std::string& password : passwords_) add(password, true);
  if (!order_proven)
    for (const std::string& word : unplaced_)
      if (word != known_userid) add(word, false);
  return masked_words(std::move(text), std::move(needles));
}

std::optional<int> positive_number(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value <= 0) return std::nullopt;
  return value;
}

ArgumentReader::ArgumentReader(std::vector<std::string> words)
    : words_(std::move(words)), masked_(quotable(words_)), keyword_(words_.size(), false) {}

std::optional<std::string> ArgumentReader::peek() const {
  if (done()) return std::nullopt;
  return words_[next_];
}

std::string ArgumentReader::take(Argument what) {
  if (done()) throw ParseFailure{parse_refusal::Missing{what}};
  return words_[next_++];
}

std::string ArgumentReader::take_lower(Argument what) { return to_lower(take(what)); }

std::string ArgumentReader::take_keyword(Argument what, const std::vector<std::string>& choices) {
  std::string word = take_lower(what);
  if (std::find(choices.begin(), choices.end(), word) == choices.end())
    throw ParseFailure{parse_refusal::NotOneOf{refused_word(what), choices}};
  keyword_[next_ - 1] = true;
  return word;
}

std::optional<std::string> ArgumentReader::repeatable_word() const {
  if (quiet() || next_ == 0) return std::nullopt;
  return words_[next_ - 1];
}

RefusedWord ArgumentReader::refused_word(Argument what) const { return RefusedWord{what, repeatable_word()}; }

std::string ArgumentReader::take_userid(Argument what) {
  std::string userid = take_lower(what);
  if (auto problem = userid_problem(userid)) {
    --next_;  // not parsed: masked_so_far() leaves it out
    if (secret_from_ || quiet_from_) throw ParseFailure{parse_refusal::NotAUseridThere{what}};
    throw ParseFailure{parse_refusal::BadUserid{userid, *problem}};
  }
  return userid;
}

std::string ArgumentReader::take_password(Argument what) {
  if (done()) throw ParseFailure{parse_refusal::Missing{what}};
  if (auto problem = password_problem(words_[next_])) {
    if (what == Argument::NewPassword) throw ParseFailure{parse_refusal::BadNewPassword{*problem}};
    if (signup_) throw ParseFailure{parse_refusal::BadSignupPassword{*problem}};
    // "gates move 2 bob a:d2": the move sits where the password belongs. Said without
    // the word: nothing from the userid on is repeated, whatever it looks like.
    if (next_ + 1 == words_.size() && looks_like_move(words_[next_])) throw ParseFailure{parse_refusal::PasswordIsMove{}};
    throw ParseFailure{parse_refusal::NotAPasswordThere{what, *problem}};
  }
  masked_[next_] = std::string(kMask);
  passwords_.push_back(to_lower(words_[next_]));
  return words_[next_++];
}

BoardRef ArgumentReader::take_board(bool allow_ply) {
  std::string text = take(Argument::BoardNumber);
  std::string_view view = text;
  if (!view.empty() && view.front() == '#') view.remove_prefix(1);
  BoardRef board;
  std::string_view number = view, ply;
  const auto hash = view.find('#');
  if (hash != std::string_view::npos) {
    number = view.substr(0, hash);
    ply = view.substr(hash + 1);
  }
  // A refused word is not parsed (masked_so_far() leaves it out); in a command with a
  // secret it may be that secret, so it is not repeated either.
  const std::optional<std::string> shown = quiet_from_ ? std::nullopt : std::optional<std::string>(text);
  const auto refuse = [&](ParseRefusal why) {
    --next_;
    throw ParseFailure{std::move(why)};
  };
  auto game = positive_number(number);
  if (!game) refuse(parse_refusal::NotABoardNumber{shown});
  board.number = *game;
  if (hash != std::string_view::npos) {
    if (!allow_ply) refuse(parse_refusal::MoveNumberNotAllowed{shown});
    auto moveno = positive_number(ply);
    if (!moveno && ply != "0") refuse(parse_refusal::MalformedBoardPly{shown});
    board.ply = moveno.value_or(0);
  }
  return board;
}

std::vector<std::string> ArgumentReader::rest() {
  std::vector<std::string> out(words_.begin() + static_cast<std::ptrdiff_t>(next_), words_.end());
  next_ = words_.size();
  return out;
}

std::vector<std::string> ArgumentReader::rest_lower() {
  std::vector<std::string> out = rest();
  for (std::string& word : out) word = to_lower(word);
  return out;
}

std::vector<std::string> ArgumentReader::rest_private() {
  const std::size_t from = next_;
  std::vector<std::string> out = rest_lower();
  if (out.empty()) return out;
  masked_[from] = "(" + std::to_string(out.size()) + (out.size() == 1 ? " word)" : " words)");
  for (std::size_t i = from + 1; i < masked_.size(); ++i) masked_[i].clear();  // left out when joined
  return out;
}

void ArgumentReader::expect_end() {
  if (done()) return;
  // Extra words after a password command may be a password: they are not quoted.
  if (secret_from_ || quiet_from_) throw ParseFailure{parse_refusal::UnexpectedWord{std::nullopt}};
  throw ParseFailure{parse_refusal::UnexpectedWord{words_[next_]}};
}

MaskedCommand ArgumentReader::masked() const {
  // Compared as typed: the shown form of a long password is cut, and must be masked too.
  std::vector<std::string> shown = masked_;
  for (std::size_t i = 0; i < words_.size(); ++i)
    if (std::find(passwords_.begin(), passwords_.end(), to_lower(words_[i])) != passwords_.end())
      shown[i] = std::string(kMask);
  std::string cautious;
  if (const auto from = secret_from_ ? secret_from_ : quiet_from_)
    cautious = join_shown(std::vector<std::string>(shown.begin(), shown.begin() + static_cast<std::ptrdiff_t>(*from))) +
               " ...";
  return MaskedCommandMaker::make(join_shown(shown), std::move(cautious));
}

MaskedCommand ArgumentReader::masked_so_far() const {
  std::size_t keep = secret_from_ ? *secret_from_ : quiet_from_ ? *quiet_from_ : next_;
  return MaskedCommandMaker::make(first_words(keep) + (keep < words_.size() ? " ..." : ""));
}

SecretWords ArgumentReader::secret_words() const {
  std::vector<std::string> unplaced;
  if (const auto from = secret_from_ ? secret_from_ : quiet_from_)
    for (std::size_t i = *from; i < words_.size(); ++i)
      if (!keyword_[i] && !password_problem(words_[i])) unplaced.push_back(to_lower(words_[i]));
  return MaskedCommandMaker::secrets(passwords_, std::move(unplaced));
}

MaskedCommand ArgumentReader::first_word_only(const std::string& first) {
  return MaskedCommandMaker::make(printable_prefix(to_lower(first)) + " ...");
}

MaskedCommand ArgumentReader::server_text(std::string text) { return MaskedCommandMaker::make(std::move(text)); }

MaskedCommand ArgumentReader::joined(const std::string& before, const std::vector<MaskedCommand>& parts,
                                     const std::string& after) {
  std::string text, cautious;
  for (const MaskedCommand& part : parts) {
    text += (text.empty() ? "" : "; ") + part.text();
    cautious += (cautious.empty() ? "" : "; ") + part.cautious().text();
  }
  return MaskedCommandMaker::make(before + text + after, before + cautious + after);
}

MaskedCommand ArgumentReader::after_known(const std::string& known, const MaskedCommand& rest) {
  const auto after = [&](const std::string& words) {
    if (words.empty()) return known;
    return known + (words.front() == ' ' ? "" : " ") + words;
  };
  return MaskedCommandMaker::make(after(rest.text()), after(rest.cautious().text()));
}

std::string ArgumentReader::first_words(std::size_t count) const {
  return join_shown(std::vector<std::string>(masked_.begin(), masked_.begin() + static_cast<std::ptrdiff_t>(count)));
}

}  // namespace pbem::server
