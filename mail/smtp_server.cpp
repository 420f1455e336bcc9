#include "mail/smtp_server.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "mail/smtp_server_state.h"
#include "mail/smtp_session.h"
#include "mail/smtp_stream.h"
#include "mail/smtp_syntax.h"

namespace pbem::mail {

std::string client_group_key(std::string_view text) {
  boost::system::error_code not_an_address;
  const asio::ip::address address = asio::ip::make_address(std::string(text), not_an_address);
  if (not_an_address) return std::string(text);
  if (address.is_v4()) return address.to_string();
  const asio::ip::address_v6 v6 = address.to_v6();
  if (v6.is_v4_mapped()) return asio::ip::make_address_v4(asio::ip::v4_mapped, v6).to_string();
  // The /64: the network half kept, the interface half (and any scope) dropped.
  asio::ip::address_v6::bytes_type bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return asio::ip::address_v6(bytes).to_string() + "/64";
}

namespace detail {

SmtpServerState::SmtpServerState(asio::io_context& io, SmtpServerConfig config_in,
                                 MessageSink sink_in, asio::any_io_executor sink_executor_in)
    : config(std::move(config_in)),
      sink(std::move(sink_in)),
      sink_executor(std::move(sink_executor_in)),
      acceptor(io) {
  for (const auto& address : config.local_addresses) {
    local_addresses.insert(ascii_lowercase(address));
  }
}

void SmtpServerState::log(std::string_view line) const {
  if (config.log) {
    config.log(line);
    return;
  }
  // One fwrite per line keeps lines whole when other threads write to stderr too.
  std::string whole(line);
  whole += '\n';
  std::fwrite(whole.data(), 1, whole.size(), stderr);
}

bool SmtpServerState::is_local_address(std::string_view address) const {
  std::string wanted = ascii_lowercase(address);
  if (local_addresses.count(wanted) != 0) return true;
  if (!config.accept_subaddresses) return false;
  // "local+detail@domain" (RFC 5233) is local when "local@domain" is.
  const auto at = wanted.rfind('@');
  const auto plus = wanted.find('+');
  if (at == std::string::npos || plus == std::string::npos || plus > at) return false;
  wanted.erase(plus, at - plus);
  return local_addresses.count(wanted) != 0;
}

void SmtpServerState::stop() {
  if (stopping) return;
  stopping = true;
  boost::system::error_code ignored;
  acceptor.close(ignored);
  log("smtp: server stopping, " + std::to_string(sessions.size()) + " session(s) open");
  // Copy first: a session may finish (and leave the map) while we go round.
  std::vector<SmtpSession*> live;
  for (const auto& [id, session] : sessions) live.push_back(session);
  for (SmtpSession* session : live) session->on_server_stop();
}

}  // namespace detail

namespace {

constexpr std::chrono::seconds kRefusalTimeout{10};

void validate(const SmtpServerConfig& config, const MessageSink& sink) {
  auto fail = [](const std::string& why) {
    throw std::invalid_argument("SMTP server configuration: " + why);
  };
  if (!sink) fail("no message sink");
  if (config.local_addresses.empty()) {
    fail("no local addresses, so every recipient would be refused");
  }
  for (const auto& address : config.local_addresses) {
    if (address.empty() || !is_wellformed_address(address)) {
      fail("local address '" + address + "' is not a mail address");
    }
  }
  if (config.hostname.empty() || !is_wellformed_address(config.hostname)) {
    fail("hostname '" + config.hostname + "' is empty or contains blanks or control characters");
  }
  if (config.tls_certificate_file.empty() != config.tls_private_key_file.empty()) {
    fail("STARTTLS needs both tls_certificate_file and tls_private_key_file");
  }
  if (config.max_message_bytes == 0) fail("max_message_bytes must be positive");
  if (config.max_recipients == 0) fail("max_recipients must be positive");
  if (config.max_connections == 0) fail("max_connections must be positive");
  if (config.max_connections_per_ip == 0) fail("max_connections_per_ip must be positive");
  if (config.max_errors == 0) fail("max_errors must be positive");
  // "MAIL FROM:<" + a 256-octet path + ">" must fit (RFC 5321 4.5.3.1).
  if (config.max_line_length < 512) fail("max_line_length must be at least 512");
  if (config.command_timeout.count() <= 0 || config.data_timeout.count() <= 0 ||
      config.data_total_timeout.count() <= 0 || config.max_session.count() <= 0) {
    fail("timeouts must be positive");
  }
}

std::unique_ptr<asio::ssl::context> load_tls_context(const SmtpServerConfig& config) {
  auto context = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_server);
  context->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                       asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                       asio::ssl::context::no_tlsv1_1 | asio::ssl::context::single_dh_use);
  try {
    context->use_certificate_chain_file(config.tls_certificate_file);
  } catch (const boost::system::system_error& error) {
    throw std::runtime_error("cannot load TLS certificate '" + config.tls_certificate_file +
                             "': " + error.code().message());
  }
  try {
    context->use_private_key_file(config.tls_private_key_file, asio::ssl::context::pem);
  } catch (const boost::system::system_error& error) {
    throw std::runtime_error("cannot load TLS private key '" + config.tls_private_key_file +
                             "': " + error.code().message());
  }
  return context;
}

