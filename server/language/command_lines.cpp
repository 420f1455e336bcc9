#include "server/language/command_lines.h"

#include <string>

#include "engine/text.h"
#include "server/language/command.h"

namespace pbem::server {

namespace {

// A line refused as it is read, quoted as a refused password command is (its words may
// be out of order, so nothing from the userid on).
ParsedCommand refused(const ParsedCommand& line, ParseRefusal reason) {
  ParsedCommand out;
  out.refusal = std::move(reason);
  out.usage = UsageOf{line.command->spec, line.command->type.empty() ? "<game>" : line.command->type};
  out.masked = line.masked.cautious();
  return out;
}

ParsedCommand checked(ParsedCommand line) {
  if (!line.command) return line;
  if (takes_command_lines(line))
    return refused(line, parse_refusal::MultipleInMultiple{});
  const Command& c = *line.command;
  if (c.spec->traits.sends_body)
    return refused(line, parse_refusal::SendsBodyInMultiple{std::string(c.spec->name)});
  return line;
}

}  // namespace

bool takes_command_lines(const ParsedCommand& command) {
  return command.command && command.command->spec->traits.body_is_commands;
}

std::optional<CommandLines> read_command_lines(std::string_view text, const std::vector<std::string>& game_names) {
  CommandLines lines;
  for (const std::string_view line : nonblank_lines(text)) {
    if (lines.commands.size() == CommandLines::kMaxLines) ++lines.left_out;
    else lines.commands.push_back(checked(parse_command(line, game_names)));
  }
  if (lines.commands.empty()) return std::nullopt;
  return lines;
}

}  // namespace pbem::server
