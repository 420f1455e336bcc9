#include "mail/smtp_session.h"

#include <algorithm>
#include <charconv>
#include <exception>
#include <limits>
#include <utility>

#include "mail/smtp_data.h"
#include "mail/smtp_server_state.h"

namespace pbem::mail::detail {
namespace {

// How long a farewell (421) may take to write before we just close.
constexpr std::chrono::seconds kFarewellTimeout{10};

std::string join_recipients(const std::vector<std::string>& recipients) {
  std::string joined;
  for (const auto& recipient : recipients) {
    if (!joined.empty()) joined += ',';
    joined += '<' + recipient + '>';
  }
  return joined;
}

// A SIZE= value: decimal digits that fit; nullopt otherwise.
std::optional<std::size_t> parse_size(const std::string& value) {
  std::size_t size = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), size);
  if (error == std::errc::result_out_of_range) return std::numeric_limits<std::size_t>::max();
  if (error != std::errc() || end != value.data() + value.size()) return std::nullopt;
  return size;
}

}  // namespace

SmtpSession::SmtpSession(std::shared_ptr<SmtpServerState> server, tcp::socket socket,
                         std::uint64_t id)
    : server_(std::move(server)),
      id_(id),
      stream_(std::move(socket)),
      session_deadline_(SmtpStream::deadline_after(server_->config.max_session)) {
  server_->sessions.emplace(id_, this);
  envelope_.client_address = stream_.remote_address();
  client_group_ = client_group_key(envelope_.client_address);
  ++server_->sessions_per_client[client_group_];
}

SmtpSession::~SmtpSession() {
  server_->sessions.erase(id_);
  const auto from_client = server_->sessions_per_client.find(client_group_);
  if (from_client != server_->sessions_per_client.end() && --from_client->second == 0) {
    server_->sessions_per_client.erase(from_client);
  }
}

void SmtpSession::on_server_stop() {
  if (phase_ == Phase::Data) {
    stream_.close();
  } else {
    stream_.cancel();
  }
}

void SmtpSession::reply(std::string_view line) {
  if (!line.empty() && (line.front() == '4' || line.front() == '5')) ++errors_;
  reply_uncounted(line);
}

void SmtpSession::reply_uncounted(std::string_view line) {
  stream_.queue(line);
  stream_.queue("\r\n");
}

void SmtpSession::log(std::string_view event) const {
  server_->log("smtp[" + std::to_string(id_) + "] " + std::string(event));
}

bool SmtpSession::session_over() const {
  return std::chrono::steady_clock::now() >= session_deadline_;
}

void SmtpSession::end_if_session_over() const {
  // Checked before every command and DATA line, not only by the read deadlines: input
  // already buffered (pipelining, a client that never pauses) is read without waiting.
  if (session_over()) throw boost::system::system_error(asio::error::timed_out);
}

void SmtpSession::reset_transaction() {
  in_transaction_ = false;
  envelope_.mail_from.clear();
  envelope_.recipients.clear();
}

asio::awaitable<void> SmtpSession::run(std::shared_ptr<SmtpSession> self) {
  const SmtpServerConfig& config = self->server_->config;
  self->log("connect from " + self->envelope_.client_address);

  boost::system::error_code failure;
  std::string failure_text;
  try {
    co_await self->converse();
  } catch (const boost::system::system_error& error) {
    failure = error.code();
    failure_text = error.what();
  } catch (const std::exception& error) {
    failure = make_error_code(boost::system::errc::io_error);
    failure_text = error.what();
  }

  // How the conversation ended decides the last words. (No co_await inside a catch.)
  const bool in_data = self->phase_ == Phase::Data;
  std::string farewell;
  if (self->quit_received_) {
    // The normal ending; the 221 has been sent.
  } else if (self->server_->stopping) {
    if (in_data) {
      self->log("server stopping: message in transfer abandoned, not stored");
    } else {
      farewell = "421 4.3.2 " + config.hostname + " Service shutting down";
      self->log("server stopping: closing connection");
    }
  } else if (failure == asio::error::timed_out && self->session_over()) {
    // max_session: however active the client was. Replies still queued (the 250 for a
    // message stored just before) go out ahead of this.
    farewell = "421 4.4.2 " + config.hostname +
               " Error: session time limit exceeded, closing connection";
    self->log(in_data ? "session time limit reached during DATA: message discarded, not stored"
                      : "session time limit reached: closing connection");
  } else if (failure == asio::error::timed_out) {
    farewell = "421 4.4.2 " + config.hostname + " Error: timeout exceeded";
    self->log(in_data ? "timeout during DATA: message discarded, not stored"
                      : "timeout waiting for a command");
  } else if (failure == asio::error::eof || failure == asio::error::connection_reset) {
    self->log(in_data ? "client disconnected during DATA: message discarded, not stored"
                      : "client disconnected without QUIT");
  } else if (failure) {
    self->log((in_data ? "connection failed during DATA (message discarded): "
                       : "connection failed: ") + failure_text);
  }

  if (!farewell.empty()) {
    try {
      co_await self->stream_.write(farewell + "\r\n", kFarewellTimeout);
    } catch (const std::exception&) {
      // The client is gone or stuck; closing is all that is left.
    }
  }
  self->stream_.close();
  self->log("disconnect");
}

