// `forgot userid` and `reset userid code newpassword` (spec "Accounts you cannot lose, and
// can leave"; docs/commands.md "Your account"): a code mailed only to the account's
// confirmed addresses, at most kCodesPerDay a day, and the same answer to the sender
// whoever they are and whether or not the account exists; the code sets a new password as
// `change password` does. Neither the code nor the new password is quoted by a reply or
// the log (the command table masks both, and no text here repeats them but the code mail).
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "mail/address.h"
#include "server/handlers/account_code_mail.h"
#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/context/mail_allowance.h"
#include "server/handlers/answer.h"
#include "server/replies/account_code_replies.h"
#include "server/storage/account_codes.h"
#include "server/storage/outbox.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

bool same_mailbox(const std::string& one, const std::string& other) {
  return mail::canonical_mailbox(one) == mail::canonical_mailbox(other);
}

// Why no code goes to `account`'s confirmed addresses now, or "" when one may. Every reason
// is silent: the sender's answer is the same either way. Only the log line names it.
std::string no_code_because(CommandContext& ctx, const Account& account, std::chrono::system_clock::time_point now) {
  if (account.computer || account.confirmed.empty()) return "no confirmed address";
  if (AccountCodes(ctx.db).issued_since(account.id, CodePurpose::reset, now - std::chrono::hours(24)) >= kCodesPerDay)
    return std::to_string(kCodesPerDay) + " codes in the last 24 hours already";
  if (const MailAllowance* allowance = ctx.request.allowance) {
    // One round per inbound mail, and none the mail's budget of mail to each address would
    // refuse: a refusal would tell the sender the account has an address.
    if (allowance->reset_code_sent()) return "this mail had a code mailed already";
    for (const std::string& address : account.confirmed)
      if (!allowance->has_room_for(address)) return "this mail's mails to an address of the account are used up";
  }
  // The server-wide hourly cap on confirmation mail, which reset codes are.
  const int per_hour = ctx.config.limits.confirmations_per_hour;
  if (Outbox(ctx.db).count_since(MailKind::Confirmation, now - std::chrono::hours(1)) +
          static_cast<int>(account.confirmed.size()) >
      per_hour)
    return "the server's " + std::to_string(per_hour) + " confirmation mails an hour are used up";
  return "";
}

}  // namespace

bool mail_code(CommandContext& ctx, const Account& account, CodePurpose purpose, const std::string& code,
               std::chrono::system_clock::time_point now) {
  bool sender_has_code = false;
  const ReplyWords words = account_code_mail(purpose, ctx.config.server.name, account.userid,
                                             mail::shown_address(ctx.request.from), code,
                                             readable_utc(now + AccountCodes::kValidFor));
  for (const std::string& address : account.confirmed) {
    Reply mail;
    mail.to = address;
    mail.subject = words.subject;
    mail.text = words.text;
    // A confirmation: never held back by the reply limit, and its text (the code) goes
    // from the outbox once it is delivered.
    mail.kind = MailKind::Confirmation;
    if (same_mailbox(address, ctx.request.sender)) {
      mail.to_sender = true;  // the sender's own address: this is its answer, threaded so
      sender_has_code = true;
    }
    ctx.out.replies.push_back(std::move(mail));
  }
  return sender_has_code;
}

namespace handlers {

void forgot(CommandContext& ctx, const Command& c) {
  const auto now = std::chrono::system_clock::now();
  const auto account = ctx.accounts.find(c.userid);
  const std::string why_not = account ? no_code_because(ctx, *account, now) : "no such account";
  bool sender_has_code = false;
  if (why_not.empty()) {
    const std::string code = AccountCodes(ctx.db).issue(account->id, CodePurpose::reset, now);
    sender_has_code = mail_code(ctx, *account, CodePurpose::reset, code, now);
    ctx.out.sent_reset_code = true;
  }
  ctx.out.summary = "forgot " + c.userid + ": " +
                    (why_not.empty() ? "a reset code mailed to " + std::to_string(account->confirmed.size()) +
                                           (account->confirmed.size() == 1 ? " address" : " addresses")
                                     : "no code mailed (" + why_not + ")");
  // The owner asking from one of its addresses gets the code mail only; anyone else this.
  if (!sender_has_code) answer(ctx, forgot_reply(ctx.config.server.name));
}

void reset_password(CommandContext& ctx, const Command& c) {
  const auto now = std::chrono::system_clock::now();
  auto account = ctx.accounts.find(c.userid);
  // One refusal for an unknown userid and a wrong code alike.
  if (!account || !AccountCodes(ctx.db).redeem(account->id, CodePurpose::reset, c.password, now))
    throw CommandError(refusal_text(code_refusal::WrongResetCode{}));
  // Only the code's owner learns of a suspension; the refusal rolls the code's use back.
  ctx.refuse_if_suspended(c, *account);
  ctx.accounts.set_password(*account, c.new_password);
  ctx.out.summary = "reset the password of " + c.userid;
  answer(ctx, reset_done_reply(c.userid));
  // Every confirmed address hears of it (the sender's own has the answer above). Not
  // `limited`: a security notice is never held back by the reply limit.
  const ReplyWords notice_words =
      reset_notice(ctx.config.server.name, c.userid, now_iso8601(), mail::shown_address(ctx.request.from));
  for (const std::string& address : account->confirmed) {
    if (same_mailbox(address, ctx.request.sender)) continue;
    Reply notice;
    notice.to = address;
    notice.kind = MailKind::Notice;
    notice.subject = notice_words.subject;
    notice.text = notice_words.text;
    ctx.out.replies.push_back(std::move(notice));
  }
}

}  // namespace handlers
}  // namespace pbem::server
