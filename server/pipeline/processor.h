// Carries out one command for one sender: checks it, changes the database (inside the
// caller's transaction) and returns the replies to send. Knows nothing of MIME or SMTP.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/context/request.h"
#include "server/play/outcome.h"
#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// Carries out one parsed command: finds its row in the command table, checks it and runs
// its handler; a refusal becomes one error reply and nothing else.
class CommandProcessor {
 public:
  // `precheck`: the command's password, verified before the transaction (may be empty).
  // `admission`: called once the handler is done (may be empty).
  CommandProcessor(Database& db, const Config& config, std::optional<PasswordCheck> precheck = std::nullopt,
                   Admission admission = {});
  Outcome handle(const Request& request);

 private:
  Database& db_;
  const Config& config_;
  std::optional<PasswordCheck> precheck_;
  Admission admission_;
};

}  // namespace pbem::server
