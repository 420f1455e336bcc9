// The sending side of the daemon: drains the outbox to the smarthost over SMTP, retrying
// temporary failures with exponential backoff and recording permanent ones. It shares
// nothing with the receiving side but the outbox table.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mail/smtp_asio.h"
#include "mail/smtp_client.h"
#include "server/config.h"
#include "server/database.h"

namespace pbem::server {

// The wait before attempt number `attempts + 1` after `attempts` failures: initial, then
// doubling, never more than the maximum.
std::chrono::seconds retry_delay(const OutboxConfig& config, int attempts);

class OutboxSender {
 public:
  OutboxSender(mail::asio::io_context& io, const Config& config);

  // Starts the sending loop on the io_context.
  void start();
  // Wakes the loop at once (new mail was queued). Safe from any thread.
  void wake();
  // Lets the delivery in flight finish, then ends the loop.
  void stop();
  // One pass: attempts every message that is due now; returns how many were attempted.
  mail::asio::awaitable<std::size_t> send_due(Database& db);

 private:
  mail::asio::awaitable<void> run();
  mail::asio::awaitable<void> deliver_one(Database& db, const struct QueuedMail& mail);
  // Marks sent what was delivered but could not be recorded then; stops at a busy database.
  void record_late(Database& db);
  bool delivered_unrecorded(std::int64_t id) const;

  mail::asio::io_context& io_;
  const Config& config_;
  mail::SmarthostConfig smarthost_;
  mail::asio::steady_timer wakeup_;
  std::atomic<bool> stopping_{false};
  // Delivered, but the outbox row could not be marked sent (the database stayed locked
  // past its busy timeout). Never sent again: the spec allows a second copy only for a
  // crash between the smarthost's acceptance and the outbox update. {row id, log tag}.
  std::vector<std::pair<std::int64_t, std::string>> unrecorded_;
};

// `pbem outbox send`: one pass over the due mail on a private io_context, for setups
// without pbemd (pipe delivery into `pbem ingest` plus a timer). Returns how many were tried.
std::size_t send_due_once(const Config& config);

}  // namespace pbem::server
