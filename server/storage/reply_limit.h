// The per-address reply limit: stops a mail loop with another robot. Only replies to
// commands (kind reply: errors, help, show ...) count; board, relayed and confirmation mail
// never does. The first reply over the limit in an hour is replaced by one short notice,
// so a player is never left wondering why the server went quiet.
#pragma once

#include <chrono>
#include <string>

#include "server/storage/database.h"

namespace pbem::server {

enum class ReplyDecision {
  Send,        // under the limit
  SendNotice,  // over it, and no notice went out this hour: send the notice instead
  Drop,        // over it, notice already sent
};

class ReplyLimit {
 public:
  ReplyLimit(Database& db, int replies_per_hour) : db_(db), replies_per_hour_(replies_per_hour) {}
  ReplyDecision decide(const std::string& recipient, std::chrono::system_clock::time_point now) const;

  static constexpr const char* kNoticeSubject = "Further replies this hour are not answered";
  static constexpr const char* kNoticeText =
      "You have sent many commands that got error or help replies; further ones\n"
      "this hour are not answered. (This stops mail loops with other robots.)\n"
      "Moves and game mail are not affected.\n";

 private:
  Database& db_;
  int replies_per_hour_;
};

}  // namespace pbem::server
