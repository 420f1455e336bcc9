#pragma once
// One inbound SMTP connection: the RFC 5321 dialogue from greeting to QUIT. Internal to
// mail/; SmtpServer's listener co_spawns SmtpSession::run for each accepted socket.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "mail/smtp_asio.h"
#include "mail/smtp_server.h"
#include "mail/smtp_stream.h"
#include "mail/smtp_syntax.h"

namespace pbem::mail::detail {

struct SmtpServerState;

class SmtpSession {
 public:
  // Registers with the server's session list (and leaves it when destroyed).
  SmtpSession(std::shared_ptr<SmtpServerState> server, tcp::socket socket, std::uint64_t id);
  ~SmtpSession();
  SmtpSession(const SmtpSession&) = delete;
  SmtpSession& operator=(const SmtpSession&) = delete;

  // Runs the whole conversation; the coroutine frame owns the session.
  static asio::awaitable<void> run(std::shared_ptr<SmtpSession> self);

  // The server is stopping: abort a wait for a command (run() then says 421) or abandon a
  // message in transfer.
  void on_server_stop();

 private:
  enum class Phase { Commands, Data };

  asio::awaitable<void> converse();  // greeting .. QUIT; throws on network errors
  asio::awaitable<bool> respond(const SmtpCommand& command);  // false after QUIT
  void hello(const std::string& argument, bool extended);
  void mail(const std::string& argument);
  void recipient(const std::string& argument);
  asio::awaitable<void> data(const std::string& argument);
  asio::awaitable<void> start_tls(const std::string& argument);
  asio::awaitable<void> store(std::string message);
  void reset_transaction();
  // The session's time (max_session) is up: no command or DATA line is taken any more.
  bool session_over() const;
  // Throws timed_out once session_over(); run() then says 421 and closes.
  void end_if_session_over() const;

  // Queued; read_line flushes before it waits. A 4xx/5xx reply counts towards max_errors.
  void reply(std::string_view line);
  void reply_uncounted(std::string_view line);  // a failure that is ours, not the client's
  void log(std::string_view event) const;

  std::shared_ptr<SmtpServerState> server_;
  const std::uint64_t id_;
  SmtpStream stream_;
  Phase phase_ = Phase::Commands;
  Envelope envelope_;
  bool in_transaction_ = false;  // MAIL accepted, not yet finished or reset
  bool quit_received_ = false;
  std::size_t errors_ = 0;  // 4xx/5xx replies so far
  // When the session ends however active it is (max_session): every wait ends by then.
  SmtpStream::TimePoint session_deadline_;
  std::string client_group_;  // client_group_key() of the address, for max_connections_per_ip
};

}  // namespace pbem::mail::detail
