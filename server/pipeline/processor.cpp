#include "server/pipeline/processor.h"

#include "engine/text.h"
#include "mail/text_wrap.h"
#include "server/language/command_table.h"
#include "server/handlers/command_context.h"
#include "server/handlers/dispatch.h"

namespace pbem::server {

namespace {

// Usage texts come as one line or as a block whose lines carry their own indent: every
// line of the reply's usage block gets the same four spaces.
std::string indented_usage(const std::string& usage) {
  std::string out;
  std::size_t begin = 0;
  while (begin < usage.size()) {
    std::size_t end = usage.find('\n', begin);
    if (end == std::string::npos) end = usage.size();
    const std::string line = usage.substr(begin, end - begin);
    if (auto start = line.find_first_not_of(' '); start != std::string::npos)
      out += "    " + line.substr(start) + "\n";
    begin = end + 1;
  }
  return out;
}

// "... was not carried out: <error>." unless the error ends in a question already.
std::string sentence(const std::string& text) { return text.ends_with('?') ? text : text + "."; }

// The command carried a valid password or came to a valid game or digest address.
bool accepted(const CommandContext& context, const Request& request) {
  return context.password_accepted() || request.authenticated_userid.has_value();
}

constexpr const char* kRefusedElsewhere =
    "Your command was refused, and nothing was changed.\n\n"
    "This answer goes to the Reply-To of your mail, not to its From address, so it says\n"
    "no more than that. To learn why, send the command again without a Reply-To\n"
    "elsewhere, or with your password.\n";

}  // namespace

CommandProcessor::CommandProcessor(Database& db, const Config& config, std::optional<PasswordCheck> precheck,
                                   Admission admission)
    : db_(db), config_(config), precheck_(std::move(precheck)), admission_(std::move(admission)) {}

Outcome CommandProcessor::handle(const Request& request) {
  Outcome out;
  const ParsedCommand& parsed = request.command;
  out.masked_command = parsed.masked;
  CommandContext context(db_, config_, precheck_, request, out);
  try {
    if (!parsed.command) throw CommandError(Refusal::parse_error, parsed.error, parsed.usage);
    const Command& c = *parsed.command;
    handler_for(*c.spec)(context, c);
    // Whatever the command sent another player counts against the relay limits: checked
    // here, after every handler, so that no command can forget it.
    context.check_relay_limits();
    out.credential_accepted = accepted(context, request);
    if (admission_) admission_(out);
    if (out.summary.empty()) out.summary = "ok";
  } catch (const CommandError& error) {
    // Nothing of a failed command may survive: the caller rolls back to a savepoint, and
    // only this one reply goes out.
    out.replies.clear();
    out.error = true;
    out.refusal = error.refusal;
    // The words are where the usage puts them only once the command's password was
    // accepted (a signup's or a code's never is, a reply's game address proves nothing about
    // what the player typed after it): until then any word from the userid on may be the
    // password, so neither the error nor the quoted command repeats one. The passwords
    // themselves are masked in any case (typed twice, say as the move).
    const Command* command = parsed.command ? &*parsed.command : nullptr;
    const bool order_proven =
        command && (command->spec->secret == Secret::None || (!command->password.empty() && context.password_accepted()));
    std::string known_userid;  // an existing account's userid is that, wherever it stood
    if (command && !command->userid.empty() && context.accounts.find(command->userid)) known_userid = command->userid;
    const std::string reason = parsed.secrets.masked_in(error.what(), order_proven, known_userid);
    out.summary = "error: " + (error.logged.empty() ? reason : parsed.secrets.masked_in(error.logged, order_proven, known_userid));
    if (!order_proven) out.masked_command = parsed.masked.cautious();
    if (!accepted(context, request) && !context.reply_goes_to_from()) {
      // The answer goes to a Reply-To elsewhere: whatever the reason, it could tell a
      // stranger something about the From address (whose it is, what it may do), so it
      // says only that the command was refused (spec "Limits, third round").
      out.replies.push_back(context.to_sender("Error: your command was refused", kRefusedElsewhere));
    } else {
      const std::string& shown = out.masked_command.text();
      std::string text = "Your command\n\n    " + (shown.empty() ? std::string("(empty)") : shown) +
                         "\n\nwas not carried out: " + sentence(reason) + "\n\nNothing was changed.\n";
      if (!error.usage.empty()) text += "\nUsage:\n" + mail::wrap_text(indented_usage(error.usage));
      text += "\nSend `help` or `help commands` for help.\n";
      out.replies.push_back(context.to_sender("Error: " + reason, text));
    }
  }
  out.credential_accepted = accepted(context, request);
  return out;
}

}  // namespace pbem::server
