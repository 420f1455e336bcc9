#include "server/pipeline/inbox_writer.h"

#include <algorithm>
#include <utility>

#include "server/support/log.h"

namespace pbem::server {

namespace {

// Between attempts on a busy database. Each attempt already waits up to the connection's
// busy timeout inside SQLite, so this only keeps a failing loop from spinning.
constexpr std::chrono::milliseconds kBusyPause{250};

// Storing threads mostly wait for their group's commit; more than this would only add
// threads that wait for the same fsync.
constexpr int kMaxStoringThreads = 64;

}  // namespace

InboxWriter::InboxWriter(const Config& config, std::function<void(ReceiveStatus)> on_stored,
                         std::chrono::milliseconds busy_retry_window, WriteTurn* turn)
    : busy_retry_window_(busy_retry_window),
      on_stored_(std::move(on_stored)),
      db_(config.database),
      service_(db_, config, turn),
      pool_(static_cast<std::size_t>(std::clamp(config.smtp.max_connections, 1, kMaxStoringThreads))) {}

InboxWriter::~InboxWriter() {
  pool_.join();  // finishes the queued work first
}

std::uint64_t InboxWriter::commits() const {
  std::lock_guard lock(group_mutex_);
  return commits_;
}

ReceiveResult InboxWriter::store_grouped(const mail::Envelope& envelope, const std::string& data) {
  Waiting mine{IncomingMessage{data, envelope.mail_from, envelope.recipients}, std::nullopt, nullptr, false};
  std::unique_lock lock(group_mutex_);
  waiting_.push_back(&mine);
  while (!mine.done) {
    if (committing_) {
      group_done_.wait(lock);
      continue;
    }
    // This thread's turn: store everything that queued, this message among it.
    committing_ = true;
    std::vector<Waiting*> group = std::move(waiting_);
    waiting_.clear();
    lock.unlock();
    std::vector<IncomingMessage> messages;
    for (const Waiting* waiting : group) messages.push_back(waiting->message);
    std::vector<ReceiveResult> results;
    std::exception_ptr error;
    try {
      results = service_.receive_batch(messages);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    for (std::size_t i = 0; i < group.size(); ++i) {
      if (error) group[i]->error = error;
      else group[i]->result = results[i];
      group[i]->done = true;
    }
    if (!error) ++commits_;
    committing_ = false;
    group_done_.notify_all();
  }
  if (mine.error) std::rethrow_exception(mine.error);
  return *mine.result;
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
      const ReceiveResult result = store_grouped(envelope, data);
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
