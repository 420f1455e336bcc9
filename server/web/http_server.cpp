#include "server/web/http_server.h"

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <array>
#include <chrono>
#include <csignal>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "mail/smtp_asio.h"
#include "mail/smtp_server.h"
#include "server/storage/database.h"
#include "server/support/log.h"
#include "server/web/metrics_page.h"
#include "server/web/web_layout.h"
#include "server/web/web_routes.h"

namespace pbem::server::web {

namespace asio = mail::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kMaxHeaderBytes = 8 * 1024;
constexpr std::size_t kMaxHeaderFields = 100;
constexpr int kMaxRequestsPerConnection = 100;
constexpr int kThreads = 2;  // pages are short reads; two let a slow one not hold up the rest
// After refusing a request whose body may still be arriving: how much of it is read and
// dropped, and for how long, before the connection is closed (see close_gently).
constexpr std::size_t kLingerBytes = 64 * 1024;
constexpr auto kLingerTime = std::chrono::seconds(2);

// Database connections for the page threads: each request takes one and gives it back.
class ConnectionPool {
 public:
  explicit ConnectionPool(std::filesystem::path location) : location_(std::move(location)) {}
  class Lease {
   public:
    Lease(ConnectionPool& pool, std::unique_ptr<Database> db) : pool_(pool), db_(std::move(db)) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() {
      if (db_) pool_.give_back(std::move(db_));
    }
    Database& operator*() { return *db_; }

   private:
    ConnectionPool& pool_;
    std::unique_ptr<Database> db_;
  };
  Lease take() {
    {
      std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        auto db = std::move(idle_.back());
        idle_.pop_back();
        return Lease(*this, std::move(db));
      }
    }
    return Lease(*this, std::make_unique<Database>(location_));
  }

 private:
  void give_back(std::unique_ptr<Database> db) {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(db));
  }
  std::filesystem::path location_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Database>> idle_;
};

// Connections now open, in all and by client group (mail::client_group_key).
class ConnectionCount {
 public:
  ConnectionCount(std::size_t max_total, std::size_t max_per_group) : max_total_(max_total), max_per_group_(max_per_group) {}
  bool admit(const std::string& group) {
    std::lock_guard lock(mutex_);
    if (total_ >= max_total_ || by_group_[group] >= max_per_group_) return false;
    ++total_;
    ++by_group_[group];
    return true;
  }
  void release(const std::string& group) {
    std::lock_guard lock(mutex_);
    --total_;
    if (--by_group_[group] == 0) by_group_.erase(group);
  }

 private:
  std::mutex mutex_;
  std::size_t max_total_, max_per_group_, total_ = 0;
  std::map<std::string, std::size_t> by_group_;
};

using Response = http::response<http::string_body>;

Response to_beast(const WebResponse& page, bool head, unsigned version, bool keep_alive) {
  Response response{static_cast<http::status>(page.status), version};
  response.set(http::field::server, "pbem");
  response.set(http::field::content_type, page.content_type);
  response.set(http::field::cache_control, page.cache_control);
  response.set("X-Content-Type-Options", "nosniff");
  if (page.content_type.starts_with("text/html"))
    response.set("Content-Security-Policy", "default-src 'self'; style-src 'self'; img-src 'self' data:");
  if (!page.etag.empty()) response.set(http::field::etag, page.etag);
  if (!page.allow.empty()) response.set(http::field::allow, page.allow);
  response.keep_alive(keep_alive);
  if (page.status == 304) return response;  // no body, no length (RFC 9110 15.4.5)
  if (head) {
    response.content_length(page.body.size());  // what GET would send, without it
  } else {
    response.body() = page.body;
    response.prepare_payload();
  }
  return response;
}

}  // namespace

