// What one inbound mail may still cause to be sent (spec: "Limits, second round"), kept
// while its commands run one after another (a `multiple`'s lines, a digest reply's lines).
// The pipeline asks it about each command before the command is kept (its Admission), and
// handlers read what earlier commands of the mail used (Request::allowance).
#pragma once

#include <map>
#include <string>

#include "server/play/outcome.h"

namespace pbem::server {

class MailAllowance {
 public:
  // A command whose only authority is the From address (no valid password, no game
  // address) sends any one mailbox other than the sender's own at most this many mails,
  // counted over the whole inbound mail: a forged mail cannot bury a stranger in games.
  static constexpr int kMailsToOthers = 3;

  // `sender`: where replies to the mail go (Reply-To or From), the one mailbox it owns.
  // `dmarc_failed`: the operator's mail system found the mail fails DMARC (mail.authserv_id),
  // so its From proves nothing: every command that rests on it alone is refused.
  explicit MailAllowance(const std::string& sender, bool dmarc_failed = false);

  // Throws CommandError when `out`, a command the handler carried out, would pass a limit
  // of this mail.
  void check(const Outcome& out) const;
  // Counts what a kept command sent and used.
  void spend(const Outcome& out);

  bool account_created() const { return account_created_; }
  bool address_notice_sent() const { return address_notice_sent_; }

  // The reason a command is refused when the mail it owes does not fit the budget of a mail
  // without a password (reply_queue.h).
  static std::string over_budget_reason(std::size_t budget_bytes);

 private:
  // Mails of From-only commands to each canonical mailbox but the sender's.
  std::map<std::string, int> mails_to_others(const Outcome& out) const;

  std::string own_mailbox_;
  bool dmarc_failed_;
  std::map<std::string, int> sent_to_others_;
  bool account_created_ = false;
  bool address_notice_sent_ = false;
};

}  // namespace pbem::server
