// The operator's acts on accounts and games (`pbem suspend`, `unsuspend`, `void`,
// `adjudicate`; docs/operating.md "Moderation"), each in one unit of work of its own (no
// mail asked for it), as `pbem clock extend` (clock_extension.h). The CLI checks its
// arguments, opens the transaction, queues the returned mail and writes the audit row in
// it (cli/operator_cli.*).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/play/operator_verdict.h"
#include "server/play/outcome.h"
#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/storage/moderation.h"
#include "server/support/config.h"

namespace pbem::server {

// Suspends `account` (again, with the new terms, if it was) and returns the mail telling it.
std::vector<Reply> suspend_account(Database& db, const Config& config, const Account& account,
                                   const Suspension& suspension);
// Lifts the suspension; nothing when there was none in force (then nothing changed).
std::optional<std::vector<Reply>> unsuspend_account(Database& db, const Config& config, const Account& account);

// A verdict on a game and the mail to both players (none when refused).
struct VerdictMails {
  std::variant<Verdict, VerdictRefusal> result;
  std::vector<Reply> replies;
};
VerdictMails void_by_operator(Database& db, const Config& config, std::int64_t game_id, const std::string& reason);
VerdictMails adjudicate_by_operator(Database& db, const Config& config, std::int64_t game_id, std::int64_t winner,
                                    const std::string& reason);

}  // namespace pbem::server
