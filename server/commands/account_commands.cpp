// Account commands: signup, change, signoff, list, message, all show.
#include <algorithm>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/support/clock.h"
#include "server/commands/processor.h"

namespace pbem::server {

namespace {

// A notice to an account's previous addresses that its password or addresses changed, so a
// takeover cannot go unnoticed. Never quotes the command (it holds the password). Not
// `limited`: a security notice must not be suppressed by the reply limit.
void notify_old_addresses(const std::vector<std::string>& old_addresses, const std::string& already_answered,
                          const std::string& server_name, const std::string& userid, const std::string& what,
                          const Request& r, Outcome& out) {
  for (const std::string& address : old_addresses) {
    if (address == already_answered) continue;  // the sender's own confirmation says it
    Reply notice;
    notice.to = address;
    notice.subject = "Security notice: " + what + " of " + userid + " changed";
    notice.kind = MailKind::Notice;  // security notices are never held back by the reply limit
    notice.text = "The " + what + " of your " + server_name + " account " + userid + " was changed at " +
                  now_iso8601() + " (UTC) by a mail from " + r.from + ".\n\n" +
                  "If this was you, nothing needs to be done.\n\n"
                  "If this was not you, someone else knows your password and may now control\n"
                  "your account: reply to this mail or contact the operator of " + server_name + ".\n";
    out.replies.push_back(notice);
  }
}

}  // namespace

void CommandProcessor::signup(const Command& c, const Request& r, Outcome& out) {
  if (accounts_.find(c.userid))
    throw CommandError("the userid '" + c.userid + "' is taken; choose another", command_usage(Verb::Signup));
  auto addresses = addresses_or_sender(c.words, r);
  Account account = accounts_.create(c.userid, c.password, addresses);
  out.summary = "signed up " + c.userid;
  std::string welcome = "Welcome to " + config_.server.name + ", " + c.userid + ".\n\n" +
                        "Your account is ready. Once confirmed, mail about your games goes to:\n    " +
                        join(addresses, "\n    ") + "\n";
  const auto requests = request_confirmations(account, addresses, r, welcome, out);
  welcome += (requests.notes.empty() ? "" : "\n" + requests.notes) +
             "\nKeep your password safe: it is needed for every move and is never mailed back.\n\n" +
             "To start a game, challenge another player, e.g.\n    hy3 challenge " + c.userid +
             " <their userid>\nSend `help tutorial` for a walk-through.\n";
  Reply reply = to_sender(r, "Welcome, " + c.userid, welcome);
  // The reply carrying the sender's own code is a confirmation request, whatever else it says;
  // without a code it is an ordinary reply and counts against the reply limit.
  if (requests.code_in_welcome) reply.kind = MailKind::Confirmation;
  out.replies.push_back(reply);
}

void CommandProcessor::change_password(const Command& c, const Request& r, Outcome& out) {
  Account account = authenticated(c, out);
  accounts_.set_password(account, c.new_password);
  out.summary = "changed password of " + c.userid;
  out.replies.push_back(to_sender(r, "Password changed", "The password of " + c.userid + " has been changed.\n"));
  notify_old_addresses(account.confirmed, r.sender, config_.server.name, c.userid, "password", r, out);
}

void CommandProcessor::change_address(const Command& c, const Request& r, Outcome& out) {
  Account account = authenticated(c, out);
  const std::vector<std::string> old_addresses = account.confirmed;  // told of the change, as they get mail
  auto addresses = addresses_or_sender(c.words, r);
  accounts_.set_addresses(account, addresses);
  account = *accounts_.find_by_id(account.id);
  out.summary = "changed addresses of " + c.userid;
  std::string text = "The addresses of " + c.userid + " are now:\n    " + join(addresses, "\n    ") + "\n";
  const auto requests = request_confirmations(account, addresses, r, text, out);
  text += (requests.notes.empty() ? "" : "\n" + requests.notes) + "\nMail about your games goes to the confirmed ones.\n";
  Reply reply = to_sender(r, "Addresses changed", text);
  if (requests.code_in_welcome) reply.kind = MailKind::Confirmation;
  out.replies.push_back(reply);
  notify_old_addresses(old_addresses, r.sender, config_.server.name, c.userid, "addresses", r, out);
}

void CommandProcessor::signoff(const Command& c, const Request& r, Outcome& out) {
  Account account = authenticated(c, out);
  if (!account.active) throw CommandError(c.userid + " has already signed off");
  accounts_.deactivate(account);
  out.summary = "signed off " + c.userid;
  out.replies.push_back(to_sender(r, "Signed off",
                                  c.userid + " has signed off. Your games stay on record and you can still\n"
                                             "finish them, but nobody can challenge you to new games.\n"));
}

void CommandProcessor::list(const Command& c, const Request& r, Outcome& out) {
  std::string text = "Games played on " + config_.server.name + ":\n";
  for (const auto& type : game_types()) {
    if (!c.words.empty() && std::find(c.words.begin(), c.words.end(), type.name) == c.words.end()) continue;
    text += "\n" + type.name + " - " + type.summary + "\n  options:\n";
    for (const auto& option : type.options)
      text += "    -" + option.name + (option.takes_integer ? "=<n>" : "") + "  " + option.help + "\n";
  }
  for (const std::string& word : c.words)
    if (!find_game_type(word)) text += "\nThere is no game '" + word + "' here.\n";
  out.replies.push_back(to_sender(r, "Games on this server", text));
}

void CommandProcessor::message(const Command& c, const Request& r, Outcome& out) {
  Account sender = authenticated(c, out);
  std::vector<std::string> userids;  // each named once, in the order given
  for (const std::string& userid : c.words)
    if (std::find(userids.begin(), userids.end(), userid) == userids.end()) userids.push_back(userid);
  if (static_cast<int>(userids.size()) > config_.limits.message_recipients)
    throw CommandError("a message may go to at most " + std::to_string(config_.limits.message_recipients) +
                           " userids, not " + std::to_string(userids.size()),
                       command_usage(Verb::Message));
  std::vector<Account> recipients;
  for (const std::string& userid : userids) recipients.push_back(existing_account(userid));
  std::vector<std::string> addresses, reached, unreachable;
  for (const Account& to : recipients) {
    (to.confirmed.empty() ? unreachable : reached).push_back(to.userid);
    addresses.insert(addresses.end(), to.confirmed.begin(), to.confirmed.end());
  }
  check_relay_limits(sender, addresses);
  std::string body = r.body.empty() ? "(the message was empty)" : r.body;
  for (const Account& to : recipients) {
    for (const std::string& address : to.confirmed) {
      Reply reply;
      reply.to = address;
      reply.subject = "Message from " + sender.userid;
      reply.text = "Message from " + sender.userid + " (reply with: message " + to.userid + " <password> " +
                   sender.userid + "):\n\n" + body + "\n";
      reply.kind = MailKind::Relay;
      reply.relayed_by = sender.id;
      out.replies.push_back(reply);
    }
  }
  out.summary = "message from " + sender.userid + " to " + join(reached, ", ");
  std::string text = reached.empty() ? "Your message was sent to nobody.\n"
                                     : "Your message was sent to " + join(reached, ", ") + ".\n";
  if (!unreachable.empty())
    text += "Not sent to " + join(unreachable, ", ") + ": no confirmed address yet.\n";
  out.replies.push_back(to_sender(r, "Message sent", text));
}

void CommandProcessor::all_show(const Command& c, const Request& r, Outcome& out) {
  Account account = existing_account(c.userid);
  std::string filter = c.words.empty() ? "all" : c.words.front();
  if (filter != "all" && filter != "next" && filter != "active")
    throw CommandError("'" + filter + "' is not a filter: use next or active", command_usage(Verb::AllShow));
  std::string text;
  for (const GameRecord& record : records_.list("", {account.id})) {
    if (filter != "all" && !record.active) continue;
    auto game = records_.replay(record);
    auto users = userids_by_colour(record, *game);
    if (filter == "next" && (game->over() || record.aborted_by || users[static_cast<std::size_t>(game->to_move())] != account.userid))
      continue;
    text += "  " + record.type + " #" + std::to_string(record.id) + "  " + users[0] + " (" +
            std::string(game->colour_name(0)) + ") vs " + users[1] + " (" + std::string(game->colour_name(1)) +
            "), " + std::to_string(game->ply_count()) + " moves, ";
    if (record.aborted_by) text += "aborted by " + *record.aborted_by + "\n";
    else if (game->winner()) text += users[static_cast<std::size_t>(*game->winner())] + " won\n";
    else text += users[static_cast<std::size_t>(game->to_move())] + " to move\n";
  }
  if (text.empty()) text = "  (none)\n";
  out.replies.push_back(to_sender(r, "Games of " + account.userid,
                                  "Games of " + account.userid + " (" + filter + "):\n" + text));
}

}  // namespace pbem::server
