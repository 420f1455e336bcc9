// The words of the operator's acts and of the players' reports (spec "The operator,
// second round"; docs/operating.md "Moderation"): what a suspended player reads, the
// mails a void or an adjudication sends both players, a report as the operator reads it,
// and an announcement's frame with the line that turns announcements off.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/play/operator_verdict.h"
#include "server/mailing/reply_format.h"
#include "server/play/outcome.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/moderation.h"

namespace pbem::server {

// "alice is suspended by the server's operator until 2027-01-05 10:00 UTC: <reason>. ...":
// the refusal of any command but help, export and delete.
std::string suspended_refusal(const std::string& userid, const Suspension& suspension);
// The mail to a suspended account, and to one whose suspension was lifted.
Reply suspension_notice(const std::string& userid, const Suspension& suspension);
Reply suspension_lifted_notice(const std::string& userid);

// The mail to each player of a game voided or adjudicated by the operator, with the reason.
Reply verdict_notice(const Verdict& verdict, const std::string& reason);

// The mail to server.operator: `reporter` reports `reported` (in `game`, if named), with
// the report's text as written.
Reply report_to_operator(const Account& reporter, const Account& reported, const std::optional<GameRecord>& game,
                         const std::string& report);
// The reporter's acknowledgement, and the refusals of a report.
ReplyWords report_acknowledged(const std::string& reported);
std::string report_refused_no_operator();
std::string report_refused_once_a_day(const std::string& reported);
std::string report_refused_too_long(std::size_t limit);
std::string report_refused_empty();
std::string report_refused_about_self();

// An announcement's text to one account: the operator's body and how to stop them.
std::string announcement_text(const std::string& body, const std::string& userid);
// The answer to `set ... announcements on|off`.
std::string announcements_set_text(bool on);
// The confirmation of `announcements off` by a mail to its unsubscribe address.
Reply announcements_off_notice(const std::string& userid);

}  // namespace pbem::server