struct WebServer::State {
  explicit State(Site site)
      : site(std::move(site)),
        acceptor(io),
        pool(this->site.database),
        connections(this->site.max_connections, this->site.max_connections_per_ip) {}
  const Site site;
  asio::io_context io;
  tcp::acceptor acceptor;
  ConnectionPool pool;
  ConnectionCount connections;
  std::vector<std::thread> threads;
  // Pages render on the io threads: short reads, and the io_context serves nothing else.
  WebResponse answer(const WebRequest& request) {
    try {
      auto db = pool.take();
      return site.respond(*db, request);
    } catch (const std::exception& e) {
      // No connection to the database (PostgreSQL down, the file gone): say so, and log it.
      log_line(site.name + ": no database connection: " + e.what());
      return text_response(503, "The database cannot be read just now; try again in a moment.");
    }
  }
};

namespace {

// Closes a connection after an answer that leaves the client's bytes unread (a refused
// body, an oversized header): closing a socket with unread data makes the kernel send a
// reset, which can destroy the answer in the client's buffers before it reads it. So the
// sending side is shut first (the client reads the answer, then the end), and what still
// arrives is read and dropped, at most kLingerBytes for at most kLingerTime.
asio::awaitable<void> close_gently(beast::tcp_stream& stream) {
  beast::error_code error;
  stream.socket().shutdown(tcp::socket::shutdown_send, error);
  stream.expires_after(kLingerTime);  // tcp_stream closes the socket when it passes
  std::array<char, 4096> dropped;
  for (std::size_t read = 0; !error && read < kLingerBytes;)
    read += co_await stream.async_read_some(asio::buffer(dropped), asio::redirect_error(asio::use_awaitable, error));
  stream.socket().close(error);
}

asio::awaitable<void> write_and_close(beast::tcp_stream& stream, const WebResponse& page) {
  Response response = to_beast(page, false, 11, false);
  beast::error_code error;
  co_await http::async_write(stream, response, asio::redirect_error(asio::use_awaitable, error));
  co_await close_gently(stream);
}

asio::awaitable<void> serve(WebServer::State* state, tcp::socket socket) {
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  const auto timeout = state->site.request_timeout;
  for (int served = 0; served < kMaxRequestsPerConnection; ++served) {
    http::request_parser<http::empty_body> parser;
    parser.header_limit(kMaxHeaderBytes);
    beast::error_code error;
    // The header alone, whole within the deadline: a client trickling a byte at a time gets
    // no more (tcp_stream closes the socket when it passes). Also the keep-alive idle limit.
    // What to answer is decided on the header, before any body is read.
    stream.expires_after(timeout);
    co_await http::async_read_header(stream, buffer, parser, asio::redirect_error(asio::use_awaitable, error));
    if (error == http::error::header_limit) {
      co_await write_and_close(stream, text_response(431, "The request's header is larger than 8 KB."));
      co_return;
    }
    if (error == beast::error::timeout || error == http::error::end_of_stream || error == asio::error::eof ||
        error == asio::error::connection_reset || error == asio::error::operation_aborted)
      co_return;
    if (error) {
      co_await write_and_close(stream, text_response(400, "The request is not HTTP/1.1 as this server reads it."));
      co_return;
    }
    const auto& request = parser.get();
    std::size_t fields = 0;
    for (auto it = request.begin(); it != request.end(); ++it) ++fields;
    if (fields > kMaxHeaderFields) {
      co_await write_and_close(stream, text_response(431, "The request has more than 100 header fields."));
      co_return;
    }
    // Decided on the header (refuse_before_body). A body is never read: its bytes would
    // otherwise be parsed as the next request, so after one the connection is closed.
    const bool body_follows = !parser.is_done();
    const std::string method(request.method_string());
    auto refused = refuse_before_body(method, body_follows);
    const WebResponse page = refused ? std::move(*refused)
                                     : state->answer({method, std::string(request.target()),
                                                      std::string(request[http::field::if_none_match])});
    const bool keep_alive = !body_follows && request.keep_alive() && served + 1 < kMaxRequestsPerConnection;
    Response response = to_beast(page, request.method() == http::verb::head, request.version(), keep_alive);
    stream.expires_after(timeout);
    co_await http::async_write(stream, response, asio::redirect_error(asio::use_awaitable, error));
    if (body_follows) {
      co_await close_gently(stream);
      co_return;
    }
    if (error || !keep_alive) break;
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
}

asio::awaitable<void> accept(WebServer::State* state) {
  for (;;) {
    beast::error_code error;
    tcp::socket socket = co_await state->acceptor.async_accept(asio::redirect_error(asio::use_awaitable, error));
    if (error == asio::error::operation_aborted || !state->acceptor.is_open()) co_return;
    if (error) continue;  // e.g. the client reset before we took it; try the next one
    beast::error_code ignored;
    const std::string group = mail::client_group_key(socket.remote_endpoint(ignored).address().to_string());
    if (!state->connections.admit(group)) {
      asio::co_spawn(
          state->io,
          [s = std::move(socket)]() mutable -> asio::awaitable<void> {
            beast::tcp_stream stream(std::move(s));
            stream.expires_after(std::chrono::seconds(5));
            co_await write_and_close(stream, text_response(503, "Too many connections; try again in a moment."));
          },
          asio::detached);
      continue;
    }
    asio::co_spawn(state->io, serve(state, std::move(socket)),
                   [state, group](std::exception_ptr) { state->connections.release(group); });
  }
}

}  // namespace

Site window_site(const Config& config) {
  if (!config.web.listen) throw std::invalid_argument("web.listen is not set");
  return {"web window",
          *config.web.listen,
          config.database,
          static_cast<std::size_t>(config.web.max_connections),
          static_cast<std::size_t>(config.web.max_connections_per_ip),
          config.web.request_timeout_seconds,
          [&config](Database& db, const WebRequest& request) { return respond(db, config, request); }};
}

Site metrics_site(const Config& config) {
  if (!config.metrics.listen) throw std::invalid_argument("metrics.listen is not set");
  // A scraper or two on a private address: few connections, short requests.
  return {"metrics", *config.metrics.listen, config.database, 10, 10, std::chrono::seconds(10), metrics_response};
}

WebServer::WebServer(Site site) : state_(std::make_unique<State>(std::move(site))) {}

WebServer::~WebServer() { stop(); }

void WebServer::start() {
  const ListenAddress& listen = state_->site.listen;
  try {
    tcp::resolver resolver(state_->io);
    const auto endpoint = *resolver.resolve(listen.host, std::to_string(listen.port)).begin();
    state_->acceptor.open(endpoint.endpoint().protocol());
    state_->acceptor.set_option(tcp::acceptor::reuse_address(true));
    state_->acceptor.bind(endpoint.endpoint());
    state_->acceptor.listen();
  } catch (const std::exception& e) {
    throw std::runtime_error(state_->site.name + ": cannot listen on " + listen.host + ":" +
                             std::to_string(listen.port) + ": " + e.what());
  }
  asio::co_spawn(state_->io, accept(state_.get()), asio::detached);
  for (int i = 0; i < kThreads; ++i) state_->threads.emplace_back([state = state_.get()] { state->io.run(); });
}

unsigned short WebServer::port() const { return state_->acceptor.local_endpoint().port(); }

void WebServer::stop() {
  if (state_->threads.empty()) return;
  state_->io.stop();
  for (std::thread& t : state_->threads) t.join();
  state_->threads.clear();
  beast::error_code ignored;
  state_->acceptor.close(ignored);
}

int run_web_server(const Config& config) {
  if (!config.web.listen) {
    log_line("pbem web: web.listen is not set in the configuration; nothing to serve");
    return 78;  // EX_CONFIG
  }
  asio::io_context signals_io;
  asio::signal_set signals(signals_io, SIGTERM, SIGINT);
  WebServer server(window_site(config));
  try {
    server.start();
  } catch (const std::exception& e) {
    log_line(std::string("pbem web: cannot start: ") + e.what());
    return 1;
  }
  log_line("pbem web: serving the web window on " + config.web.listen->host + ":" + std::to_string(server.port()) +
           ", database " + Database::shown_location(config.database));
  signals.async_wait([&](const boost::system::error_code&, int signal) {
    log_line("pbem web: signal " + std::to_string(signal) + ", shutting down");
  });
  signals_io.run();
  server.stop();
  return 0;
}

}  // namespace pbem::server::web
