// The daemon's storage threads for inbound mail. The SMTP sessions hand each accepted
// message to them and wait (without blocking the network thread) for its verdict: a held
// database lock then delays only the 250s waiting for it, never a greeting or another
// session. Messages that arrive together are stored together (group commit): while one
// transaction commits, the next messages queue, and the first of them to get the turn
// stores all that queued in one transaction, so many sessions share one fsync and each
// still gets its 250 only after that commit. A busy database is retried for a while;
// after that the verdict is a temporary failure (451), so the client keeps the message
// and tries again later.
#pragma once

#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>
#include <vector>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>

#include "mail/smtp_asio.h"
#include "mail/smtp_server.h"
#include "server/support/config.h"
#include "server/storage/database.h"
#include "server/pipeline/mail_service.h"

namespace pbem::server {

class InboxWriter {
 public:
  // Opens its own database connection. `on_stored` runs on the storage thread after each
  // message was stored (or recognised as a duplicate).
  InboxWriter(const Config& config, std::function<void(ReceiveStatus)> on_stored,
              std::chrono::milliseconds busy_retry_window = std::chrono::seconds(60), WriteTurn* turn = nullptr);
  ~InboxWriter();  // finishes the queued work, then ends the thread
  InboxWriter(const InboxWriter&) = delete;
  InboxWriter& operator=(const InboxWriter&) = delete;

  // Where store() must run: hand it to SmtpServer as the sink executor.
  mail::asio::any_io_executor executor() { return pool_.get_executor(); }

  // How many transactions have stored messages so far (a test shows that a burst of
  // messages shares them).
  std::uint64_t commits() const;

  // The message sink: stores the message; Stored only once it is durably in the inbox.
  mail::SinkVerdict store(const mail::Envelope& envelope, std::string data);

  // Shutting down: a busy database is no longer waited for (the client gets 451 and keeps
  // the message). Safe from any thread.
  void stop_waiting();

 private:
  // Waits `pause` unless stop_waiting() comes first; false when it did.
  bool pause_unless_stopping(std::chrono::milliseconds pause);
  // Stores this message together with any others waiting (see above); throws what the
  // shared transaction threw.
  ReceiveResult store_grouped(const mail::Envelope& envelope, const std::string& data);

  struct Waiting {
    IncomingMessage message;
    std::optional<ReceiveResult> result;
    std::exception_ptr error;
    bool done = false;
  };

  const std::chrono::milliseconds busy_retry_window_;
  std::function<void(ReceiveStatus)> on_stored_;
  Database db_;        // used by one storing thread at a time: the one whose turn it is
  MailService service_;
  std::mutex mutex_;
  std::condition_variable stop_signal_;
  bool stopping_ = false;
  mutable std::mutex group_mutex_;
  std::condition_variable group_done_;
  std::vector<Waiting*> waiting_;  // messages queued for the next transaction
  bool committing_ = false;        // a thread is storing a group now
  std::uint64_t commits_ = 0;
  // Enough threads that every session the server admits at once can wait in a group.
  mail::asio::thread_pool pool_;
};

}  // namespace pbem::server
