#include "server/outbox_sender.h"

#include <algorithm>

#include "server/log.h"
#include "server/outbox.h"

namespace pbem::server {

namespace asio = mail::asio;

std::chrono::seconds retry_delay(const OutboxConfig& config, int attempts) {
  auto delay = config.initial_retry_seconds;
  for (int i = 1; i < attempts && delay < config.max_retry_seconds; ++i) delay *= 2;
  return std::min(delay, config.max_retry_seconds);
}

OutboxSender::OutboxSender(asio::io_context& io, const Config& config)
    : io_(io), config_(config), wakeup_(io) {
  smarthost_.host = config.smarthost.host;
  smarthost_.port = config.smarthost.port;
  smarthost_.starttls = config.smarthost.starttls;
  smarthost_.username = config.smarthost.username;
  smarthost_.password = config.smarthost.password;
  smarthost_.verify_certificate = config.smarthost.verify_certificate;
  smarthost_.helo_name = config.server.address.substr(config.server.address.find('@') + 1);
}

void OutboxSender::start() {
  asio::co_spawn(io_, run(), [](std::exception_ptr error) {
    if (!error) return;
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      log_line(std::string("sender stopped by an error: ") + e.what());
    }
  });
}

void OutboxSender::wake() {
  asio::post(io_, [this] { wakeup_.cancel(); });
}

void OutboxSender::stop() {
  stopping_ = true;
  wake();
}

asio::awaitable<std::size_t> OutboxSender::send_due(Database& db) {
  record_late(db);
  Outbox outbox(db);
  std::vector<QueuedMail> due;
  try {
    due = outbox.queued(std::chrono::system_clock::now(), 100);
  } catch (const std::exception& e) {
    log_line(std::string("sender: cannot read the outbox: ") + e.what());
  }
  std::size_t attempted = 0;
  for (const QueuedMail& mail : due) {
    if (stopping_) break;
    if (delivered_unrecorded(mail.id)) continue;  // sent already; only the mark is missing
    co_await deliver_one(db, mail);
    ++attempted;
  }
  record_late(db);  // at once if the database allows (`pbem outbox send` makes one pass only)
  co_return attempted;
}

asio::awaitable<void> OutboxSender::run() {
  Database db(config_.database);
  while (!stopping_) {
    if (co_await send_due(db) > 0) continue;  // more may be due already
    if (stopping_) break;
    // Sleep until woken by new mail, or poll for retries that came due.
    wakeup_.expires_after(std::chrono::seconds(1));
    boost::system::error_code ignored;
    co_await wakeup_.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
  }
  record_late(db);  // a clean stop should not leave a delivered message to be sent again
}

void OutboxSender::record_late(Database& db) {
  Outbox outbox(db);
  while (!unrecorded_.empty()) {
    const auto& [id, tag] = unrecorded_.front();
    try {
      outbox.mark_sent(id);
    } catch (const std::exception&) {
      return;  // still busy: the next round tries again
    }
    log_line(tag + ": delivery recorded late");
    unrecorded_.erase(unrecorded_.begin());
  }
}

bool OutboxSender::delivered_unrecorded(std::int64_t id) const {
  return std::any_of(unrecorded_.begin(), unrecorded_.end(), [&](const auto& entry) { return entry.first == id; });
}

std::size_t send_due_once(const Config& config) {
  asio::io_context io;
  OutboxSender sender(io, config);
  std::size_t attempted = 0;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        Database db(config.database);
        attempted = co_await sender.send_due(db);
      },
      asio::detached);
  io.run();
  return attempted;
}

asio::awaitable<void> OutboxSender::deliver_one(Database& db, const QueuedMail& mail) {
  // A named vector, not a braced list: g++ 12 mis-compiles initializer lists in co_await calls.
  std::vector<std::string> recipients{mail.recipient};
  mail::DeliveryResult result = co_await mail::deliver(smarthost_, mail.envelope_from, recipients, mail.data);
  Outbox outbox(db);
  const std::string tag = "outbox " + std::to_string(mail.id) + " to " + mail.recipient + " <" + mail.message_id + ">";
  // Marking may meet a busy database; a delivered message is then remembered and marked
  // later (record_late), never sent again. Only a crash before the mark repeats it.
  try {
    switch (result.status) {
      case mail::DeliveryStatus::Delivered:
        outbox.mark_sent(mail.id);
        log_line(tag + ": delivered");
        break;
      case mail::DeliveryStatus::PermanentFailure:
        outbox.mark_failed(mail.id, result.detail);
        log_line(tag + ": failed permanently: " + result.detail);
        break;
      case mail::DeliveryStatus::TemporaryFailure:
        if (mail.attempts + 1 >= config_.outbox.max_attempts) {
          outbox.mark_failed(mail.id, "gave up after " + std::to_string(mail.attempts + 1) + " attempts: " + result.detail);
          log_line(tag + ": gave up after " + std::to_string(mail.attempts + 1) + " attempts: " + result.detail);
        } else {
          auto delay = retry_delay(config_.outbox, mail.attempts + 1);
          outbox.mark_retry(mail.id, result.detail, std::chrono::system_clock::now() + delay);
          log_line(tag + ": temporary failure, retry in " + std::to_string(delay.count()) + "s: " + result.detail);
        }
        break;
    }
  } catch (const std::exception& e) {
    if (result.status == mail::DeliveryStatus::Delivered) {
      unrecorded_.emplace_back(mail.id, tag);
      log_line(tag + ": delivered, but not yet recorded (it will not be sent again): " + e.what());
    } else {
      log_line(tag + ": could not record the delivery result: " + e.what());
    }
  }
}

}  // namespace pbem::server
