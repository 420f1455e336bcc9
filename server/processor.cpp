#include "server/processor.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "server/help.h"

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

}  // namespace

std::string game_title(const std::string& type) {
  const GameType* t = find_game_type(type);
  return t ? t->title : type;
}

CommandProcessor::CommandProcessor(Database& db, const Config& config, std::optional<PasswordCheck> precheck)
    : db_(db), config_(config), accounts_(db, std::move(precheck)), records_(db) {
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
    out.summary = std::string("error: ") + error.what();
    std::string text = "Your command\n\n    " + (parsed.masked.empty() ? std::string("(empty)") : parsed.masked) +
                       "\n\nwas not carried out: " + sentence(error.what()) + "\n\nNothing was changed.\n";
    if (!error.usage.empty()) text += "\nUsage:\n" + indented_usage(error.usage);
    text += "\nSend `help` or `help commands` for help.\n";
    out.replies.push_back(to_sender(request, "Error: " + std::string(error.what()), text));
  }
  return out;
}

Account CommandProcessor::existing_account(const std::string& userid) const {
  auto account = accounts_.find(userid);
  if (!account) throw CommandError("there is no user '" + userid + "'");
  return *account;
}

Account CommandProcessor::authenticated(const Command& c) const {
  Account account = existing_account(c.userid);
  if (!accounts_.password_matches(account, c.password)) throw CommandError("wrong password for " + c.userid);
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
    if (!address) throw CommandError("'" + text + "' is not a mail address");
    if (std::find(addresses.begin(), addresses.end(), *address) == addresses.end()) addresses.push_back(*address);
  }
  if (addresses.empty()) addresses.push_back(r.sender);
  return addresses;
}

std::string CommandProcessor::address_for(const Account& account, const Request& r) const {
  if (accounts_.owns_address(account, r.sender) || account.addresses.empty()) return r.sender;
  return account.addresses.front();
}

Reply CommandProcessor::to_sender(const Request& r, std::string subject, std::string text) const {
  Reply reply;
  reply.to = r.sender;
  reply.subject = std::move(subject);
  reply.text = std::move(text);
  reply.to_sender = true;
  reply.limited = true;
  return reply;
}

}  // namespace pbem::server
