#include "server/pipeline/multiple.h"

#include <algorithm>

#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/language/command_table.h"
#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/replies/multiple_replies.h"

namespace pbem::server {

namespace {

// "Line 2: Error: wrong password for alice", underlined, then the text.
std::string section(const std::string& heading, const std::string& text) {
  return "\n" + heading + "\n" + std::string(std::min<std::size_t>(heading.size(), 78), '-') + "\n" + text +
         (text.ends_with('\n') ? "" : "\n");
}

}  // namespace

MultipleAnswer answer_lines(const std::string& sender, std::vector<Outcome> lines, std::size_t left_out) {
  MultipleAnswer answer;
  const std::size_t total = lines.size() + left_out;
  std::vector<std::string> failed, summaries;
  std::vector<MaskedCommand> commands;
  std::string sections;
  std::string headings;  // the brief answer: each line's heading alone
  std::vector<std::string> boards;  // the gathered replies' boards, in text order
  for (std::size_t i = 0; i < lines.size(); ++i) {
    Outcome& line = lines[i];
    const std::string name = multiple_line_name(i + 1);
    if (line.error) failed.push_back(std::to_string(i + 1));
    summaries.push_back("line " + std::to_string(i + 1) + ": " + line.summary);
    commands.push_back(line.masked_command);
    // The line's other mail first, in its order; then what goes into the gathered mail.
    const auto first_gathered = std::stable_partition(line.replies.begin(), line.replies.end(),
                                                      [](const Reply& reply) { return !goes_into_gathered_answer(reply); });
    if (first_gathered == line.replies.end()) {
      const std::string done = multiple_line_done(first_gathered != line.replies.begin());
      headings += name + ": " + line.masked_command.text() + ": " + done + "\n";
      sections += section(name + ": " + line.masked_command.text(), done + "\n");
    }
    for (auto reply = first_gathered; reply != line.replies.end(); ++reply) {
      headings += name + ": " + reply->subject + "\n";
      sections += section(name + ": " + reply->subject, reply->text);
      for (const mail::TextRange& board : reply->boards)
        boards.push_back(reply->text.substr(board.begin, board.end - board.begin));
    }
    line.replies.erase(first_gathered, line.replies.end());
  }
  std::string left_out_lines;
  if (left_out > 0) {
    left_out_lines = std::to_string(CommandLines::kMaxLines + 1) + "-" + std::to_string(total);
    failed.push_back(left_out_lines);
    summaries.push_back("lines " + left_out_lines + ": not carried out (more than " +
                        std::to_string(CommandLines::kMaxLines) + ")");
    const LinesLeftOut words{left_out_lines, left_out, CommandLines::kMaxLines};
    headings += left_out_heading(words);
    sections += section(left_out_section_heading(words), left_out_section_text(words));
  }

  Reply& gathered = answer.gathered;
  gathered.to = sender;
  gathered.to_sender = true;
  gathered.subject = multiple_subject(total, failed, failed.size() == 1 && left_out == 0);
  gathered.text = multiple_text(total, sections);
  for (const std::string& board : boards) gathered.mark_board(board);
  answer.brief = gathered;
  answer.brief.boards.clear();
  answer.brief.text = multiple_brief_text(total, headings);
  answer.lines = std::move(lines);
  answer.masked = ArgumentReader::joined("multiple (" + counted(total, "line") + ": ", commands,
                                         left_out > 0 ? "; " + std::to_string(left_out) + " more not carried out)" : ")");
  answer.summary = counted(total, "line") + ": " + join(summaries, "; ");
  return answer;
}

namespace handlers {

// Reached only for a mail whose body holds no command line: the pipeline carries a
// multiple's lines out, each alone, instead of this.
void multiple(CommandContext&, const Command& c) {
  throw CommandError(multiple_without_commands_refusal(CommandLines::kMaxLines), CommandContext::usage(c));
}

}  // namespace handlers
}  // namespace pbem::server
