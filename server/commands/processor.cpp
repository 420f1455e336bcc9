#include "server/commands/processor.h"

#include <algorithm>
#include <chrono>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "server/support/clock.h"
#include "server/commands/help.h"
#include "server/storage/outbox.h"
#include "server/storage/password_throttle.h"

namespace pbem::server {

namespace {

// An error message names the word it refused (a move, a userid); if that word is the
// command's password typed twice, it is masked (case-insensitively) here too.
std::string without_passwords(std::string text, const std::optional<Command>& command) {
  if (!command) return text;
  for (const std::string* password : {&command->password, &command->new_password}) {
    if (password->empty()) continue;
    const std::string needle = to_lower(*password);
    for (std::size_t at = 0; (at = to_lower(text).find(needle, at)) != std::string::npos; at += 5)
      text.replace(at, needle.size(), "*****");
  }
  return text;
}

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

}  // namespace

std::string game_title(const std::string& type) {
  const GameType* t = find_game_type(type);
  return t ? t->title : type;
}

CommandProcessor::CommandProcessor(Database& db, const Config& config, std::optional<PasswordCheck> precheck)
    : db_(db), config_(config), accounts_(db, std::move(precheck)), records_(db), ratings_(db),
      confirmations_(db, config.limits) {
  for (const auto& type : game_types()) game_names_.push_back(type.name);
}

Outcome CommandProcessor::handle(const Request& request) {
  Outcome out;
  ParsedCommand parsed = parse_command(request.command_text, game_names_);
  out.masked_command = parsed.masked;
  try {
    if (!parsed.command) throw CommandError(parsed.error, parsed.usage);
    const Command& c = *parsed.command;
    switch (c.verb) {
      case Verb::Help:
        out.replies.push_back(to_sender(request, "Help", help_text(c.words, config_.server.address)));
        break;
      case Verb::GameHelp:
        out.replies.push_back(to_sender(request, game_title(c.game) + " help", game_help_text(c.game)));
        break;
      case Verb::Signup: signup(c, request, out); break;
      case Verb::Confirm: confirm(c, request, out); break;
      case Verb::ChangePassword: change_password(c, request, out); break;
      case Verb::ChangeAddress: change_address(c, request, out); break;
      case Verb::Signoff: signoff(c, request, out); break;
      case Verb::List: list(c, request, out); break;
      case Verb::Message: message(c, request, out); break;
      case Verb::AllShow: all_show(c, request, out); break;
      case Verb::Challenge: challenge(c, request, out); break;
      case Verb::Move:
      case Verb::Swap: move(c, request, out); break;
      case Verb::Resign: resign(c, request, out); break;
      case Verb::Abort: abort_game(c, request, out); break;
      case Verb::Show: show(c, request, out); break;
      case Verb::Games: games(c, request, out); break;
      case Verb::History: history(c, request, out); break;
      case Verb::Chat: chat(c, request, out); break;
      case Verb::Preview: preview(c, request, out); break;
    }
    if (out.summary.empty()) out.summary = "ok";
  } catch (const CommandError& error) {
    // Nothing of a failed command may survive: the caller rolls back to a savepoint, and
    // only this one reply goes out.
    out.replies.clear();
    out.error = true;
    const std::string reason = without_passwords(error.what(), parsed.command);
    out.summary = "error: " + reason;
    // When the password was not accepted the words may be out of order: from the userid
    // on, any of them may be the password, so neither the reply nor the log quotes them.
    // (A signup has no password to check: its word order was validated by the parser.)
    if (parsed.command && parsed.command->verb != Verb::Signup && !parsed.command->password.empty() &&
        !password_accepted_)
      out.masked_command = parsed.masked.cautious();
    const std::string& shown = out.masked_command.text();
    std::string text = "Your command\n\n    " + (shown.empty() ? std::string("(empty)") : shown) +
                       "\n\nwas not carried out: " + sentence(reason) + "\n\nNothing was changed.\n";
    if (!error.usage.empty()) text += "\nUsage:\n" + indented_usage(error.usage);
    text += "\nSend `help` or `help commands` for help.\n";
    out.replies.push_back(to_sender(request, "Error: " + reason, text));
  }
  return out;
}

Account CommandProcessor::existing_account(const std::string& userid) const {
  auto account = accounts_.find(userid);
  if (!account) throw CommandError("there is no user '" + userid + "'");
  return *account;
}

Account CommandProcessor::authenticated(const Command& c, Outcome& out) {
  auto found = accounts_.find(c.userid);
  // The word is not repeated: a password typed where the userid belongs would be.
  if (!found) throw CommandError("there is no user by the userid given (not repeated here, in case it was a password)");
  Account account = *found;
  PasswordThrottle throttle(db_, config_.limits.failed_passwords_per_hour);
  if (auto until = throttle.blocked_until(account.id, std::chrono::system_clock::now()))
    throw CommandError("too many wrong passwords for " + c.userid + " (" +
                       std::to_string(config_.limits.failed_passwords_per_hour) +
                       " within an hour): commands with a password for " + c.userid +
                       " are refused until " + *until + " (UTC)");
  if (!accounts_.password_matches(account, c.password)) {
    out.wrong_password_for = account.id;
    throw CommandError("wrong password for " + c.userid);
  }
  password_accepted_ = true;
  return account;
}

GameRecord CommandProcessor::game_of_type(const Command& c, std::int64_t number) const {
  auto record = records_.find(number);
  if (!record) throw CommandError("there is no game " + std::to_string(number));
  if (record->type != c.game)
    throw CommandError("game " + std::to_string(number) + " is a " + game_title(record->type) + " game, not " +
                       game_title(c.game) + ": start the command with '" + record->type + "'");
  return *record;
}

std::vector<std::string> CommandProcessor::addresses_or_sender(const std::vector<std::string>& given,
                                                               const Request& r) const {
  std::vector<std::string> addresses;
  for (const std::string& text : given) {
    auto address = mail::normalize_address(text);
    const auto at = text.rfind('@');
    const bool too_long = text.size() > mail::kMaxAddressLength || (at != std::string::npos && at > mail::kMaxLocalPartLength);
    if (!address && too_long)
      throw CommandError("'" + text.substr(0, 40) + "...' is too long for a mail address (at most " +
                         std::to_string(mail::kMaxLocalPartLength) + " characters before the @ and " +
                         std::to_string(mail::kMaxAddressLength) + " in all)");
    if (!address) throw CommandError("'" + text + "' is not a mail address");
    if (std::find(addresses.begin(), addresses.end(), *address) == addresses.end()) addresses.push_back(*address);
  }
  if (addresses.empty()) addresses.push_back(r.sender);
  return addresses;
}

void CommandProcessor::check_relay_limits(const Account& sender, const std::vector<std::string>& addresses) const {
  Outbox outbox(db_);
  const auto hour_ago = std::chrono::system_clock::now() - std::chrono::hours(1);
  const int per_user = config_.limits.relayed_per_user_per_hour;
  const int already = outbox.count_relayed_by(sender.id, hour_ago);
  if (already + static_cast<int>(addresses.size()) > per_user)
    throw CommandError(sender.userid + " has sent on " + std::to_string(already) + " messages in the last hour; at most " +
                       std::to_string(per_user) + " an hour are relayed, and this one needs " +
                       std::to_string(addresses.size()) + " more. Nothing was sent; try again later");
  const int per_recipient = config_.limits.relayed_per_recipient_per_hour;
  for (const std::string& address : addresses)
    if (outbox.count_since(address, MailKind::Relay, hour_ago) + 1 > per_recipient)
      throw CommandError("a recipient has had " + std::to_string(per_recipient) +
                         " relayed messages in the last hour, the most allowed. Nothing was sent; try again later");
}

CommandProcessor::ConfirmationRequests CommandProcessor::request_confirmations(
    const Account& account, const std::vector<std::string>& addresses, const Request& r, std::string& welcome,
    Outcome& out) {
  ConfirmationRequests result;
  std::string& notes = result.notes;
  for (const std::string& address : addresses) {
    if (std::find(account.confirmed.begin(), account.confirmed.end(), address) != account.confirmed.end()) continue;
    auto code = confirmations_.issue(account.id, address);
    if (!code) {
      notes += "No confirmation request was mailed to " + address + ": it has had " +
               std::to_string(config_.limits.confirmations_per_address_per_day) +
               " in the last 24 hours. Try again tomorrow with `change address`.\n";
      continue;
    }
    const std::string how = "To confirm " + address + " for " + account.userid + ", send a mail (from any address) with the Subject\n\n    confirm " +
                            account.userid + " " + *code + "\n\nThe code is valid for " +
                            std::to_string(config_.limits.confirmation_valid_days) +
                            " days. Until then the server mails this address nothing else.\n";
    if (address == r.sender) {
      welcome += "\n" + how;  // the reply to the sender's own mail carries its code
      result.code_in_welcome = true;
      continue;
    }
    Reply request;
    request.to = address;
    request.subject = "Confirm your address for " + account.userid + " at " + config_.server.name;
    request.text = "Someone (perhaps you) registered this address for the user " + account.userid + " at " +
                   config_.server.name + ".\n\n" + how +
                   "\nIf this was not you, ignore this mail: the address gets nothing more.\n";
    request.kind = MailKind::Confirmation;
    out.replies.push_back(request);
    notes += "A confirmation request was mailed to " + address + ".\n";
  }
  return result;
}

void CommandProcessor::confirm(const Command& c, const Request& r, Outcome& out) {
  Account account = existing_account(c.userid);
  auto address = confirmations_.confirm(account.id, c.password);
  if (!address)
    throw CommandError("that code does not confirm any address of " + c.userid +
                       " (it may be mistyped, used already, or expired: `change address` sends a new one)");
  out.summary = "confirmed " + *address + " for " + c.userid;
  out.replies.push_back(to_sender(r, "Address confirmed", *address + " is confirmed for " + c.userid +
                                                              ": mail about your games now goes there.\n"));
}

Reply CommandProcessor::to_sender(const Request& r, std::string subject, std::string text) const {
  Reply reply;
  reply.to = r.sender;
  reply.subject = std::move(subject);
  reply.text = std::move(text);
  reply.to_sender = true;
  return reply;
}

}  // namespace pbem::server
