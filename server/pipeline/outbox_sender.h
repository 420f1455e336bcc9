// The sending side of the daemon: drains the outbox to the smarthost over SMTP, retrying
// temporary failures with exponential backoff and recording permanent ones. It shares
// nothing with the receiving side but the outbox table.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mail/smtp_asio.h"
#include "mail/smtp_client.h"
#include "server/support/config.h"
#include "server/storage/database.h"

namespace pbem::server {

// The wait before attempt number `attempts + 1` after `attempts` failures: initial, then
// doubling, never more than the maximum.
std::chrono::seconds retry_delay(const OutboxConfig& config, int attempts);

// How a queued message leaves the server. The real one is the SMTP client talking to the
// smarthost; tests put in one that fails in ways the network never would.
class Transport {
 public:
  virtual ~Transport() = default;
  // May throw anything (std::bad_alloc, say): the sender counts that as a temporary failure.
  // Deliveries on one `lane` (below OutboxSender::kParallelDeliveries) never overlap, so a
  // lane may keep its connection from one mail to the next.
  virtual mail::asio::awaitable<mail::DeliveryResult> deliver(std::size_t lane, std::string envelope_from,
                                                              std::vector<std::string> recipients,
                                                              std::string data) = 0;
  // Nothing is left to send for now: connections kept open may be closed.
  virtual mail::asio::awaitable<void> rest() { co_return; }
};

// The smarthost settings the SMTP client gets from the configuration: certificate checks
// and plaintext AUTH resolved for this host ("auto" and loopback).
mail::SmarthostConfig smarthost_client_config(const Config& config);

// Why these smarthost settings would send the AUTH password in clear text over a network:
// a username, no STARTTLS, a host that is not loopback and plaintext AUTH not allowed.
// nullopt when they are safe. pbemd refuses to start with such settings.
std::optional<std::string> smarthost_security_problem(const SmarthostConfig& smarthost);

class OutboxSender {
 public:
  // Without a transport: SMTP to the configured smarthost.
  OutboxSender(mail::asio::io_context& io, const Config& config,
               std::unique_ptr<Transport> transport = nullptr);

  // Starts the sending loop on the io_context.
  void start();
  // Wakes the loop at once (new mail was queued). Safe from any thread.
  void wake();
  // Lets the deliveries in flight finish, then ends the loop.
  void stop();
  // One pass: attempts every message that is due now; returns how many were attempted.
  // `claimer`: the OutboxClaimer id of `db`'s connection (PostgreSQL; 0 on SQLite).
  mail::asio::awaitable<std::size_t> send_due(Database& db, std::int64_t claimer = 0);
  // Closes the connections kept to the smarthost (QUIT); the next mail opens them again.
  mail::asio::awaitable<void> close_connections();

  // How many mails go to the smarthost at once, each on its own connection (a lane, kept
  // open from one group to the next while mail keeps coming). Their outbox rows are then
  // marked in one transaction: one fsync for the group, not one a mail (issue 15: "replies
  // of a batch go out as a batch"). A crash between the smarthost's acceptance and that
  // commit sends the group's mails again, as the spec allows.
  static constexpr std::size_t kParallelDeliveries = 8;

 private:
  mail::asio::awaitable<void> run();
  mail::asio::awaitable<void> deliver_group(Database& db, const std::vector<const struct QueuedMail*>& group);
  mail::asio::awaitable<void> attempt(std::size_t lane, const QueuedMail& mail, mail::DeliveryResult& result);
  void record_results(Database& db, const std::vector<const QueuedMail*>& group,
                      const std::vector<mail::DeliveryResult>& results);
  // Marks sent what was delivered but could not be recorded then; stops at a busy database.
  void record_late(Database& db);
  // clear_old_texts when it is due (every kClearInterval, at once again while a round
  // found more than it may take); a failure is logged and tried at the next interval.
  void clear_old_texts_when_due(Database& db);
  bool delivered_unrecorded(std::int64_t id) const;

  mail::asio::io_context& io_;
  const Config& config_;
  std::unique_ptr<Transport> transport_;
  mail::asio::steady_timer wakeup_;
  std::atomic<bool> stopping_{false};
  // Delivered, but the outbox row could not be marked sent (the database stayed locked
  // past its busy timeout). Never sent again: the spec allows a second copy only for a
  // crash between the smarthost's acceptance and the outbox update. {row id, log tag}.
  std::vector<std::pair<std::int64_t, std::string>> unrecorded_;
  // When clear_old_texts is next due (the first round: at once).
  std::chrono::steady_clock::time_point next_clearing_{};
};

// `pbem outbox send`: one pass over the due mail on a private io_context, for setups
// without pbemd (pipe delivery into `pbem ingest` plus a timer). Returns how many were tried.
std::size_t send_due_once(const Config& config);

// Empties the text of mail settled (delivered, or failed for good) more than
// outbox.keep_sent_days ago, the metadata staying (spec: "Limits that keep the server from
// being used against others"); at most `at_most` rows, a few hundred per statement (each
// its own transaction). Returns how many, and logs them. pbemd's sender runs a capped round
// every few minutes, between deliveries; the tick empties the same texts as its retention
// duty (retention.h), in the write turn, so a server without pbemd (`pbem tick` from a
// timer) needs nothing else. Cheap when none is due: one index look, no write. Throws
// DatabaseError (a busy database); what was committed stays done.
std::size_t clear_old_texts(Database& db, const OutboxConfig& config,
                            std::optional<std::size_t> at_most = std::nullopt);

}  // namespace pbem::server
