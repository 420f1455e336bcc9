#include "server/replies/multiple_replies.h"

#include "engine/text.h"
#include "server/catalogue/catalogue.h"

namespace pbem::server {

namespace {
std::string command_lines(std::size_t n) {
  return text(n == 1 ? Msg::OneCommandLine : Msg::SeveralCommandLines, {{"n", n}});
}
// "3 lines" (the words conditional moves count their lines with).
std::string lines_counted(std::size_t n) {
  return text(n == 1 ? Msg::OneConditionalLine : Msg::SeveralConditionalLines, {{"n", n}});
}
}  // namespace

std::string multiple_line_name(std::size_t line) { return text(Msg::MultipleLineName, {{"line", line}}); }

std::string multiple_line_done(bool mail_apart) {
  return text(mail_apart ? Msg::MultipleLineDoneMailApart : Msg::MultipleLineDone);
}

std::string left_out_heading(const LinesLeftOut& left_out) {
  return text(Msg::MultipleLeftOutHeading, {{"lines", left_out.lines}, {"most", left_out.most}});
}

std::string left_out_section_heading(const LinesLeftOut& left_out) {
  return text(Msg::MultipleLeftOutSectionHeading, {{"lines", left_out.lines}, {"most", left_out.most}});
}

std::string left_out_section_text(const LinesLeftOut& left_out) {
  return text(Msg::MultipleLeftOutSection, {{"count", lines_counted(left_out.count)}});
}

std::string multiple_subject(std::size_t total, const std::vector<std::string>& failed, bool one_line) {
  if (failed.empty()) return text(Msg::MultipleDoneSubject, {{"count", lines_counted(total)}});
  return text(one_line ? Msg::MultipleFailedLineSubject : Msg::MultipleFailedLinesSubject,
              {{"lines", join(failed, ", ")}, {"total", total}});
}

std::string multiple_text(std::size_t total, const std::string& sections) {
  return text(Msg::MultipleText, {{"count", command_lines(total)}, {"sections", sections}});
}

std::string multiple_brief_text(std::size_t total, const std::string& headings) {
  return text(Msg::MultipleBriefText, {{"count", command_lines(total)}, {"headings", headings}});
}

std::string multiple_without_commands_refusal(std::size_t most) {
  return text(Msg::MultipleWithoutCommandsRefusal, {{"most", most}});
}

}  // namespace pbem::server
