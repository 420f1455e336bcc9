#include "server/mailing/error_text.h"

#include "engine/text.h"
#include "mail/text_wrap.h"
#include "server/catalogue/catalogue.h"

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

// `what` (a command, a reply) quoted as `quote`, refused for `reason`.
std::string refusal_text(Msg what, const std::string& quote, const std::string& reason) {
  return text(what, {{"quote", quote.empty() ? text(Msg::EmptyQuote) : quote}, {"reason", sentence(reason)}});
}

}  // namespace

std::string error_subject(std::string_view what) {
  const std::string prefix = text(Msg::ErrorSubjectPrefix);
  if (prefix.size() + what.size() <= kMaxErrorSubject) return prefix + std::string(what);
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
  return prefix + std::string(cut) + std::string(ellipsis);
}

ErrorMail command_error(const std::string& quote, const std::string& reason, const std::string& usage) {
  std::string mail = refusal_text(Msg::CommandNotCarriedOut, quote, reason);
  if (!usage.empty()) mail += text(Msg::ErrorUsageLines, {{"usage", indented_usage(usage)}});
  mail += text(Msg::HelpHint);
  return {error_subject(reason), std::move(mail)};
}

ErrorMail reply_error(const std::string& quote, const std::string& reason, const std::string& sample_ply) {
  return {error_subject(reason),
          refusal_text(Msg::ReplyNotCarriedOut, quote, reason) + text(Msg::ReplyUsage, {{"ply", sample_ply}})};
}

ErrorMail refused_elsewhere() {
  return {text(Msg::RefusedElsewhereSubject), text(Msg::RefusedElsewhere)};
}

ErrorMail internal_error(const std::string& quote) {
  return {text(Msg::InternalErrorSubject), text(Msg::InternalError, {{"quote", quote}})};
}

ErrorMail reply_too_long(std::size_t kib) {
  return {text(Msg::ReplyTooLongSubject), text(Msg::ReplyTooLong, {{"kib", kib}})};
}

}  // namespace pbem::server
