#include "server/pipeline/reply_queue.h"

#include <chrono>
#include <stdexcept>

#include "mail/outgoing_message.h"
#include "server/mailing/error_text.h"
#include "server/pipeline/game_over_record.h"
#include "server/storage/outbox.h"
#include "server/storage/reply_limit.h"
#include "server/support/log.h"

namespace pbem::server {

ReplyQueue::ReplyQueue(Database& db, const Config& config, std::string tag, CommandThread command,
                       std::string id_prefix, std::string salt, std::optional<std::int64_t> inbox_id,
                       std::optional<std::size_t> byte_budget)
    : db_(db), config_(config), tag_(std::move(tag)), command_(std::move(command)), id_prefix_(std::move(id_prefix)),
      salt_(std::move(salt)), inbox_id_(inbox_id), byte_budget_(byte_budget) {}

std::optional<ReplyQueue::Composed> ReplyQueue::compose(const Reply& reply, int n) const {
  mail::OutgoingMessage out;
  out.from_name = config_.server.name;
  out.from_address = config_.server.address;
  out.to = {reply.to};
  out.subject = reply.subject;
  out.message_id = id_prefix_ + std::to_string(n) + (salt_.empty() ? "" : "." + salt_) + "@" + config_.server.domain();
  out.text = reply.text;
  out.pictures = reply.pictures;
  out.boards = reply.boards;
  out.links = reply.links;
  out.attachments = reply.attachments;
  if (reply.game_over_for && reply.game_id)
    for (mail::Attachment& file : game_over_record(db_, config_, *reply.game_id, *reply.game_over_for))
      out.attachments.push_back(std::move(file));
  out.reply_to = reply.reply_to;
  out.list_unsubscribe = reply.list_unsubscribe;
  out.date = now_;
  std::optional<std::string> thread;
  if (reply.game_id && !reply.game_thread.empty()) thread = reply.game_thread;
  if (thread) out.references.push_back(*thread);
  if (reply.to_sender && !command_.message_id.empty()) {
    out.in_reply_to = command_.message_id;
    for (const auto& ref : command_.references)
      if (ref != thread) out.references.push_back(ref);
    out.references.push_back(command_.message_id);
  } else if (thread) {
    out.in_reply_to = *thread;
  }
  try {
    std::string data = mail::compose(out);
    return Composed{std::move(out), std::move(data)};
  } catch (const std::invalid_argument& e) {
    // A reply that cannot be written as valid mail (e.g. to an address only SMTPUTF8
    // could carry) is dropped; throwing would leave the message pending forever.
    log_line(tag_ + ": reply to " + reply.to + " not sent: " + e.what());
    return std::nullopt;
  }
}

void ReplyQueue::enqueue(const Reply& reply, const Composed& composed) {
  Outbox(db_).enqueue(composed.message, composed.data, config_.server.address, inbox_id_, reply.game_id,
                               reply.kind, reply.relayed_by, reply.forget_when_settled);
  ++sent_;
}

bool ReplyQueue::add_owed(const std::vector<Reply>& replies, bool budgeted) {
  budgeted = budgeted && byte_budget_.has_value();
  std::vector<std::pair<const Reply*, Composed>> owed;
  std::size_t bytes = 0;
  int n = n_;
  for (const Reply& reply : replies) {
    if (!is_owed(reply)) continue;
    auto composed = compose(reply, ++n);
    if (!composed) continue;
    bytes += composed->data.size();
    owed.emplace_back(&reply, std::move(*composed));
  }
  if (budgeted && bytes_queued_ + bytes + kAnswerReserve > *byte_budget_) {
    log_line(tag_ + ": a command's mail of " + std::to_string(bytes) + " bytes does not fit the " +
             std::to_string(*byte_budget_) + " bytes this message may cause; the command is refused");
    return false;
  }
  n_ = n;
  if (budgeted) bytes_queued_ += bytes;
  for (const auto& [reply, composed] : owed) enqueue(*reply, composed);
  return true;
}

void ReplyQueue::add(Reply reply, bool budgeted, std::optional<Reply> shorter) {
  ++n_;
  budgeted = budgeted && byte_budget_.has_value();
  if (budgeted && over_budget_) {
    log_line(tag_ + ": reply to " + reply.to + " dropped: the replies to this message passed " +
             std::to_string(*byte_budget_) + " bytes");
    return;
  }
  if (reply.kind == MailKind::Reply) {
    const ReplyDecision decision = ReplyLimit(db_, config_.limits.replies_per_hour).decide(reply.to, now_);
    if (decision != ReplyDecision::Send)
      log_line(tag_ + ": reply to " + reply.to + " suppressed, over " +
               std::to_string(config_.limits.replies_per_hour) + " replies per hour" +
               (decision == ReplyDecision::SendNotice ? "; one notice sent instead" : ""));
    if (decision == ReplyDecision::Drop) return;
    if (decision == ReplyDecision::SendNotice) {
      reply.kind = MailKind::Notice;
      reply.subject = ReplyLimit::kNoticeSubject;
      reply.text = ReplyLimit::kNoticeText;
      reply.game_id.reset();
      reply.game_thread.clear();
      reply.pictures.clear();
      reply.boards.clear();
      reply.attachments.clear();
    }
  }
  auto composed = compose(reply, n_);
  if (!composed) return;
  if (budgeted) {
    if (bytes_queued_ + composed->data.size() > *byte_budget_ && shorter) {
      if (auto brief = compose(*shorter, n_); brief && bytes_queued_ + brief->data.size() <= *byte_budget_) {
        log_line(tag_ + ": reply to " + reply.to + " of " + std::to_string(composed->data.size()) +
                 " bytes sent in short: the replies to this message may hold " + std::to_string(*byte_budget_) +
                 " bytes in all");
        over_budget_ = true;
        composed = std::move(brief);
      }
    }
    if (bytes_queued_ + composed->data.size() > *byte_budget_) {
      over_budget_ = true;
      log_line(tag_ + ": reply to " + reply.to + " of " + std::to_string(composed->data.size()) +
               " bytes replaced by a note: the replies to this message may hold " +
               std::to_string(*byte_budget_) + " bytes in all");
      auto [subject, note] = reply_too_long(*byte_budget_ / 1024);
      composed->message.subject = std::move(subject);
      composed->message.text = std::move(note);
      composed->message.pictures.clear();
      composed->message.boards.clear();
      composed->message.attachments.clear();
      composed->data = mail::compose(composed->message);
      if (bytes_queued_ + composed->data.size() > *byte_budget_) return;
    }
    bytes_queued_ += composed->data.size();
  }
  enqueue(reply, *composed);
}

int queue_replies(Database& db, const Config& config, const std::string& tag, const CommandThread& command,
                  const std::vector<Reply>& replies, const std::string& id_prefix, const std::string& salt,
                  std::optional<std::int64_t> inbox_id, std::optional<std::size_t> byte_budget) {
  ReplyQueue queue(db, config, tag, command, id_prefix, salt, inbox_id, byte_budget);
  for (const Reply& reply : replies) queue.add(reply);
  return queue.sent();
}

}  // namespace pbem::server
