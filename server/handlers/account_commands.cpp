// Account commands: signup, confirm, change, signoff, list, message, all show.
#include <algorithm>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "mail/text_wrap.h"
#include "server/support/clock.h"
#include "server/play/challenge_options.h"
#include "server/handlers/command_context.h"
#include "server/handlers/digest.h"
#include "server/handlers/mail_allowance.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/invitation_text.h"
#include "server/mailing/moderation_text.h"
#include "server/mailing/reply_format.h"
#include "server/ratings/rating_text.h"
#include "server/storage/game_invitations.h"
#include "server/storage/game_listings.h"

namespace pbem::server {

namespace {

// Accounts one canonical sender mailbox may make in 24 hours (spec: "Limits, second round").
constexpr int kAccountsPerMailboxPerDay = 3;

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
                  now_iso8601() + " (UTC) by a mail from " + mail::shown_address(r.from) + ".\n\n" +
                  "If this was you, nothing needs to be done.\n\n"
                  "If this was not you, someone else knows your password and may now control\n"
                  "your account: reply to this mail or contact the operator of " + server_name + ".\n";
    out.replies.push_back(notice);
  }
}

}  // namespace

namespace handlers {

void signup(CommandContext& ctx, const Command& c) {
  if (ctx.accounts.find(c.userid))
    throw CommandError("the userid '" + c.userid + "' is taken; choose another", CommandContext::usage(c));
  // "any" stands for anyone in a challenge (an open invitation): never a userid.
  if (c.userid == kAnyone)
    throw CommandError("the userid 'any' stands for anyone in a challenge; choose another", CommandContext::usage(c));
  // Kept for the computer opponent, whose account is made when it is first challenged.
  if (c.userid == ctx.config.bot.userid)
    throw CommandError("the userid '" + c.userid + "' is the computer opponent's; choose another",
                       CommandContext::usage(c));
  // A flood of signups cannot take userids by the dozen or spend the server's hourly
  // confirmation requests: one account per mail, three a day per sending mailbox.
  if (ctx.request.allowance && ctx.request.allowance->account_created())
    throw CommandError(Refusal::limit, "one mail creates at most one account: send each signup in a mail of its own");
  const std::string mailbox = mail::canonical_mailbox(ctx.request.from);
  if (ctx.accounts.signups_since(mailbox, iso8601(std::chrono::system_clock::now() - std::chrono::hours(24))) >=
      kAccountsPerMailboxPerDay)
    throw CommandError(Refusal::limit, "this address has made " + std::to_string(kAccountsPerMailboxPerDay) +
                       " accounts in the last 24 hours, the most allowed; try again tomorrow");
  auto addresses = ctx.addresses_or_sender(c.words);
  Account account = ctx.accounts.create(c.userid, c.password, addresses, mailbox);
  ctx.out.created_account = true;
  ctx.out.summary = "signed up " + c.userid;
  std::string welcome = "Welcome to " + ctx.config.server.name + ", " + c.userid + ".\n\n" +
                        "Your account is made. Mail about your games will go to these addresses\n"
                        "once each is confirmed:\n    " +
                        join(addresses, "\n    ") + "\n";
  const auto requests = ctx.request_confirmations(account, addresses, welcome);
  welcome += (requests.notes.empty() ? "" : "\n" + requests.notes) +
             "\nKeep your password safe: it is needed for every move and is never mailed back.\n\n" +
             "To start a game, challenge another player, e.g.\n    hy3 challenge " + c.userid +
             " <their userid>\nSend `help tutorial` for a walk-through.\n";
  Reply reply = ctx.to_sender("Welcome, " + c.userid, welcome);
  // The reply carrying the sender's own code is a confirmation request, whatever else it says;
  // without a code it is an ordinary reply and counts against the reply limit.
  if (requests.code_in_welcome) reply.kind = MailKind::Confirmation;
  ctx.out.replies.push_back(reply);
}

void confirm(CommandContext& ctx, const Command& c) {
  Account account = ctx.existing_account(c.userid);
  auto address = ctx.confirmations.confirm(account.id, c.password);
  if (!address)
    throw CommandError("that code does not confirm any address of " + c.userid +
                       " (it may be mistyped, used already, or expired: `change address` sends a new one)");
  ctx.out.summary = "confirmed " + *address + " for " + c.userid;
  ctx.out.replies.push_back(ctx.to_sender("Address confirmed", *address + " is confirmed for " + c.userid +
                                                                   ":\nmail about your games now goes there.\n"));
}

void change_password(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  ctx.accounts.set_password(account, c.new_password);
  ctx.out.summary = "changed password of " + c.userid;
  ctx.out.replies.push_back(ctx.to_sender("Password changed", "The password of " + c.userid + " has been changed.\n"));
  notify_old_addresses(account.confirmed, ctx.request.sender, ctx.config.server.name, c.userid, "password", ctx.request, ctx.out);
}

void change_address(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  const std::vector<std::string> old_addresses = account.confirmed;  // told of the change, as they get mail
  auto addresses = ctx.addresses_or_sender(c.words);
  ctx.accounts.set_addresses(account, addresses);
  account = *ctx.accounts.find_by_id(account.id);
  ctx.out.summary = "changed addresses of " + c.userid;
  std::string text = "The addresses of " + c.userid + " are now:\n    " + join(addresses, "\n    ") + "\n";
  const auto requests = ctx.request_confirmations(account, addresses, text);
  text += (requests.notes.empty() ? "" : "\n" + requests.notes) + "\nMail about your games goes to the confirmed ones.\n";
  Reply reply = ctx.to_sender("Addresses changed", text);
  if (requests.code_in_welcome) reply.kind = MailKind::Confirmation;
  ctx.out.replies.push_back(reply);
  notify_old_addresses(old_addresses, ctx.request.sender, ctx.config.server.name, c.userid, "addresses", ctx.request, ctx.out);
}

void signoff(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  if (!account.active) throw CommandError(c.userid + " has already signed off");
  ctx.accounts.deactivate(account);
  // Nothing may start for a signed-off account: its invitations, either way, end now.
  const int invitations = end_invitations_of(ctx, account, "signed off");
  // Each kind of competition takes them out as it must (play/competitions.h).
  std::vector<LeftCompetition> left;
  for (const auto& kind : ctx.competitions.kinds()) {
    const auto of_kind = kind->on_signoff(ctx, account);
    left.insert(left.end(), of_kind.begin(), of_kind.end());
  }
  ctx.out.summary = "signed off " + c.userid;
  ctx.out.replies.push_back(ctx.to_sender(
      "Signed off", c.userid + " has signed off. Your games stay on record and you can still\n"
                               "finish them, but nobody can challenge you to new games.\n" +
                               (invitations ? "Your " + std::to_string(invitations) +
                                                  " invitation(s) waiting for an answer ended.\n"
                                            : "") +
                               signoff_lines(left)));
}

void list(CommandContext& ctx, const Command& c) {
  std::string text = "Games played on " + ctx.config.server.name + ":\n";
  const std::vector<std::string> asked = each_once(c.words);
  for (const auto& type : game_types()) {
    if (!asked.empty() && std::find(asked.begin(), asked.end(), type.name) == asked.end()) continue;
    text += "\n" + type.name + " - " + type.summary + "\n  options:\n" + option_lines(type, "    ", "  ") +
            server_option_lines("    ", "  ");
  }
  Listing unknown;
  for (const std::string& word : asked)
    if (!find_game_type(word)) unknown.add(quoted_word(word));
  if (!unknown.empty()) text += "\nThere is no such game here:\n" + unknown.text("  ", "");
  ctx.out.replies.push_back(ctx.to_sender("Games on this server", mail::wrap_text(text)));
}

void message(CommandContext& ctx, const Command& c) {
  Account sender = ctx.authenticated(c);
  std::vector<std::string> userids;  // each named once, in the order given
  for (const std::string& userid : c.words)
    if (std::find(userids.begin(), userids.end(), userid) == userids.end()) userids.push_back(userid);
  if (static_cast<int>(userids.size()) > ctx.config.limits.message_recipients)
    throw CommandError(Refusal::limit,
                       "a message may go to at most " + std::to_string(ctx.config.limits.message_recipients) +
                           " userids, not " + std::to_string(userids.size()),
                       CommandContext::usage(c));
  std::vector<Account> recipients;
  for (const std::string& userid : userids) recipients.push_back(ctx.existing_account(userid));
  for (const Account& to : recipients) refuse_if_blocked(ctx, to, sender);
  std::vector<std::string> reached, unreachable;
  for (const Account& to : recipients) (to.confirmed.empty() ? unreachable : reached).push_back(to.userid);
  std::string body = ctx.request.body.empty() ? "(the message was empty)" : ctx.request.body;
  for (const Account& to : recipients) {
    for (const std::string& address : to.confirmed) {
      Reply reply;
      reply.to = address;
      reply.subject = "Message from " + sender.userid;
      reply.text = "Message from " + sender.userid + " (reply with: message " + to.userid + " <password> " +
                   sender.userid + "):\n\n" + body + "\n";
      reply.kind = MailKind::Relay;
      reply.relayed_by = sender.id;
      ctx.out.replies.push_back(reply);
    }
  }
  ctx.out.summary = "message from " + sender.userid + " to " + join(reached, ", ");
  std::string text = reached.empty() ? "Your message was sent to nobody.\n"
                                     : "Your message was sent to " + join(reached, ", ") + ".\n";
  if (!unreachable.empty())
    text += "Not sent to " + join(unreachable, ", ") + ": no confirmed address yet.\n";
  ctx.out.replies.push_back(ctx.to_sender("Message sent", text));
}

// How many of a player's open invitations `all show` lists (the limits on invitations keep
// them fewer).
constexpr int kOpenInvitationsListed = 20;

void all_show(CommandContext& ctx, const Command& c) {
  Account account = ctx.existing_account(c.userid);
  std::string filter = c.words.empty() ? "all" : c.words.front();
  if (filter != "all" && filter != "next" && filter != "active")
    throw CommandError(quoted_word(filter) + " is not a filter: use next or active", CommandContext::usage(c));
  // The first hundred by number and a count, from stored columns: no game is replayed.
  GameSelection selection{{account.id}, {}, std::nullopt, filter == "next"};
  if (filter == "active") selection.active = true;
  for (const auto& type : game_types()) selection.types.push_back(type.name);
  const GameListings listings(ctx.db);
  const std::vector<GameRecord> records = listings.selected(selection, static_cast<int>(Listing::kMaxLines));
  Listing lines;
  for (const GameRecord& record : records) {
    const auto users = userids_by_colour(record);
    const auto colours = colour_names(record);
    lines.add(record.type + " #" + std::to_string(record.id) + "  " + users[0] + " (" + colours[0] + ") vs " +
              users[1] + " (" + colours[1] + "), " + std::to_string(record.plies) + " moves, " + game_state(record));
  }
  lines.add_unshown(static_cast<std::size_t>(listings.count_selected(selection)) - records.size());
  std::string text = lines.text("  ", "(none)");
  // Their open invitations, public as they are (the front page lists them); the ones to
  // or from one player stay between those two.
  if (filter != "next") {
    Listing open;
    for (const GameRecord& record : GameInvitations(ctx.db).open_invitations_by(account.id, kOpenInvitationsListed))
      open.add(own_open_invitation_line(record));
    if (!open.empty()) text += "\nOpen invitations:\n" + open.text("  ", "");
  }
  std::string ratings;
  for (const auto& type : game_types())
    if (auto rating = ctx.ratings.find(type.name, account.id))
      ratings += "  " + standings_text(type.name, 6, rating->rating, rating->games, rating->wins, rating->losses) + "\n";
  if (!ratings.empty()) text += "\nRatings:\n" + ratings;
  ctx.out.replies.push_back(ctx.to_sender("Games of " + account.userid,
                                  "Games of " + account.userid + " (" + filter + "):\n" + text));
}

void set_setting(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  if (c.words.at(0) == "digest") return set_digest(ctx, account, c.words.at(1));
  if (c.words.at(0) == "movemail") return set_movemail(ctx, account, c.words.at(1));
  if (c.words.at(0) == "autovacation") return set_autovacation(ctx, account, c.words.at(1));
  if (c.words.at(0) == "messages") {
    const bool on = c.words.at(1) == "on";
    ctx.accounts.set_messages(account, on);
    ctx.out.summary = "messages " + c.words.at(1) + " for " + c.userid;
    ctx.out.replies.push_back(ctx.to_sender(
        "Messages " + c.words.at(1),
        on ? "Other players' `message` and `chat` reach you again.\n"
           : "Other players' `message` and `chat` to you are now refused (\"" + messages_refused(account.userid) +
                 "\"); game mail still comes.\n"));
    return;
  }
  if (c.words.at(0) == "announcements") {
    const bool on = c.words.at(1) == "on";
    ctx.accounts.set_announcements(account, on);
    ctx.out.summary = "announcements " + c.words.at(1) + " for " + c.userid;
    ctx.out.replies.push_back(ctx.to_sender("Announcements " + c.words.at(1), announcements_set_text(on)));
    return;
  }
  if (c.words.at(0) == "challenges") {
    const std::string& value = c.words.at(1);
    ctx.accounts.set_challenges(account, value);
    ctx.out.summary = "challenges " + value + " for " + c.userid;
    ctx.out.replies.push_back(ctx.to_sender(
        "Challenges: " + value,
        value == "auto"   ? "A challenge to you now starts the game at once, with no invitation to answer.\n"
        : value == "none" ? "Every challenge to you is now refused (a rematch too).\n"
                          : "A challenge to you is now an invitation: the game starts when you accept it.\n"));
    return;
  }
  const bool on = c.words.at(1) == "on";
  ctx.accounts.set_pictures(account, on);
  ctx.out.summary = "pictures " + c.words.at(1) + " for " + c.userid;
  ctx.out.replies.push_back(ctx.to_sender(
      "Pictures " + c.words.at(1),
      on ? "Your game mails now show the board as a picture above the text board.\n"
         : "Your game mails now show only the text board (no picture), which keeps them small.\n"));
}

}  // namespace handlers
}  // namespace pbem::server
