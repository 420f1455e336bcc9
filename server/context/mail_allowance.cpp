#include "server/context/mail_allowance.h"

#include "mail/address.h"
#include "server/replies/check_replies.h"

namespace pbem::server {

MailAllowance::MailAllowance(AllowanceOfMail mail)
    : mail_(std::move(mail)), own_mailbox_(mail::canonical_mailbox(mail_.sender)) {
  // The gathered answer of a `multiple` always goes: one of the sender's mails.
  if (mail_.answers_gathered) sent_[own_mailbox_] = 1;
}

std::map<std::string, int> MailAllowance::mails_by_mailbox(const Outcome& out) const {
  std::map<std::string, int> counts;
  if (out.credential_accepted) return counts;
  for (const Reply& reply : out.replies)
    if (!(mail_.answers_gathered && goes_into_gathered_answer(reply))) ++counts[mail::canonical_mailbox(reply.to)];
  return counts;
}

int MailAllowance::already_sent_to(const std::string& mailbox) const {
  const auto before = sent_.find(mailbox);
  return before == sent_.end() ? 0 : before->second;
}

bool MailAllowance::has_room_for(const std::string& address) const {
  return already_sent_to(mail::canonical_mailbox(address)) < kMailsPerMailbox;
}

void MailAllowance::admit(Outcome& out) const {
  // Asked of each command as it is carried out, so each line of a `multiple` is refused
  // alone, wherever it stands, and those with a password are carried out.
  if (out.credential_accepted) return;
  if (mail_.dmarc_failed)
    throw CommandError(refusal_text(check_refusal::DmarcFailed{}));
  if (mail_.from_not_one_mailbox)
    throw CommandError(refusal_text(check_refusal::FromNotOneMailbox{}));
  if (invitations_ + out.invitations_posted > kInvitations)
    throw CommandError(Refusal::limit, refusal_text(check_refusal::InvitationsPerMail{kInvitations}));
  // An answer that would be one mail too many goes into the gathered answer instead (its
  // board as text, without a picture); owed mail cannot, so its command is refused.
  std::map<std::string, int> counted;
  for (Reply& reply : out.replies) {
    if (mail_.answers_gathered && goes_into_gathered_answer(reply)) continue;
    const std::string mailbox = mail::canonical_mailbox(reply.to);
    if (already_sent_to(mailbox) + counted[mailbox] < kMailsPerMailbox) {
      ++counted[mailbox];
      continue;
    }
    if (mail_.answers_gathered && !is_owed(reply) && reply.to_sender) {
      gather_into_answer(reply);
      continue;
    }
    // The address is not named: that would tell a stranger whose address it is.
    throw CommandError(Refusal::limit, refusal_text(check_refusal::MailsPerMailbox{kMailsPerMailbox}));
  }
}

void MailAllowance::spend(const Outcome& out) {
  for (const auto& [mailbox, count] : mails_by_mailbox(out)) sent_[mailbox] += count;
  if (!out.credential_accepted) invitations_ += out.invitations_posted;
  account_created_ = account_created_ || out.created_account;
  address_notice_sent_ = address_notice_sent_ || out.sent_address_notice;
  reset_code_sent_ = reset_code_sent_ || out.sent_reset_code;
}

std::string MailAllowance::over_budget_reason(std::size_t budget_bytes) {
  return refusal_text(check_refusal::MailBudget{budget_bytes / 1024});
}

}  // namespace pbem::server
