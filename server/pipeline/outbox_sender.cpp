#include "server/pipeline/outbox_sender.h"

#include <algorithm>

#include "server/support/log.h"
#include "server/storage/outbox.h"

namespace pbem::server {

namespace asio = mail::asio;

std::chrono::seconds retry_delay(const OutboxConfig& config, int attempts) {
  auto delay = config.initial_retry_seconds;
  for (int i = 1; i < attempts && delay < config.max_retry_seconds; ++i) delay *= 2;
  return std::min(delay, config.max_retry_seconds);
}

namespace {

// After an unexpected failure of a whole sending round, wait this long before the next.
constexpr std::chrono::seconds kRoundFailurePause{5};

// Emptying old texts: rows per statement (each row rewritten, pictures and all, so the
// write lock is held for milliseconds), rows per round of pbemd's sender (a backlog, as after
// the upgrade to schema 12, is taken a round at a time between the sending rounds), and how
// often pbemd looks (texts are kept for days; a look costs one index probe).
constexpr int kClearBatch = 200;
constexpr std::size_t kClearPerRound = 2000;
constexpr std::chrono::minutes kClearInterval{5};

// One kept connection to the smarthost per lane: under load a lane's connection carries
// mail after mail; once the queue is empty they are closed (QUIT), so an idle server holds
// no connection to its relay.
class SmtpTransport : public Transport {
 public:
  explicit SmtpTransport(const mail::SmarthostConfig& smarthost) {
    for (std::size_t i = 0; i < OutboxSender::kParallelDeliveries; ++i)
      lanes_.push_back(std::make_unique<mail::SmarthostConnection>(smarthost));
  }
  asio::awaitable<mail::DeliveryResult> deliver(std::size_t lane, std::string envelope_from,
                                                std::vector<std::string> recipients,
                                                std::string data) override {
    co_return co_await lanes_.at(lane)->deliver(std::move(envelope_from), std::move(recipients),
                                                std::move(data));
  }
  asio::awaitable<void> rest() override {
    for (auto& lane : lanes_) co_await lane->close();
  }

 private:
  std::vector<std::unique_ptr<mail::SmarthostConnection>> lanes_;
};

std::string describe(std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an unknown exception";
  }
}

}  // namespace

mail::SmarthostConfig smarthost_client_config(const Config& config) {
  mail::SmarthostConfig smarthost;
  smarthost.host = config.smarthost.host;
  smarthost.port = config.smarthost.port;
  smarthost.starttls = config.smarthost.starttls;
  smarthost.username = config.smarthost.username;
  smarthost.password = config.smarthost.password;
  const bool loopback = mail::is_loopback_host(config.smarthost.host);
  // A relay on this machine usually has a self-signed certificate; one across a network
  // is checked unless the operator says otherwise.
  smarthost.verify_certificate = config.smarthost.verify_certificate.value_or(!loopback);
  // Loopback traffic never leaves the machine, so clear-text AUTH there exposes nothing.
  smarthost.allow_plaintext_auth = config.smarthost.allow_plaintext_auth || loopback;
  smarthost.helo_name = config.server.domain();
  return smarthost;
}

std::optional<std::string> smarthost_security_problem(const SmarthostConfig& smarthost) {
  if (!smarthost.username || smarthost.starttls || smarthost.allow_plaintext_auth ||
      mail::is_loopback_host(smarthost.host)) {
    return std::nullopt;
  }
  return "smarthost.username is set but smarthost.starttls is off, so the AUTH password would "
         "cross the network to " + smarthost.host +
         " in clear text; turn on smarthost.starttls (or, for a trusted network, set "
         "smarthost.allow_plaintext_auth to true)";
}

