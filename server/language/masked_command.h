// A command as replies and log lines may quote it: passwords replaced by "*****", and
// after a failure only the words that were understood. Only the command parser
// (commands.cpp) can make one, so no reply or log line can be built from raw Subject text.
// Its twin, SecretWords, is what an error text may not repeat.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pbem::server {

class MaskedCommand {
 public:
  MaskedCommand() = default;  // "": nothing to quote

  const std::string& text() const { return text_; }
  bool empty() const { return text_.empty(); }
  // The form to quote when the command's password was refused: the word order may be
  // wrong, so any word from the userid on may be the password. Ends with " ..." when
  // something was left out.
  MaskedCommand cautious() const { return MaskedCommand(cautious_.empty() ? text_ : cautious_, {}); }
  // The words after `prefix` (the words the server put in front of a player's own, as
  // the old reading of a reply did; tests/server/asked_act_test.cpp), or the whole when it does not begin so.
  MaskedCommand after(std::string_view prefix) const;

 private:
  friend class MaskedCommandMaker;  // defined in argument_reader.cpp only
  MaskedCommand(std::string text, std::string cautious) : text_(std::move(text)), cautious_(std::move(cautious)) {}

  std::string text_;
  std::string cautious_;
};

// The words of a command line that an error text must not repeat (spec "Limits, second
// round": no reply, log line or stored row quotes a word at or after the userid of a command
// that takes a secret, however the words are ordered). Every error text, the parser's and
// the handlers', passes through masked_in() on its way out (parse_command, the processor),
// so an error that quotes such a word (as quoted_word() does, the one way errors repeat the
// sender's words) shows '*****' instead, whoever wrote the error.
// Made by the ArgumentReader only, which knows where the userid was due.
class SecretWords {
 public:
  SecretWords() = default;  // a command with no secret

  // `text` with the secrets masked, compared case-insensitively, whole or as quoted_word()
  // cuts them. Always the passwords (and codes) as the parser read them, wherever they
  // appear; while the word
  // order is unproven (`order_proven`: false until a password was accepted), also every
  // word from the userid on that could be a password, where the text quotes it, except
  // `known_userid` (a word found to be an existing account's userid is that userid).
  std::string masked_in(std::string text, bool order_proven, std::string_view known_userid = {}) const;

 private:
  friend class MaskedCommandMaker;
  SecretWords(std::vector<std::string> passwords, std::vector<std::string> unplaced)
      : passwords_(std::move(passwords)), unplaced_(std::move(unplaced)) {}

  std::vector<std::string> passwords_;  // lower-case, as typed
  std::vector<std::string> unplaced_;   // lower-case: the words from the userid on
};

}  // namespace pbem::server