asio::awaitable<void> SmtpSession::converse() {
  const SmtpServerConfig& config = server_->config;
  reply("220 " + config.hostname + " ESMTP pbem ready");
  while (!server_->stopping) {
    end_if_session_over();
    const SmtpLine line = co_await stream_.read_line_by(
        config.max_line_length,
        std::min(SmtpStream::deadline_after(config.command_timeout), session_deadline_));
    if (line.too_long) {
      reply("500 5.5.2 Error: line too long");
      if (errors_ >= config.max_errors) {
        reply_uncounted("421 4.7.0 " + config.hostname + " Error: too many errors");
        log("closing connection after " + std::to_string(errors_) + " errors");
        break;
      }
      continue;
    }
    const SmtpCommand command = parse_command_line(line.text);
    const bool keep_going = co_await respond(command);
    if (!keep_going) break;
    if (errors_ >= config.max_errors) {
      // A client that keeps getting errors is broken or probing; either way it has had
      // its chances, and it should not hold a connection slot.
      reply_uncounted("421 4.7.0 " + config.hostname + " Error: too many errors");
      log("closing connection after " + std::to_string(errors_) + " errors");
      break;
    }
  }
  co_await stream_.flush(config.command_timeout);
}

asio::awaitable<bool> SmtpSession::respond(const SmtpCommand& command) {
  const SmtpServerConfig& config = server_->config;
  switch (command.verb) {
    case SmtpVerb::Helo:
      hello(command.argument, false);
      break;
    case SmtpVerb::Ehlo:
      hello(command.argument, true);
      break;
    case SmtpVerb::Mail:
      mail(command.argument);
      break;
    case SmtpVerb::Rcpt:
      recipient(command.argument);
      break;
    case SmtpVerb::Data:
      co_await data(command.argument);
      break;
    case SmtpVerb::Rset:
      if (!command.argument.empty()) {
        reply("501 5.5.4 Syntax: RSET");
      } else {
        reset_transaction();
        reply("250 2.0.0 OK");
      }
      break;
    case SmtpVerb::Noop:  // an argument is allowed and ignored (RFC 5321 4.1.1.9)
      reply("250 2.0.0 OK");
      break;
    case SmtpVerb::Quit:
      reply("221 2.0.0 " + config.hostname + " closing connection");
      quit_received_ = true;
      co_return false;
    case SmtpVerb::Vrfy:
      if (command.argument.empty()) {
        reply("501 5.5.4 Syntax: VRFY address");
      } else {
        // Confirming addresses only helps address harvesters (RFC 5321 section 7.3).
        reply("252 2.0.0 Cannot VRFY user, but will accept message and attempt delivery");
      }
      break;
    case SmtpVerb::Help:
      reply("214 2.0.0 Commands: HELO EHLO MAIL RCPT DATA RSET NOOP QUIT VRFY HELP" +
            std::string(server_->tls_context ? " STARTTLS" : ""));
      break;
    case SmtpVerb::Starttls:
      co_await start_tls(command.argument);
      break;
    case SmtpVerb::Unknown:
      reply("500 5.5.1 Error: command not recognized");
      break;
  }
  co_return true;
}