OutboxSender::OutboxSender(asio::io_context& io, const Config& config,
                           std::unique_ptr<Transport> transport)
    : io_(io), config_(config), transport_(std::move(transport)), wakeup_(io) {
  if (!transport_) transport_ = std::make_unique<SmtpTransport>(smarthost_client_config(config));
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

asio::awaitable<std::size_t> OutboxSender::send_due(Database& db, std::int64_t claimer) {
  record_late(db);
  Outbox outbox(db);
  std::vector<QueuedMail> due;
  try {
    // Several pbemd on PostgreSQL: each row goes to one of them.
    due = outbox.claim_due(std::chrono::system_clock::now(), 100, config_.outbox.claim_seconds, claimer,
                           config_.limits.announcements_per_minute);
  } catch (const std::exception& e) {
    log_line(std::string("sender: cannot read the outbox: ") + e.what());
  }
  std::size_t attempted = 0;
  std::vector<const QueuedMail*> group;
  for (const QueuedMail& mail : due) {
    if (stopping_) {
      group.clear();  // not started: they wait for the next start
      break;
    }
    if (delivered_unrecorded(mail.id)) continue;  // sent already; only the mark is missing
    group.push_back(&mail);
    if (group.size() == kParallelDeliveries) {
      co_await deliver_group(db, group);
      attempted += group.size();
      group.clear();
    }
  }
  if (!group.empty()) {
    co_await deliver_group(db, group);
    attempted += group.size();
  }
  record_late(db);  // at once if the database allows (`pbem outbox send` makes one pass only)
  co_return attempted;
}

asio::awaitable<void> OutboxSender::run() {
  Database db(config_.database);
  // Held by this connection for the sender's life: its claims are known free the moment
  // this process is gone (storage/outbox.h).
  const OutboxClaimer claimer(db);
  while (!stopping_) {
    // Nothing may end this loop but stop(): SMTP keeps accepting mail whose replies must
    // go out. A round that fails (out of memory, say) is logged and tried again later.
    std::exception_ptr failure;
    std::size_t attempted = 0;
    try {
      clear_old_texts_when_due(db);
      attempted = co_await send_due(db, claimer.id());
    } catch (...) {
      failure = std::current_exception();
    }
    if (failure) log_line("sender: sending round failed, retrying later: " + describe(failure));
    if (attempted > 0 && !failure) continue;  // more may be due already
    co_await close_connections();
    if (stopping_) break;
    // Sleep until woken by new mail, or poll for retries that came due.
    wakeup_.expires_after(failure ? kRoundFailurePause : std::chrono::seconds(1));
    boost::system::error_code ignored;
    co_await wakeup_.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
  }
  co_await close_connections();
  try {
    record_late(db);  // a clean stop should not leave a delivered message to be sent again
  } catch (...) {
    log_line("sender: could not record late deliveries at stop: " + describe(std::current_exception()));
  }
}

asio::awaitable<void> OutboxSender::close_connections() {
  try {
    co_await transport_->rest();
  } catch (const std::exception& e) {
    log_line(std::string("sender: closing connections to the smarthost: ") + e.what());
  }
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

void OutboxSender::clear_old_texts_when_due(Database& db) {
  const auto now = std::chrono::steady_clock::now();
  if (now < next_clearing_) return;
  next_clearing_ = now + kClearInterval;
  try {
    if (clear_old_texts(db, config_.outbox, kClearPerRound) == kClearPerRound) next_clearing_ = now;  // more left
  } catch (const std::exception& e) {
    log_line(std::string("sender: could not empty old mail texts, tried again later: ") + e.what());
  }
}

std::size_t clear_old_texts(Database& db, const OutboxConfig& config, std::optional<std::size_t> at_most) {
  const auto settled_by = std::chrono::system_clock::now() - std::chrono::days(config.keep_sent_days);
  Outbox outbox(db);
  std::size_t cleared = 0;
  while (!at_most || cleared < *at_most) {
    const int batch = static_cast<int>(std::min<std::size_t>(kClearBatch, at_most ? *at_most - cleared : kClearBatch));
    // No transaction around the batches: each statement commits alone, so the sender holds
    // no write lock across them (and writes nothing when nothing is due).
    const int done = outbox.clear_settled_texts(settled_by, batch);
    cleared += static_cast<std::size_t>(done);
    if (done < batch) break;
  }
  if (cleared > 0)
    log_line("outbox: emptied the text of " + std::to_string(cleared) + (cleared == 1 ? " mail" : " mails") +
             " settled over " + std::to_string(config.keep_sent_days) + " days ago");
  return cleared;
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
        const OutboxClaimer claimer(db);
        attempted = co_await sender.send_due(db, claimer.id());
        co_await sender.close_connections();
      },
      asio::detached);
  io.run();
  return attempted;
}

