// The words of a refused command's answer (mailing/error_text.h): a Subject within 78
// columns whatever the reason, one usage at most, and for a reply to a game address the
// player's own words and how to reply.
#include <catch2/catch.hpp>

#include "server/mailing/error_text.h"

using namespace pbem::server;

TEST_CASE("an error's Subject is at most 78 columns, cut at a word", "[error_text]") {
  CHECK(error_subject("missing board number") == "Error: missing board number");
  const std::string reason =
      "this reply address of game 12 has expired: the password was changed since it was made; send `hy3 show 12` "
      "from your registered address";
  const std::string subject = error_subject(reason);
  CHECK(subject.size() <= kMaxErrorSubject);
  CHECK(subject.starts_with("Error: this reply address of game 12 has expired"));
  CHECK(subject.ends_with("..."));
  CHECK(subject.find("  ") == std::string::npos);
  // One long word is cut where it must be, never inside a UTF-8 character.
  const std::string word(40, 'x');
  const std::string long_word = word + "\xc3\xa9" + word;
  const std::string cut = error_subject(long_word);
  CHECK(cut.size() <= kMaxErrorSubject);
  CHECK((static_cast<unsigned char>(cut[cut.size() - 4]) & 0xC0) != 0xC0);  // no lead byte left alone
}

TEST_CASE("a command's error quotes it and names its one usage", "[error_text]") {
  const ErrorMail mail = command_error("hy3 history", "missing board number", "hy3 history board");
  CHECK(mail.subject == "Error: missing board number");
  CHECK(mail.text.find("Your command\n\n    hy3 history\n\nwas not carried out: missing board number.") !=
        std::string::npos);
  CHECK(mail.text.find("Usage:\n    hy3 history board\n") != std::string::npos);
  CHECK(command_error("", "empty command", "").text.find("Usage:") == std::string::npos);
}

TEST_CASE("a reply's error quotes the player's words and says how to reply", "[error_text]") {
  const ErrorMail mail = reply_error("z9", "z9 is not a cell of this board", "d4");
  CHECK(mail.text.find("Your reply\n\n    z9\n\nwas not carried out") != std::string::npos);
  CHECK(mail.text.find("Usage:\n    the move alone, e.g. d4") != std::string::npos);
  CHECK(mail.text.find("password") == std::string::npos);
}
