#include "server/mailing/error_text.h"

#include "engine/text.h"
#include "mail/text_wrap.h"

namespace pbem::server {

namespace {

// Each usage line at four spaces; one too long for 78 columns is folded at its blanks
// with its rest indented deeper, so that it still reads as one usage.
std::string indented_usage(const std::string& usage) {
  std::string out;
  for (const std::string_view line : nonblank_lines(usage)) {
    std::string folded = "    ";
    std::size_t column = folded.size();
    bool first = true;
    for (const std::string& word : split_words(line)) {
      if (!first && column + 1 + word.size() > mail::kTextColumns) {
        folded += "\n      ";
        column = 6;
      } else if (!first) {
        folded += ' ';
        ++column;
      }
      folded += word;
      column += word.size();
      first = false;
    }
    out += folded + "\n";
  }
  return out;
}

// "... was not carried out: <error>." unless the error ends in a question already.
std::string sentence(const std::string& text) { return text.ends_with('?') ? text : text + "."; }

std::string refusal_text(const std::string& what, const std::string& quote, const std::string& reason) {
  return what + "\n\n    " + (quote.empty() ? std::string("(empty)") : quote) + "\n\nwas not carried out: " +
         sentence(reason) + "\n\nNothing was changed.\n";
}

}  // namespace

std::string error_subject(std::string_view what) {
  const std::string_view prefix = "Error: ";
  if (prefix.size() + what.size() <= kMaxErrorSubject) return std::string(prefix) + std::string(what);
  const std::string_view ellipsis = "...";
  const std::size_t room = kMaxErrorSubject - prefix.size() - ellipsis.size();
  std::string_view cut = what.substr(0, room);
  // At a word, so that no word (nor a UTF-8 character) is broken; a first word longer than
  // the room is cut where it must be, at a character's first byte.
  if (const auto blank = cut.rfind(' '); blank != std::string_view::npos && blank > 0) cut = cut.substr(0, blank);
  else
    while (!cut.empty() && (static_cast<unsigned char>(what[cut.size()]) & 0xC0) == 0x80) cut.remove_suffix(1);
  while (!cut.empty() && (cut.back() == ' ' || cut.back() == ',' || cut.back() == ':' || cut.back() == ';'))
    cut.remove_suffix(1);
  return std::string(prefix) + std::string(cut) + std::string(ellipsis);
}

ErrorMail command_error(const std::string& quote, const std::string& reason, const std::string& usage) {
  std::string text = refusal_text("Your command", quote, reason);
  if (!usage.empty()) text += "\nUsage:\n" + indented_usage(usage);
  text += "\nSend `help` or `help commands` for help.\n";
  return {error_subject(reason), std::move(text)};
}

ErrorMail reply_error(const std::string& quote, const std::string& reason, const std::string& sample_ply) {
  std::string text = refusal_text("Your reply", quote, reason);
  text += "\nUsage:\n    the move alone, e.g. " + sample_ply +
          ", as the first line of your reply\n";
  return {error_subject(reason), std::move(text)};
}

ErrorMail refused_elsewhere() {
  return {"Error: your command was refused",
          "Your command was refused, and nothing was changed.\n\n"
          "This answer goes to the Reply-To of your mail, not to its From address, so it says\n"
          "no more than that. To learn why, send the command again without a Reply-To\n"
          "elsewhere, or with your password.\n"};
}

}  // namespace pbem::server
