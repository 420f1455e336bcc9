#include "server/pipeline/inbox_writer.h"

#include <utility>

#include "server/support/log.h"

namespace pbem::server {

namespace {

// Between attempts on a busy database. Each attempt already waits up to the connection's
// busy timeout inside SQLite, so this only keeps a failing loop from spinning.
constexpr std::chrono::milliseconds kBusyPause{250};

}  // namespace

InboxWriter::InboxWriter(const Config& config, std::function<void(ReceiveStatus)> on_stored,
                         std::chrono::milliseconds busy_retry_window)
    : busy_retry_window_(busy_retry_window),
      on_stored_(std::move(on_stored)),
      db_(config.database),
      service_(db_, config),
      keep_running_(io_.get_executor()),
      thread_([this] { io_.run(); }) {}

InboxWriter::~InboxWriter() {
  keep_running_.reset();
  thread_.join();
}

void InboxWriter::stop_waiting() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stop_signal_.notify_all();
}

bool InboxWriter::pause_unless_stopping(std::chrono::milliseconds pause) {
  std::unique_lock lock(mutex_);
  return !stop_signal_.wait_for(lock, pause, [&] { return stopping_; });
}

mail::SinkVerdict InboxWriter::store(const mail::Envelope& envelope, std::string data) {
  const auto give_up_at = std::chrono::steady_clock::now() + busy_retry_window_;
  for (int attempt = 1;; ++attempt) {
    try {
      const ReceiveResult result = service_.receive(data, envelope.mail_from, envelope.recipients);
      if (attempt > 1) log_line("inbox writer: stored after " + std::to_string(attempt) + " attempts");
      if (on_stored_) on_stored_(result.status);
      return mail::SinkVerdict::Stored;
    } catch (const DatabaseError& error) {
      if (!error.busy()) {
        log_line(std::string("inbox writer: cannot store a message (451): ") + error.what());
        return mail::SinkVerdict::TemporaryFailure;
      }
      if (std::chrono::steady_clock::now() >= give_up_at || !pause_unless_stopping(kBusyPause)) {
        log_line("inbox writer: database still busy after " + std::to_string(attempt) +
                 " attempts; answering 451 so that the client retries");
        return mail::SinkVerdict::TemporaryFailure;
      }
    }
  }
}

}  // namespace pbem::server
