#include "server/handlers/mail_allowance.h"

#include "mail/address.h"

namespace pbem::server {

MailAllowance::MailAllowance(const std::string& sender, bool dmarc_failed)
    : own_mailbox_(mail::canonical_mailbox(sender)), dmarc_failed_(dmarc_failed) {}

std::map<std::string, int> MailAllowance::mails_to_others(const Outcome& out) const {
  std::map<std::string, int> counts;
  if (out.credential_accepted) return counts;
  for (const Reply& reply : out.replies)
    if (const std::string mailbox = mail::canonical_mailbox(reply.to); mailbox != own_mailbox_) ++counts[mailbox];
  return counts;
}

void MailAllowance::check(const Outcome& out) const {
  // Asked of each command as it is carried out, so each line of a `multiple` is refused
  // alone, wherever it stands, and those with a password are carried out.
  if (dmarc_failed_ && !out.credential_accepted)
    throw CommandError("your mail failed the DMARC check of the server's mail system: its From address does not "
                       "prove who sent it, and this command rests on nothing else (no password, no game address). "
                       "Send it straight from your mail provider, not through a forwarder");
  for (const auto& [mailbox, count] : mails_to_others(out)) {
    const auto before = sent_to_others_.find(mailbox);
    if ((before == sent_to_others_.end() ? 0 : before->second) + count > kMailsToOthers)
      // The address is not named: that would tell a stranger whose address it is.
      throw CommandError(Refusal::limit,
                         "a mail without a password may cause at most " + std::to_string(kMailsToOthers) +
                             " mails to any one address other than the sender's, and this command would send one "
                             "more. Send it in a mail of its own");
  }
}

void MailAllowance::spend(const Outcome& out) {
  for (const auto& [mailbox, count] : mails_to_others(out)) sent_to_others_[mailbox] += count;
  account_created_ = account_created_ || out.created_account;
  address_notice_sent_ = address_notice_sent_ || out.sent_address_notice;
}

std::string MailAllowance::over_budget_reason(std::size_t budget_bytes) {
  return "the mail this command must send its players does not fit in the " + std::to_string(budget_bytes / 1024) +
         " KiB that one mail without a password may cause in all, with what the lines before it sent. "
         "Send it in a mail of its own, or with a password";
}

}  // namespace pbem::server
