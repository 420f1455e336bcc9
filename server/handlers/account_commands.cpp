// Account commands: signup, confirm, change, signoff, list, message, all show.
#include <algorithm>

#include "engine/text.h"
#include "mail/address.h"
#include "server/support/clock.h"
#include "server/context/command_context.h"
#include "server/handlers/digest.h"
#include "server/context/mail_allowance.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/handlers/answer.h"
#include "server/storage/reviews.h"
#include "server/replies/account_replies.h"
#include "server/storage/account_erasure.h"

namespace pbem::server {

namespace {

// Accounts one canonical sender mailbox may make in 24 hours (spec: "Limits, second round").
constexpr int kAccountsPerMailboxPerDay = 3;

// A notice to an account's previous addresses that its password or addresses changed, so a
// takeover cannot go unnoticed. Never quotes the command (it holds the password). Not
// `limited`: a security notice must not be suppressed by the reply limit.
void notify_old_addresses(const std::vector<std::string>& old_addresses, const CommandContext& ctx,
                          const std::string& userid, SecurityChange what, Outcome& out) {
  const ReplyWords words = security_notice(what, ctx.config.server.name, userid, now_iso8601(),
                                           mail::shown_address(ctx.request.from));
  for (const std::string& address : old_addresses) {
    if (address == ctx.request.sender) continue;  // the sender's own confirmation says it
    Reply notice;
    notice.to = address;
    notice.subject = words.subject;
    notice.kind = MailKind::Notice;  // security notices are never held back by the reply limit
    notice.text = words.text;
    out.replies.push_back(notice);
  }
}

}  // namespace

namespace handlers {

void signup(CommandContext& ctx, const Command& c) {
  // An erased account's userid stays taken for ever, in the same words (erased_userids),
  // and `deleted` is what records and the web call an erased player.
  if (ctx.accounts.find(c.userid) || c.userid == kDeletedUserid || AccountErasure(ctx.db).userid_erased(c.userid))
    throw CommandError(refusal_text(account_refusal::UseridTaken{c.userid}), CommandContext::usage(c));
  // "any" stands for anyone in a challenge (an open invitation): never a userid.
  if (c.userid == kAnyone) throw CommandError(refusal_text(account_refusal::UseridAny{}), CommandContext::usage(c));
  // Kept for the computer opponent, whose account is made when it is first challenged.
  if (c.userid == ctx.config.bot.userid)
    throw CommandError(refusal_text(account_refusal::UseridOfComputer{c.userid}), CommandContext::usage(c));
  // A flood of signups cannot take userids by the dozen or spend the server's hourly
  // confirmation requests: one account per mail, three a day per sending mailbox.
  if (ctx.request.allowance && ctx.request.allowance->account_created())
    throw CommandError(Refusal::limit, refusal_text(account_refusal::OneAccountPerMail{}));
  const std::string mailbox = mail::canonical_mailbox(ctx.request.from);
  if (ctx.accounts.signups_since(mailbox, iso8601(std::chrono::system_clock::now() - std::chrono::hours(24))) >=
      kAccountsPerMailboxPerDay)
    throw CommandError(Refusal::limit, refusal_text(account_refusal::AccountsPerDay{kAccountsPerMailboxPerDay}));
  auto addresses = ctx.addresses_or_sender(c.words);
  Account account = ctx.accounts.create(c.userid, c.password, addresses, mailbox);
  ctx.out.created_account = true;
  ctx.out.summary = "signed up " + c.userid;
  std::string welcome = welcome_text(ctx.config.server.name, c.userid, addresses);
  const auto requests = ctx.request_confirmations(account, addresses, welcome);
  Reply& reply = answer(ctx, welcome_reply(c.userid, welcome, requests.notes));
  // The reply carrying the sender's own code is a confirmation request, whatever else it says;
  // without a code it is an ordinary reply and counts against the reply limit.
  if (requests.code_in_welcome) reply.kind = MailKind::Confirmation;
}

void confirm(CommandContext& ctx, const Command& c) {
  Account account = ctx.existing_account(c.userid);
  auto address = ctx.confirmations.confirm(account.id, c.password);
  if (!address) throw CommandError(refusal_text(account_refusal::WrongCode{c.userid}));
  ctx.out.summary = "confirmed " + *address + " for " + c.userid;
  answer(ctx, address_confirmed_reply(*address, c.userid));
}

void change_password(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  ctx.accounts.set_password(account, c.new_password);
  ctx.out.summary = "changed password of " + c.userid;
  answer(ctx, password_changed_reply(c.userid));
  notify_old_addresses(account.confirmed, ctx, c.userid, SecurityChange::Password, ctx.out);
}

void change_address(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  const std::vector<std::string> old_addresses = account.confirmed;  // told of the change, as they get mail
  auto addresses = ctx.addresses_or_sender(c.words);
  ctx.accounts.set_addresses(account, addresses);
  account = *ctx.accounts.find_by_id(account.id);
  ctx.out.summary = "changed addresses of " + c.userid;
  std::string changed = addresses_now_text(c.userid, addresses);
  const auto requests = ctx.request_confirmations(account, addresses, changed);
  Reply& reply = answer(ctx, addresses_changed_reply(changed, requests.notes));
  if (requests.code_in_welcome) reply.kind = MailKind::Confirmation;
  notify_old_addresses(old_addresses, ctx, c.userid, SecurityChange::Addresses, ctx.out);
}

void signoff(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  if (!account.active) throw CommandError(refusal_text(account_refusal::AlreadySignedOff{c.userid}));
  ctx.accounts.deactivate(account);
  // Nothing may start for a signed-off account: its invitations, either way, end now.
  const int invitations = end_invitations_of(ctx, account);
  // Each kind of competition takes them out as it must (play/competitions.h).
  std::vector<LeftCompetition> left;
  for (const auto& kind : ctx.competitions.kinds()) {
    const auto of_kind = kind->on_signoff(ctx, account);
    left.insert(left.end(), of_kind.begin(), of_kind.end());
  }
  ctx.out.summary = "signed off " + c.userid;
  answer(ctx, signed_off_reply(c.userid, invitations, left));
}

void list(CommandContext& ctx, const Command& c) {
  answer(ctx, game_types_reply(ctx.config.server.name, each_once(c.words)));
}

void message(CommandContext& ctx, const Command& c) {
  Account sender = ctx.authenticated(c);
  std::vector<std::string> userids;  // each named once, in the order given
  for (const std::string& userid : c.words)
    if (std::find(userids.begin(), userids.end(), userid) == userids.end()) userids.push_back(userid);
  if (static_cast<int>(userids.size()) > ctx.config.limits.message_recipients)
    throw CommandError(Refusal::limit,
                       refusal_text(account_refusal::TooManyRecipients{ctx.config.limits.message_recipients,
                                                                       userids.size()}),
                       CommandContext::usage(c));
  std::vector<Account> recipients;
  for (const std::string& userid : userids) recipients.push_back(ctx.existing_account(userid));
  for (const Account& to : recipients) refuse_if_blocked(ctx, to, sender);
  std::vector<std::string> reached, unreachable;
  for (const Account& to : recipients) (to.confirmed.empty() ? unreachable : reached).push_back(to.userid);
  for (const Account& to : recipients) {
    const ReplyWords relayed = relayed_message(sender.userid, to.userid, ctx.request.body);
    for (const std::string& address : to.confirmed) {
      Reply reply;
      reply.to = address;
      reply.subject = relayed.subject;
      reply.text = relayed.text;
      reply.kind = MailKind::Relay;
      reply.relayed_by = sender.id;
      ctx.out.replies.push_back(reply);
    }
  }
  ctx.out.summary = "message from " + sender.userid + " to " + join(reached, ", ");
  answer(ctx, message_sent_reply(reached, unreachable));
}

void all_show(CommandContext& ctx, const Command& c) {
  Account account = ctx.existing_account(c.userid);
  std::string filter = c.words.empty() ? "all" : c.words.front();
  if (filter != "all" && filter != "next" && filter != "active")
    throw CommandError(refusal_text(account_refusal::NotAFilter{filter}), CommandContext::usage(c));
  answer(ctx, all_show_reply(ctx.db, account, filter));
}

namespace {
// `set userid password <setting> on|off` for a setting that is only stored: `store` keeps it.
void set_on_off(CommandContext& ctx, const Command& c, const Account& account,
                void (Accounts::*store)(const Account&, bool)) {
  (ctx.accounts.*store)(account, c.words.at(1) == "on");
}
}  // namespace

void set_setting(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  const std::string& setting = c.words.at(0);
  const std::string& value = c.words.at(1);
  if (setting == "digest") return set_digest(ctx, account, value);
  if (setting == "movemail") return set_movemail(ctx, account, value);
  if (setting == "autovacation") return set_autovacation(ctx, account, value);
  if (setting == "messages") set_on_off(ctx, c, account, &Accounts::set_messages);
  else if (setting == "announcements") set_on_off(ctx, c, account, &Accounts::set_announcements);
  else if (setting == "records") set_on_off(ctx, c, account, &Accounts::set_records);
  else if (setting == "board") ctx.accounts.set_board(account, value);
  else if (setting == "reviews") Reviews(ctx.db).set_automatic(account.id, value == "auto");
  else if (setting == "calendar") set_on_off(ctx, c, account, &Accounts::set_calendar);
  else if (setting == "challenges") ctx.accounts.set_challenges(account, value);
  else set_on_off(ctx, c, account, &Accounts::set_pictures);
  ctx.out.summary = setting + " " + value + " for " + c.userid;
  answer(ctx, setting_reply(setting, value, account));
}

}  // namespace handlers
}  // namespace pbem::server