// Over a connection limit: say so and hang up, without starting a session.
asio::awaitable<void> refuse_connection(std::shared_ptr<detail::SmtpServerState> state,
                                        tcp::socket socket, std::string why) {
  SmtpStream stream(std::move(socket));
  state->log("smtp: refused connection from " + stream.remote_address() + ": " + why);
  try {
    co_await stream.write("421 4.7.0 " + state->config.hostname + " Error: " + why +
                              ", try again later\r\n",
                          kRefusalTimeout);
  } catch (const std::exception&) {
    // Gone already; nothing to tell.
  }
  stream.close();
}

asio::awaitable<void> accept_connections(std::shared_ptr<detail::SmtpServerState> state) {
  const auto executor = co_await asio::this_coro::executor;
  while (!state->stopping && state->acceptor.is_open()) {
    boost::system::error_code error;
    tcp::socket socket =
        co_await state->acceptor.async_accept(asio::redirect_error(asio::use_awaitable, error));
    if (state->stopping) break;
    if (error) {
      state->log("smtp: accept failed: " + error.message());
      // Out of file descriptors, say: pause rather than spin on an accept that fails.
      asio::steady_timer pause(executor, std::chrono::milliseconds(100));
      co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, error));
      continue;
    }
    if (state->sessions.size() >= state->config.max_connections) {
      asio::co_spawn(executor,
                     refuse_connection(state, std::move(socket), "too many connections"),
                     asio::detached);
      continue;
    }
    boost::system::error_code no_peer;
    const std::string peer = socket.remote_endpoint(no_peer).address().to_string();
    const auto from_peer = state->sessions_per_client.find(client_group_key(peer));
    if (!no_peer && from_peer != state->sessions_per_client.end() &&
        from_peer->second >= state->config.max_connections_per_ip) {
      // One client must not take every slot (idle connections held open on purpose); an
      // IPv6 client is its /64, not each of its 2^64 addresses (client_group_key).
      asio::co_spawn(executor,
                     refuse_connection(state, std::move(socket),
                                       "too many connections from your address"),
                     asio::detached);
      continue;
    }
    auto session =
        std::make_shared<detail::SmtpSession>(state, std::move(socket), state->next_session_id++);
    asio::co_spawn(executor, detail::SmtpSession::run(std::move(session)), asio::detached);
  }
}

}  // namespace

SmtpServer::SmtpServer(asio::io_context& io, SmtpServerConfig config, MessageSink sink,
                       std::optional<asio::any_io_executor> sink_executor)
    : io_(io) {
  validate(config, sink);
  state_ = std::make_shared<detail::SmtpServerState>(
      io, std::move(config), std::move(sink), sink_executor.value_or(io.get_executor()));
}

SmtpServer::~SmtpServer() { stop(); }

void SmtpServer::start() {
  const SmtpServerConfig& config = state_->config;
  if (state_->acceptor.is_open()) throw std::logic_error("SmtpServer::start() called twice");
  if (!config.tls_certificate_file.empty()) state_->tls_context = load_tls_context(config);

  const std::string where = config.listen_host + ":" + std::to_string(config.listen_port);
  boost::system::error_code error;
  tcp::resolver resolver(io_);
  const auto endpoints = resolver.resolve(config.listen_host,
                                          std::to_string(config.listen_port),
                                          tcp::resolver::passive | tcp::resolver::numeric_service,
                                          error);
  if (error || endpoints.empty()) {
    throw std::runtime_error("cannot resolve SMTP listen address " + where + ": " +
                             error.message());
  }
  const tcp::endpoint endpoint = *endpoints.begin();
  tcp::acceptor& acceptor = state_->acceptor;
  acceptor.open(endpoint.protocol(), error);
  if (!error) acceptor.set_option(tcp::acceptor::reuse_address(true), error);
  if (!error) acceptor.bind(endpoint, error);
  if (!error) acceptor.listen(asio::socket_base::max_listen_connections, error);
  if (error) {
    boost::system::error_code ignored;
    acceptor.close(ignored);
    throw std::runtime_error("cannot listen for SMTP on " + where + ": " + error.message());
  }
  port_ = acceptor.local_endpoint().port();
  state_->log("smtp: listening on " + endpoint.address().to_string() + ":" +
              std::to_string(port_) + (state_->tls_context ? " (STARTTLS offered)" : ""));
  asio::co_spawn(io_, accept_connections(state_), asio::detached);
}

void SmtpServer::stop() {
  asio::post(io_, [state = state_] { state->stop(); });
}

}  // namespace pbem::mail
