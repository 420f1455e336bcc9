// What one inbound mail may still cause to be sent (spec "Limits, second round" and "Limits,
// third round: no game on a From header"), kept while its commands run one after another (a
// `multiple`'s lines, a digest reply's lines). The pipeline asks it about each command
// before the command is kept (its Admission), and handlers read what earlier commands of
// the mail used (Request::allowance).
#pragma once

#include <map>
#include <string>

#include "server/play/outcome.h"

namespace pbem::server {

// What the pipeline knows of an inbound mail that bounds what it may cause.
struct AllowanceOfMail {
  std::string sender;  // where replies to the mail go (Reply-To or From)
  // The operator's mail system found the mail fails DMARC (mail.authserv_id): its From
  // proves nothing, so every command that rests on it alone is refused.
  bool dmarc_failed = false;
  // With mail.authserv_id set, a From holding anything but exactly one mailbox: DMARC
  // checked (at most) one of them, so the From proves nothing either.
  bool from_not_one_mailbox = false;
  // The answers of its commands are gathered into one mail to the sender (a `multiple`,
  // pipeline/multiple.h), which counts as one of the mails to that mailbox.
  bool answers_gathered = false;
};

class MailAllowance {
 public:
  // A mail whose commands rest on its From address alone (no valid password, game or
  // digest address) causes at most this many mails to any one mailbox, the sender's own
  // included, and posts at most this many invitations and open invitations in all.
  static constexpr int kMailsPerMailbox = 3;
  static constexpr int kInvitations = 3;

  explicit MailAllowance(AllowanceOfMail mail);

  // Admits `out`, a command the handler carried out, within the limits of this mail:
  // throws CommandError when its owed mail or its invitations would pass them, and moves
  // an answer that would be one mail too many into the gathered answer (a `multiple`).
  void admit(Outcome& out) const;
  // Counts what a kept command sent and used.
  void spend(const Outcome& out);

  bool account_created() const { return account_created_; }
  bool address_notice_sent() const { return address_notice_sent_; }
  bool reset_code_sent() const { return reset_code_sent_; }
  // Whether one more mail to `address` resting on the From alone would still be admitted:
  // `forgot` mails its codes only then, so that its answer never depends on whether they
  // went (a refusal would tell a stranger the account has an address).
  bool has_room_for(const std::string& address) const;

  // The reason a command is refused when the mail it owes does not fit the budget of a mail
  // without a password (reply_queue.h).
  static std::string over_budget_reason(std::size_t budget_bytes);

 private:
  // The mails of a command resting on the From alone, by canonical mailbox; what goes
  // into the gathered answer is not one of them.
  std::map<std::string, int> mails_by_mailbox(const Outcome& out) const;
  int already_sent_to(const std::string& mailbox) const;

  AllowanceOfMail mail_;
  std::string own_mailbox_;
  std::map<std::string, int> sent_;
  int invitations_ = 0;
  bool account_created_ = false;
  bool address_notice_sent_ = false;
  bool reset_code_sent_ = false;
};

}  // namespace pbem::server
