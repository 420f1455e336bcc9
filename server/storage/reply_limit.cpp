#include "server/storage/reply_limit.h"

#include "server/storage/outbox.h"

namespace pbem::server {

ReplyDecision ReplyLimit::decide(const std::string& recipient, std::chrono::system_clock::time_point now) const {
  Outbox outbox(db_);
  const auto hour_ago = now - std::chrono::hours(1);
  if (outbox.count_since(recipient, MailKind::Reply, hour_ago) < replies_per_hour_) return ReplyDecision::Send;
  if (outbox.count_since(recipient, MailKind::Notice, hour_ago) == 0) return ReplyDecision::SendNotice;
  return ReplyDecision::Drop;
}

}  // namespace pbem::server
