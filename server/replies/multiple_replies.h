// The words of the answer to a mail of several command lines (pipeline/multiple.cpp): each
// line's heading and result, the lines past the most a mail may hold, the Subject, the
// whole answer and the brief one sent when the whole would be too long.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace pbem::server {

// "Line 2", the start of each line's heading.
std::string multiple_line_name(std::size_t line);
// A line carried out whose answer is not in the gathered mail: its mail (if any) went apart.
std::string multiple_line_done(bool mail_apart);

// Lines `lines` ("101-120", `count` of them) were left out: a mail carries at most `most`.
struct LinesLeftOut {
  std::string lines;
  std::size_t count = 0, most = 0;
};
std::string left_out_heading(const LinesLeftOut& left_out);  // a line of the brief answer
std::string left_out_section_heading(const LinesLeftOut& left_out);
std::string left_out_section_text(const LinesLeftOut& left_out);

// The gathered answer's Subject: every one of `total` lines carried out, or `failed` not
// (`one_line` when that is a single line, not a range).
std::string multiple_subject(std::size_t total, const std::vector<std::string>& failed, bool one_line);
// The gathered answer: `sections`, one per line; or in short, one heading per line.
std::string multiple_text(std::size_t total, const std::string& sections);
std::string multiple_brief_text(std::size_t total, const std::string& headings);

// `multiple` with nothing in the body: where the commands go, at most `most` of them.
std::string multiple_without_commands_refusal(std::size_t most);

}  // namespace pbem::server
