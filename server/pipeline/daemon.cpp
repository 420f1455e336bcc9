#include "server/pipeline/daemon.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <thread>

#include "mail/smtp_server.h"
#include "server/pipeline/bot_turns.h"
#include "server/storage/database.h"
#include "server/storage/database_hold.h"
#include "server/pipeline/clock_duties.h"
#include "server/pipeline/review_runner.h"
#include "server/pipeline/inbox_writer.h"
#include "server/support/log.h"
#include "server/pipeline/mail_service.h"
#include "server/storage/file_space.h"
#include "server/storage/migrations.h"
#include "server/pipeline/outbox_sender.h"
#include "server/web/http_server.h"

namespace pbem::server {

namespace asio = mail::asio;

namespace {

// How often pbemd carries out the clock's duties (spec: at least once a minute).
constexpr std::chrono::seconds kClockInterval{30};
// How long one round of them may keep the processor from the mail (MailService::kBatchTime).
constexpr std::chrono::milliseconds kClockBudget{50};

// The processor's work signal: "something may be pending", set by the receiver.
class WorkSignal {
 public:
  void notify() {
    {
      std::lock_guard lock(mutex_);
      pending_ = true;
    }
    cv_.notify_one();
  }
  void stop() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    cv_.notify_one();
  }
  // Waits for work (or a timeout, to pick up anything left behind); false once stopping.
  bool wait() {
    std::unique_lock lock(mutex_);
    cv_.wait_for(lock, std::chrono::seconds(5), [&] { return pending_ || stopping_; });
    pending_ = false;
    return !stopping_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool pending_ = true;  // process leftovers from before a crash at once
  bool stopping_ = false;
};

mail::SmtpServerConfig smtp_config(const Config& config) {
  mail::SmtpServerConfig smtp;
  smtp.listen_host = config.smtp.listen.host;
  smtp.listen_port = config.smtp.listen.port;
  smtp.hostname = config.server.domain();
  smtp.local_addresses.push_back(config.server.address);
  for (const auto& alias : config.server.aliases) smtp.local_addresses.push_back(alias);
  smtp.accept_subaddresses = true;  // game addresses: <local>+<game>-<token>@<domain>
  smtp.max_message_bytes = config.smtp.max_message_bytes;
  smtp.max_recipients = static_cast<std::size_t>(config.smtp.max_recipients);
  smtp.max_connections = static_cast<std::size_t>(config.smtp.max_connections);
  smtp.max_connections_per_ip = static_cast<std::size_t>(config.smtp.max_connections_per_ip);
  smtp.max_errors = static_cast<std::size_t>(config.smtp.max_errors);
  smtp.command_timeout = config.smtp.command_timeout_seconds;
  smtp.data_timeout = config.smtp.data_timeout_seconds;
  smtp.data_total_timeout = config.smtp.data_total_timeout_seconds;
  smtp.max_session = config.smtp.max_session_seconds;
  smtp.tls_certificate_file = config.smtp.tls_certificate.string();
  smtp.tls_private_key_file = config.smtp.tls_private_key.string();
  smtp.log = [](std::string_view line) { log_line(line); };
  return smtp;
}

// The processor thread: its own connection, the same code path as `pbem ingest`. It also
// runs the clock's duties (`pbem tick`) at least every kClockInterval: the thread wakes
// every few seconds anyway, and like a batch each duty takes the write lock in turn, so
// mail acceptance never waits behind it for long.
void process_mail_and_clock(const Config& config, WorkSignal& work, WorkSignal& bot_work, WorkSignal& review_work,
                            WriteTurn& write_turn, OutboxSender& sender) {
  Database db(config.database);
  MailService service(db, config, &write_turn);
  auto next_tick = std::chrono::steady_clock::now();
  while (work.wait()) {
    try {
      if (service.process_pending() > 0) {
        sender.wake();
        bot_work.notify();
        review_work.notify();
      }
    } catch (const std::exception& e) {
      // The rows stay pending; the next round tries again.
      log_line(std::string("processor: ") + e.what());
    }
    if (std::chrono::steady_clock::now() < next_tick) continue;
    next_tick = std::chrono::steady_clock::now() + kClockInterval;
    try {
      const ClockDutiesDone done = run_clock_duties(db, config, &write_turn, kClockBudget);
      const int mailing_duties = done.reminders + done.timeouts + done.never_moved + done.autovacations +
                                 done.tournaments + done.invitations + done.digests;
      if (mailing_duties > 0) sender.wake();
      // A backlog (after downtime) goes on in the next round, after any mail waiting.
      if (done.more) {
        next_tick = std::chrono::steady_clock::now();
        work.notify();
      }
    } catch (const std::exception& e) {
      log_line(std::string("clock: ") + e.what() + "; tried again at the next tick");
    }
  }
}

// The computer opponent's thread: it thinks with no lock held and stores each move in its
// own transaction under the write turn, so neither the SMTP side nor the processor (other
// players' moves) waits while it searches (bot_turns.h).
void play_the_computer(const Config& config, WorkSignal& bot_work, WriteTurn& write_turn, OutboxSender& sender) {
  Database db(config.database);
  BotTurns bot(db, config, &write_turn);
  while (bot_work.wait()) {
    try {
      if (bot.play_pending() > 0) sender.wake();
    } catch (const std::exception& e) {
      log_line(std::string("bot: ") + e.what());  // the move is made again next round
    }
  }
}

// The reviewer's thread: the computer's reviews of finished games, one at a time, with no
// lock held while it thinks and its mail stored under the write turn (review_runner.h), so
// that a review of a minute delays no mail and no move.
void make_the_reviews(const Config& config, WorkSignal& review_work, WriteTurn& write_turn, OutboxSender& sender,
                      const std::atomic<bool>& stopping) {
  Database db(config.database);
  ReviewRunner reviewer(db, config, &write_turn, [&] { return stopping.load(); });
  while (review_work.wait()) {
    try {
      if (reviewer.make_pending([&] { return !stopping.load(); }) > 0) sender.wake();
    } catch (const std::exception& e) {
      log_line(std::string("reviews: ") + e.what() + "; tried again in the next round");
    }
  }
}

}  // namespace

int run_daemon(const Config& config) {
  if (auto problem = smarthost_security_problem(config.smarthost)) {
    log_line("pbemd: cannot start: " + *problem);
    return 1;
  }
  {
    Database db(config.database);
    migrate(db);
    // Retention frees pages either way (new rows reuse them); only `pbem init` lets the
    // file of an older database shrink (docs/operating.md "Retention").
    if (db.dialect() == Dialect::sqlite && !FileSpace(db).can_shrink())
      log_line("pbemd: database " + config.database.string() +
               " has no incremental auto-vacuum (made before schema 018): the space of deleted rows is reused "
               "but the file does not shrink; run `pbem init` once, best with pbemd stopped, to turn it on");
  }
  // Held until every thread below has closed its connections (it is destroyed last): a
  // `pbem restore` refuses while it is held.
  const DatabaseHold hold(config.database, DatabaseHold::Kind::shared);
  // The threads, so that none waits for another: the network thread (SMTP sessions,
  // signals; this one), the storing threads (InboxWriter's pool), the processor (with the
  // worker threads each batch starts, one per core: work_ahead.h), the computer
  // opponent's thread and the sender's (OutboxSender).
  asio::io_context io;
  asio::io_context sender_io;
  WorkSignal work;
  WorkSignal bot_work;  // "the computer may have a move to make", set by the processor
  WorkSignal review_work;  // "a review may be waiting", set by the processor
  std::atomic<bool> stopping{false};
  WriteTurn write_turn;  // the storing threads and the processor take the write lock in turn
  OutboxSender sender(sender_io, config);

  std::thread processor([&] { process_mail_and_clock(config, work, bot_work, review_work, write_turn, sender); });
  std::thread bot_player([&] { play_the_computer(config, bot_work, write_turn, sender); });
  std::thread reviewer([&] { make_the_reviews(config, review_work, write_turn, sender, stopping); });

  // 250 only once the message is durably in the inbox (a duplicate is already there).
  InboxWriter inbox(
      config,
      [&](ReceiveStatus status) {
        // A duplicate is logged and never answered: only new mail is work.
        if (status != ReceiveStatus::Duplicate) work.notify();
      },
      std::chrono::seconds(60), &write_turn);
  mail::SmtpServer smtp(
      io, smtp_config(config),
      [&](const mail::Envelope& envelope, std::string data) { return inbox.store(envelope, std::move(data)); },
      inbox.executor());

  asio::signal_set signals(io, SIGTERM, SIGINT);
  signals.async_wait([&](const boost::system::error_code& error, int signal) {
    if (error) return;
    log_line("pbemd: signal " + std::to_string(signal) + ", shutting down");
    smtp.stop();
    inbox.stop_waiting();
    sender.stop();
    work.stop();
    bot_work.stop();
    stopping = true;
    review_work.stop();
  });

  // The web window (web.listen) and the metrics (metrics.listen): each its own listener,
  // threads and database connections, reads only.
  std::optional<web::WebServer> window;
  std::optional<web::WebServer> metrics;
  try {
    if (config.web.listen) {
      window.emplace(web::window_site(config));
      window->start();
    }
    if (config.metrics.listen) {
      metrics.emplace(web::metrics_site(config));
      metrics->start();
    }
    smtp.start();
  } catch (const std::exception& e) {
    log_line(std::string("pbemd: cannot start: ") + e.what());
    work.stop();
    bot_work.stop();
    stopping = true;
    review_work.stop();
    processor.join();
    bot_player.join();
    reviewer.join();
    return 1;
  }
  sender.start();
  std::thread sending([&] { sender_io.run(); });
  log_line("pbemd: listening on " + config.smtp.listen.host + ":" + std::to_string(smtp.port()) + " for " +
           config.server.address + ", database " + Database::shown_location(config.database) + ", smarthost " +
           config.smarthost.host + ":" + std::to_string(config.smarthost.port));
  if (window)
    log_line("pbemd: web window on " + config.web.listen->host + ":" + std::to_string(window->port()) +
             (config.web.base_url.empty() ? "" : ", linked as " + config.web.base_url));
  if (metrics)
    log_line("pbemd: metrics on " + config.metrics.listen->host + ":" + std::to_string(metrics->port()) + "/metrics");
  io.run();
  sending.join();
  processor.join();
  bot_player.join();
  reviewer.join();
  log_line("pbemd: stopped");
  return 0;
}

}  // namespace pbem::server
