#include "server/pipeline/processor.h"

#include "engine/registry.h"
#include "server/mailing/usage_text.h"
#include "server/context/command_context.h"
#include "server/handlers/dispatch.h"
#include "server/handlers/player_acts.h"
#include "server/mailing/error_text.h"
#include "server/replies/parse_replies.h"
#include "server/addresses/mail_addresses.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace {

// The command carried a valid password or came to a valid game or digest address.
bool accepted(const CommandContext& context, const Request& request) {
  return context.password_accepted() || request.authenticated_userid.has_value();
}

// The game an act or command is about: a player's act's, else the one its command names.
std::optional<std::int64_t> game_named(const ParsedCommand& parsed) {
  if (parsed.act) return parsed.act->game;
  const auto& command = parsed.command;
  if (command && command->spec->for_game && !command->boards.empty()) return command->boards.front().number;
  return std::nullopt;
}

// The example ply of the game a reply was about ("d4").
std::string sample_ply_of(Database& db, const ParsedCommand& parsed) {
  std::string type;
  if (parsed.command) type = parsed.command->type;
  else if (parsed.act)
    if (const auto record = GameRecords(db).find(parsed.act->game)) type = record->type;
  const GameType* game_type = type.empty() ? nullptr : find_game_type(type);
  return game_type ? game_type->sample_ply : "d4";
}

// The game an error is about: the one whose game address the mail came to, else the one
// its act or command names.
std::optional<std::int64_t> game_of(const Request& request) {
  if (request.address_game) return request.address_game;
  return game_named(request.command);
}

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
    // A known player's act (a reply, a digest line, the computer) goes through the one door
    // of the players' acts; a command to its handler.
    if (parsed.act) carry_out(context, *parsed.act);
    else if (!parsed.command)
      throw CommandError(Refusal::parse_error, parse_error(parsed), command_usage(parsed.usage));
    else handler_for(*parsed.command->spec)(context, *parsed.command);
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
    // themselves are masked in any case (typed twice, say as the move). A player's act has
    // no password: the order of the words they typed after their userid is never proven.
    const Command* command = parsed.command ? &*parsed.command : nullptr;
    const bool order_proven =
        command && (command->spec->secret == Secret::None || (!command->password.empty() && context.password_accepted()));
    std::string known_userid;  // an existing account's userid is that, wherever it stood
    if (command && !command->userid.empty() && context.accounts.find(command->userid)) known_userid = command->userid;
    if (parsed.act)
      if (const auto player = context.accounts.find_by_id(parsed.act->account)) known_userid = player->userid;
    const std::string reason = parsed.secrets.masked_in(error.what(), order_proven, known_userid);
    out.summary = "error: " + (error.logged.empty() ? reason : parsed.secrets.masked_in(error.logged, order_proven, known_userid));
    if (!order_proven) out.masked_command = parsed.masked.cautious();
    if (!accepted(context, request) && !context.reply_goes_to_from()) {
      // The answer goes to a Reply-To elsewhere: whatever the reason, it could tell a
      // stranger something about the From address (whose it is, what it may do), so it
      // says only that the command was refused (spec "Limits, third round").
      const ErrorMail mail = refused_elsewhere();
      out.replies.push_back(context.to_sender(mail.subject, mail.text));
    } else {
      const bool by_reply = request.address_game && request.authenticated_userid;
      // A player who replied to their game address is quoted their own words (the act's),
      // not a command they never typed.
      const MaskedCommand quoted = parsed.act ? parsed.own_words.cautious() : out.masked_command;
      const ErrorMail mail = by_reply ? reply_error(quoted.text(), reason, sample_ply_of(db_, parsed))
                                      : command_error(out.masked_command.text(), reason, error.usage);
      Reply reply = context.to_sender(mail.subject, mail.text);
      // A reply to it with the corrected move plays it (spec "The newcomer's path, third
      // round"), when it goes to that player's own mailbox.
      if (const auto game = game_of(request)) reply.reply_to = game_address_for_recipient(db_, config_, *game, reply.to);
      out.replies.push_back(std::move(reply));
    }
  }
  out.credential_accepted = accepted(context, request);
  return out;
}

}  // namespace pbem::server