asio::awaitable<void> OutboxSender::deliver_group(Database& db, const std::vector<const QueuedMail*>& group) {
  std::vector<mail::DeliveryResult> results(group.size());
  // The attempts run side by side on this (single-threaded) io_context; the timer is only
  // a place to wait until the last one has finished.
  std::size_t running = group.size();
  asio::steady_timer all_done(io_, asio::steady_timer::time_point::max());
  for (std::size_t i = 0; i < group.size(); ++i)
    asio::co_spawn(io_, attempt(i, *group[i], results[i]), [&](std::exception_ptr) {
      if (--running == 0) all_done.cancel();
    });
  while (running > 0) {
    boost::system::error_code ignored;
    co_await all_done.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
  }
  record_results(db, group, results);
}

asio::awaitable<void> OutboxSender::attempt(std::size_t lane, const QueuedMail& mail, mail::DeliveryResult& result) {
  // A named vector, not a braced list: g++ 12 mis-compiles initializer lists in co_await calls.
  std::vector<std::string> recipients{mail.recipient};
  std::exception_ptr failure;
  try {
    result = co_await transport_->deliver(lane, mail.envelope_from, recipients, mail.data);
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure) {
    // Whatever went wrong (std::bad_alloc included) concerns this attempt only: the message
    // waits its backoff like any temporary failure, and the sender carries on.
    result = {mail::DeliveryStatus::TemporaryFailure, "internal error while sending: " + describe(failure), {}};
  }
}

void OutboxSender::record_results(Database& db, const std::vector<const QueuedMail*>& group,
                                  const std::vector<mail::DeliveryResult>& results) {
  auto tag_of = [](const QueuedMail& mail) {
    return "outbox " + std::to_string(mail.id) + " to " + mail.recipient + " <" + mail.message_id + ">";
  };
  std::vector<std::string> lines;  // logged once the marks are committed
  // Marking may meet a busy database; delivered messages are then remembered and marked
  // later (record_late), never sent again. Only a crash before the commit repeats them.
  try {
    Transaction transaction(db);
    Outbox outbox(db);
    for (std::size_t i = 0; i < group.size(); ++i) {
      const QueuedMail& mail = *group[i];
      const mail::DeliveryResult& result = results[i];
      const std::string tag = tag_of(mail);
      switch (result.status) {
        case mail::DeliveryStatus::Delivered:
          outbox.mark_sent(mail.id);
          lines.push_back(tag + ": delivered");
          break;
        case mail::DeliveryStatus::PermanentFailure:
          outbox.mark_failed(mail.id, result.detail);
          lines.push_back(tag + ": failed permanently: " + result.detail);
          break;
        case mail::DeliveryStatus::TemporaryFailure:
          if (mail.attempts + 1 >= config_.outbox.max_attempts) {
            const std::string why =
                "gave up after " + std::to_string(mail.attempts + 1) + " attempts: " + result.detail;
            outbox.mark_failed(mail.id, why);
            lines.push_back(tag + ": " + why);
          } else {
            auto delay = retry_delay(config_.outbox, mail.attempts + 1);
            outbox.mark_retry(mail.id, result.detail, std::chrono::system_clock::now() + delay);
            lines.push_back(tag + ": temporary failure, retry in " + std::to_string(delay.count()) +
                            "s: " + result.detail);
          }
          break;
      }
    }
    transaction.commit();
  } catch (const std::exception& e) {
    for (std::size_t i = 0; i < group.size(); ++i) {
      const std::string tag = tag_of(*group[i]);
      if (results[i].status == mail::DeliveryStatus::Delivered) {
        unrecorded_.emplace_back(group[i]->id, tag);
        log_line(tag + ": delivered, but not yet recorded (it will not be sent again): " + e.what());
      } else {
        log_line(tag + ": could not record the delivery result: " + e.what());
      }
    }
    return;
  }
  for (const std::string& line : lines) log_line(line);
}

}  // namespace pbem::server
