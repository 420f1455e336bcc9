#include "server/pipeline/reply_queue.h"

#include <chrono>
#include <stdexcept>

#include "mail/outgoing_message.h"
#include "server/storage/game_records.h"
#include "server/storage/outbox.h"
#include "server/storage/reply_limit.h"
#include "server/support/log.h"

namespace pbem::server {

int queue_replies(Database& db, const Config& config, const std::string& tag, const CommandThread& command,
                  const std::vector<Reply>& replies, const std::string& id_prefix, const std::string& salt,
                  std::optional<std::int64_t> inbox_id, std::optional<std::size_t> byte_budget) {
  Outbox outbox(db);
  GameRecords records(db);
  const ReplyLimit reply_limit(db, config.limits.replies_per_hour);
  const auto now = std::chrono::system_clock::now();
  const std::string domain = config.server.domain();
  int sent = 0, n = 0;
  std::size_t bytes_queued = 0;
  bool over_budget = false;
  for (Reply reply : replies) {
    ++n;
    if (over_budget) {
      log_line(tag + ": reply to " + reply.to + " dropped: the replies to this message passed " +
               std::to_string(*byte_budget) + " bytes");
      continue;
    }
    if (reply.kind == MailKind::Reply) {
      const ReplyDecision decision = reply_limit.decide(reply.to, now);
      if (decision != ReplyDecision::Send)
        log_line(tag + ": reply to " + reply.to + " suppressed, over " +
                 std::to_string(config.limits.replies_per_hour) + " replies per hour" +
                 (decision == ReplyDecision::SendNotice ? "; one notice sent instead" : ""));
      if (decision == ReplyDecision::Drop) continue;
      if (decision == ReplyDecision::SendNotice) {
        reply.kind = MailKind::Notice;
        reply.subject = ReplyLimit::kNoticeSubject;
        reply.text = ReplyLimit::kNoticeText;
        reply.game_id.reset();
        reply.picture_png.clear();
      }
    }
    mail::OutgoingMessage out;
    out.from_name = config.server.name;
    out.from_address = config.server.address;
    out.to = {reply.to};
    out.subject = reply.subject;
    out.message_id = id_prefix + std::to_string(n) + (salt.empty() ? "" : "." + salt) + "@" + domain;
    out.text = reply.text;
    out.picture_png = reply.picture_png;
    out.reply_to = reply.reply_to;
    out.date = now;
    std::optional<std::string> thread;
    if (reply.game_id)
      if (auto record = records.find(*reply.game_id)) thread = record->thread_id;
    if (thread) out.references.push_back(*thread);
    if (reply.to_sender && !command.message_id.empty()) {
      out.in_reply_to = command.message_id;
      for (const auto& ref : command.references)
        if (ref != thread) out.references.push_back(ref);
      out.references.push_back(command.message_id);
    } else if (thread) {
      out.in_reply_to = *thread;
    }
    try {
      std::string data = mail::compose(out);  // once: its size decides, then it is queued
      if (byte_budget) {
        if (bytes_queued + data.size() > *byte_budget) {
          over_budget = true;
          log_line(tag + ": reply to " + reply.to + " of " + std::to_string(data.size()) +
                   " bytes replaced by a note: the replies to this message may hold " +
                   std::to_string(*byte_budget) + " bytes in all");
          out.subject = "Error: the reply to your command was too long";
          out.text =
              "The reply to your command was too long to send: the mail answering one\n"
              "command without a password may hold " + std::to_string(*byte_budget / 1024) +
              " KiB in all. Ask for less at a time.\n";
          out.picture_png.clear();
          data = mail::compose(out);
          if (bytes_queued + data.size() > *byte_budget) continue;
        }
        bytes_queued += data.size();
      }
      outbox.enqueue_composed(out, data, config.server.address, inbox_id, reply.game_id, reply.kind,
                              reply.relayed_by);
    } catch (const std::invalid_argument& e) {
      // A reply that cannot be written as valid mail (e.g. to an address only SMTPUTF8
      // could carry) is dropped; throwing would leave the message pending forever.
      log_line(tag + ": reply to " + reply.to + " not sent: " + e.what());
      continue;
    }
    ++sent;
  }
  return sent;
}

}  // namespace pbem::server
