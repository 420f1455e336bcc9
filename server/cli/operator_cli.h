// The operator's commands on accounts and games (issue 58; docs/operating.md
// "Moderation"): `pbem suspend USERID --reason TEXT [--days N]`, `pbem unsuspend USERID
// [--reason TEXT]`, `pbem void N --reason TEXT`, `pbem adjudicate N USERID --reason TEXT`
// and `pbem audit`. Each act is one transaction holding its change, its mail to the
// players (through the outbox) and its row in the audit table, with the operator's login
// name; the acts themselves are handlers/operator_acts.*.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "server/support/config.h"

namespace pbem::server {

// 0 when done; 1 when refused (nothing changed: no such user or game, a verdict that does
// not apply); 64 for bad arguments; 75 when the database was busy.
int run_suspend(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_unsuspend(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_void(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_adjudicate(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `pbem announce --subject TEXT < body`: queues one mail per confirmed address of every
// account with announcements on (handlers/announcement.h), paced by the sender.
int run_announce(const Config& config, const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                 std::ostream& err);
// Every audit row, oldest first, one a line: time, operator, action, whom, reason.
int run_audit(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Who runs this process: the login name (getlogin, which sudo keeps), else the effective
// user's name.
std::string operator_login_name();

}  // namespace pbem::server
