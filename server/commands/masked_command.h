// A command as replies and log lines may quote it: passwords replaced by "*****", and
// after a failure only the words that were understood. Only the command parser
// (commands.cpp) can make one, so no reply or log line can be built from raw Subject text.
#pragma once

#include <string>

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

 private:
  friend class MaskedCommandMaker;  // defined in commands.cpp only
  MaskedCommand(std::string text, std::string cautious) : text_(std::move(text)), cautious_(std::move(cautious)) {}

  std::string text_;
  std::string cautious_;
};

}  // namespace pbem::server