void SmtpSession::hello(const std::string& argument, bool extended) {
  const SmtpServerConfig& config = server_->config;
  if (argument.empty()) {
    reply(extended ? "501 5.5.4 Syntax: EHLO hostname" : "501 5.5.4 Syntax: HELO hostname");
    return;
  }
  // A new greeting starts over (RFC 5321 4.1.4).
  reset_transaction();
  envelope_.helo_name = argument;
  if (!extended) {
    reply("250 " + config.hostname);
    return;
  }
  // Replies to EHLO (and HELO, and the greeting) carry no enhanced status code (RFC 2034).
  std::vector<std::string> lines{config.hostname,
                                 "SIZE " + std::to_string(config.max_message_bytes),
                                 "PIPELINING", "8BITMIME", "ENHANCEDSTATUSCODES"};
  if (server_->tls_context && !stream_.is_tls()) lines.push_back("STARTTLS");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    reply((i + 1 < lines.size() ? "250-" : "250 ") + lines[i]);
  }
}

void SmtpSession::mail(const std::string& argument) {
  const SmtpServerConfig& config = server_->config;
  if (envelope_.helo_name.empty()) {
    reply("503 5.5.1 Error: send HELO/EHLO first");
    return;
  }
  if (in_transaction_) {
    reply("503 5.5.1 Error: nested MAIL command");
    return;
  }
  const auto path = parse_path_argument(argument, "FROM");
  if (!path) {
    reply("501 5.5.4 Syntax: MAIL FROM:<address> [SIZE=n] [BODY=7BIT|8BITMIME]");
    return;
  }
  for (const SmtpParameter& parameter : path->parameters) {
    if (parameter.keyword == "SIZE") {
      const auto size = parameter.value ? parse_size(*parameter.value) : std::nullopt;
      if (!size) {
        reply("501 5.5.4 Syntax: SIZE=<decimal number of octets>");
        return;
      }
      if (*size > config.max_message_bytes) {
        reply("552 5.3.4 Message size exceeds fixed maximum message size");
        log("refused MAIL from <" + path->address + ">: declared SIZE " + *parameter.value +
            " over the limit");
        return;
      }
    } else if (parameter.keyword == "BODY") {
      // We take 8-bit data either way; the parameter only has to be one we advertise.
      const std::string body = ascii_uppercase(parameter.value.value_or(""));
      if (body != "7BIT" && body != "8BITMIME") {
        reply("501 5.5.4 Syntax: BODY=7BIT or BODY=8BITMIME");
        return;
      }
    } else {
      reply("555 5.5.4 Unsupported MAIL parameter " + parameter.keyword);
      return;
    }
  }
  in_transaction_ = true;
  envelope_.mail_from = path->address;
  envelope_.recipients.clear();
  reply("250 2.1.0 Sender OK");
}

void SmtpSession::recipient(const std::string& argument) {
  const SmtpServerConfig& config = server_->config;
  if (!in_transaction_) {
    reply("503 5.5.1 Error: need MAIL command");
    return;
  }
  const auto path = parse_path_argument(argument, "TO");
  if (!path || path->address.empty()) {
    reply("501 5.5.4 Syntax: RCPT TO:<address>");
    return;
  }
  if (!path->parameters.empty()) {
    reply("555 5.5.4 Unsupported RCPT parameter " + path->parameters.front().keyword);
    return;
  }
  if (!server_->is_local_address(path->address)) {
    // Never an open relay: only the server's own addresses are accepted.
    reply("550 5.1.1 <" + path->address + ">: Recipient address rejected: not a local address");
    log("refused RCPT <" + path->address + ">: not a local address");
    return;
  }
  const bool duplicate = std::any_of(
      envelope_.recipients.begin(), envelope_.recipients.end(),
      [&](const std::string& known) { return ascii_iequals(known, path->address); });
  if (!duplicate) {
    if (envelope_.recipients.size() >= config.max_recipients) {
      reply("452 4.5.3 Error: too many recipients");
      return;
    }
    envelope_.recipients.push_back(path->address);
  }
  reply("250 2.1.5 Recipient OK");
}

