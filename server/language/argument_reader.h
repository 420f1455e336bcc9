// Reads the words of one command line in order, for the command table's argument parsers:
// takes userids, passwords, board numbers and the rest, and keeps the masked form of the
// line (passwords as "*****") that replies and logs may quote. A parser that meets a word
// it cannot use throws ParseFailure with a typed refusal (parse_refusal.h), never a sentence.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/masked_command.h"
#include "server/language/parse_refusal.h"

namespace pbem::server {

struct BoardRef;

// "12" -> 12; anything but a whole positive number that fits an int -> nothing.
std::optional<int> positive_number(std::string_view text);

class ArgumentReader {
 public:
  explicit ArgumentReader(std::vector<std::string> words);

  bool done() const { return next_ >= words_.size(); }
  // The next word, if any, without consuming it.
  std::optional<std::string> peek() const;

  // Each names the argument due, which a refusal names: "missing userid".
  std::string take(Argument what);
  std::string take_lower(Argument what);
  // The next word, lower-cased, which must be one of `choices` (a setting's name, "all"):
  // a word the server knows is no secret, so errors may name it.
  std::string take_keyword(Argument what, const std::vector<std::string>& choices);
  // Called where a password command's userid is due: from here on any word may be a
  // password typed in the wrong place, so failures quote nothing from this point.
  void password_layout_from_here() { secret_from_ = next_; }
  // Called before the arguments of a command that carries a secret (a password, a code):
  // with a word forgotten, any argument may be the secret ("hy3 resign Sekr3t-xy"), so no
  // failure repeats the word it refused.
  // A failure then quotes none of the arguments either (`confirm <code>` with the userid
  // forgotten: a code looks like a userid).
  void secret_command() { quiet_from_ = next_; }
  // A signup's password is new, so its rules are stated plainly (there is no secret yet).
  void signup_rules() { signup_ = true; }
  // Whether the words read from here on may be a secret typed out of place: then no
  // failure may repeat them. A parser's own failure names the word it refused with
  // refused_word() or repeatable_word(), never by itself.
  bool quiet() const { return secret_from_ || quiet_from_; }
  // The word just read, when it may be repeated; else only the argument whose place it took
  // ("the word where the <what> belongs", as replies/parse_replies.cpp words it).
  RefusedWord refused_word(Argument what) const;
  // The word just read, when it may be repeated (", not 'xyz'"); else nothing.
  std::optional<std::string> repeatable_word() const;
  std::string take_userid(Argument what = Argument::Userid);
  // Every stored password passed password_problem at signup, so a word that does not is
  // not a password: most likely the words are out of order.
  std::string take_password(Argument what = Argument::Password);
  BoardRef take_board(bool allow_ply);
  std::vector<std::string> rest();
  std::vector<std::string> rest_lower();
  // The rest, lower-cased, shown in replies and logs only as "(N words)": a conditional
  // line is its owner's secret plan.
  std::vector<std::string> rest_private();
  void expect_end();

  // The whole line with every password masked (also where it was typed twice).
  MaskedCommand masked() const;
  // After a failure the words not yet read may hold a password in an unexpected place,
  // and in a password command so may every word from the userid on: they are left out.
  MaskedCommand masked_so_far() const;
  // What no error text may repeat (masked_command.h): the passwords read, and in a command
  // with a secret every word from the userid on (from its first argument while the userid's
  // place is not reached) that could be a password and was not read as a keyword.
  SecretWords secret_words() const;
  // For a line whose first word is not a command: only that word, which cannot be a secret.
  static MaskedCommand first_word_only(const std::string& first);
  // A description the server wrote itself ("reply to game 12"), never the sender's words.
  static MaskedCommand server_text(std::string text);
  // Masked commands as one, between words the server wrote itself:
  // "multiple (2 lines: hy3 move 1 alice ***** b2; hy3 show 1)".
  static MaskedCommand joined(const std::string& before, const std::vector<MaskedCommand>& parts,
                              const std::string& after);
  // `rest` (a reader's masked words) after words the server knows ("hy3 move 12"), as
  // they would read had one reader read them all.
  static MaskedCommand after_known(const std::string& known, const MaskedCommand& rest);

 private:
  std::string first_words(std::size_t count) const;

  std::vector<std::string> words_;
  std::vector<std::string> masked_;
  std::size_t next_ = 0;
  std::optional<std::size_t> secret_from_;
  std::vector<std::string> passwords_;  // lower-case
  bool signup_ = false;
  std::optional<std::size_t> quiet_from_;  // secret_command(): failures name the place, never the word
  std::vector<bool> keyword_;               // read by take_keyword: the server's own word
};

}  // namespace pbem::server
