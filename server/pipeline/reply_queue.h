// Replies into the outbox, the one way there: for inbound mail (mail_service.cpp), the
// computer opponent's moves (bot_turns.cpp) and the clock's duties (clock_duties.cpp).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mail/outgoing_message.h"
#include "server/pipeline/processor.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// The mail a command came in, for threading the replies to its sender: its Message-ID and
// References. Empty when no mail asked (the computer's moves, the clock).
struct CommandThread {
  std::string message_id;
  std::vector<std::string> references;
};

// Turns replies into outbox rows with threading headers (In-Reply-To/References to
// `command` for replies to its sender, else to the game's thread), holding error and help
// replies to the per-address reply limit. Message-IDs are "<id_prefix><n>.<salt>@domain"
// (without ".<salt>" when it is empty), n counting every reply added: the caller makes them
// stable per unit of work, so doing it again can never mint new ones.
// `byte_budget`: the most the budgeted rows may hold together (their composed bytes). The
// mail a command owes its players (is_owed) comes first, through add_owed, all of a
// command's or none; an answer (add) that would pass the budget is replaced by a short note
// once, and later budgeted answers are dropped (logged). Rows added as not budgeted are
// queued whatever the budget.
class ReplyQueue {
 public:
  ReplyQueue(Database& db, const Config& config, std::string tag, CommandThread command, std::string id_prefix,
             std::string salt, std::optional<std::int64_t> inbox_id, std::optional<std::size_t> byte_budget);
  // `shorter`: what to send instead when `reply` would pass the budget and it fits (before
  // the note is tried).
  void add(Reply reply, bool budgeted = true, std::optional<Reply> shorter = std::nullopt);
  // Owed mail leaves this much of the budget to the answer to the sender, so that the
  // sender of a mail whose commands were refused for want of room is told which and why.
  static constexpr std::size_t kAnswerReserve = 16 * 1024;
  // Queues every owed reply of `replies` (is_owed; the others are left to add) and returns
  // true, or, when `budgeted` and they would pass the budget together, queues none of them
  // and returns false: the caller refuses the command they belong to.
  bool add_owed(const std::vector<Reply>& replies, bool budgeted);
  int sent() const { return sent_; }  // how many rows were queued

 private:
  Database& db_;
  const Config& config_;
  std::string tag_;
  CommandThread command_;
  std::string id_prefix_, salt_;
  std::optional<std::int64_t> inbox_id_;
  std::optional<std::size_t> byte_budget_;
  std::chrono::system_clock::time_point now_ = std::chrono::system_clock::now();
  // The message as it is queued, composed once; nothing when it cannot be written as mail.
  struct Composed {
    mail::OutgoingMessage message;
    std::string data;
  };
  std::optional<Composed> compose(const Reply& reply, int n) const;
  void enqueue(const Reply& reply, const Composed& composed);

  int sent_ = 0, n_ = 0;
  std::size_t bytes_queued_ = 0;
  bool over_budget_ = false;
};

// All of `replies` through one ReplyQueue, every one budgeted; returns how many were queued.
int queue_replies(Database& db, const Config& config, const std::string& tag, const CommandThread& command,
                  const std::vector<Reply>& replies, const std::string& id_prefix, const std::string& salt,
                  std::optional<std::int64_t> inbox_id, std::optional<std::size_t> byte_budget = std::nullopt);

// The budget of the mail queued in answer to one message that carries no valid password
// and no valid game address: anyone can send one, naming any address to answer.
inline constexpr std::size_t kUnauthenticatedReplyBytes = 256 * 1024;

}  // namespace pbem::server
