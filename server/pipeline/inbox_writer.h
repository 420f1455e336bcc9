// The daemon's storage thread for inbound mail. The SMTP sessions hand each accepted
// message to it and wait (without blocking the network thread) for its verdict: a held
// database lock then delays only the 250 for that message, never a greeting or another
// session. A busy database is retried for a while; after that the verdict is a temporary
// failure (451), so the client keeps the message and tries again later.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

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
              std::chrono::milliseconds busy_retry_window = std::chrono::seconds(60));
  ~InboxWriter();  // finishes the queued work, then ends the thread
  InboxWriter(const InboxWriter&) = delete;
  InboxWriter& operator=(const InboxWriter&) = delete;

  // Where store() must run: hand it to SmtpServer as the sink executor.
  mail::asio::any_io_executor executor() { return io_.get_executor(); }

  // The message sink: stores the message; Stored only once it is durably in the inbox.
  mail::SinkVerdict store(const mail::Envelope& envelope, std::string data);

  // Shutting down: a busy database is no longer waited for (the client gets 451 and keeps
  // the message). Safe from any thread.
  void stop_waiting();

 private:
  // Waits `pause` unless stop_waiting() comes first; false when it did.
  bool pause_unless_stopping(std::chrono::milliseconds pause);

  const std::chrono::milliseconds busy_retry_window_;
  std::function<void(ReceiveStatus)> on_stored_;
  Database db_;
  MailService service_;
  std::mutex mutex_;
  std::condition_variable stop_signal_;
  bool stopping_ = false;
  mail::asio::io_context io_;
  mail::asio::executor_work_guard<mail::asio::io_context::executor_type> keep_running_;
  std::thread thread_;  // last: starts once everything it uses exists
};

}  // namespace pbem::server