asio::awaitable<void> SmtpSession::data(const std::string& argument) {
  const SmtpServerConfig& config = server_->config;
  if (!argument.empty()) {
    reply("501 5.5.4 Syntax: DATA");
    co_return;
  }
  if (!in_transaction_) {
    reply("503 5.5.1 Error: need MAIL command");
    co_return;
  }
  if (envelope_.recipients.empty()) {
    reply("503 5.5.1 Error: need RCPT command");
    co_return;
  }
  reply("354 End data with <CR><LF>.<CR><LF>");

  phase_ = Phase::Data;
  // A line inside DATA may be as long as the whole message (see max_line_length); the max()
  // saturates instead of wrapping when max_message_bytes is SIZE_MAX.
  const std::size_t longest_line =
      std::max(config.max_message_bytes, config.max_message_bytes + 1);
  SmtpDataReceiver receiver(config.max_message_bytes);
  // However steadily the client trickles, the whole message must arrive by this time.
  const auto data_deadline = SmtpStream::deadline_after(config.data_total_timeout);
  for (;;) {
    // A message still arriving when the session's time is up is cut off: no 250 for it.
    end_if_session_over();
    const auto line_deadline = std::min(
        {SmtpStream::deadline_after(config.data_timeout), data_deadline, session_deadline_});
    const SmtpLine line = co_await stream_.read_line_by(longest_line, line_deadline);
    if (receiver.add_line(line)) break;
  }
  if (server_->stopping) {
    // stop() came while the message was arriving: abandon it (run() logs it).
    throw boost::system::system_error(asio::error::operation_aborted);
  }
  phase_ = Phase::Commands;

  if (receiver.oversize()) {
    reply("552 5.3.4 Error: message size exceeds fixed maximum message size");
    log("refused message from <" + envelope_.mail_from + ">: " +
        std::to_string(receiver.size()) + " bytes, over the limit of " +
        std::to_string(config.max_message_bytes));
  } else {
    co_await store(receiver.take_data());
  }
  reset_transaction();
}

namespace {

// Runs on the sink executor (the storage thread); never throws.
asio::awaitable<SinkVerdict> call_sink(std::shared_ptr<SmtpServerState> server,
                                       Envelope envelope, std::string message,
                                       std::string log_prefix) {
  try {
    co_return server->sink(envelope, std::move(message));
  } catch (const std::exception& error) {
    server->log(log_prefix + "message sink failed: " + error.what());
  } catch (...) {
    server->log(log_prefix + "message sink failed with an unknown exception");
  }
  co_return SinkVerdict::TemporaryFailure;
}

}  // namespace

asio::awaitable<void> SmtpSession::store(std::string message) {
  const std::size_t size = message.size();
  // The sink runs elsewhere; this session (and every other one) waits without blocking the
  // network thread, and answers only once the verdict is back.
  const SinkVerdict verdict = co_await asio::co_spawn(
      server_->sink_executor,
      call_sink(server_, envelope_, std::move(message), "smtp[" + std::to_string(id_) + "] "),
      asio::use_awaitable);
  const std::string summary = "from=<" + envelope_.mail_from + "> to=" +
                              join_recipients(envelope_.recipients) +
                              " size=" + std::to_string(size) +
                              (envelope_.tls ? " tls=yes" : " tls=no");
  if (verdict == SinkVerdict::Stored) {
    reply("250 2.0.0 OK: message accepted");
    log("message stored: " + summary);
  } else {
    reply_uncounted("451 4.3.0 Error: temporary storage failure, try again later");
    log("message not stored (temporary failure): " + summary);
  }
}

asio::awaitable<void> SmtpSession::start_tls(const std::string& argument) {
  const SmtpServerConfig& config = server_->config;
  if (!server_->tls_context) {
    reply("502 5.5.1 Error: STARTTLS not available");
    co_return;
  }
  if (stream_.is_tls()) {
    reply("503 5.5.1 Error: TLS already active");
    co_return;
  }
  if (!argument.empty()) {
    reply("501 5.5.4 Syntax: STARTTLS");
    co_return;
  }
  reply("220 2.0.0 Ready to start TLS");
  const auto session_left = session_deadline_ - std::chrono::steady_clock::now();
  co_await stream_.start_tls_as_server(
      *server_->tls_context,
      std::min<SmtpStream::Duration>(config.command_timeout, session_left));
  // Forget everything learnt before TLS, the greeting included (RFC 3207 section 4.2).
  reset_transaction();
  envelope_.helo_name.clear();
  envelope_.tls = true;
  log("TLS established: " + stream_.tls_description());
}

}  // namespace pbem::mail::detail
