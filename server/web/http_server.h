// The HTTP/1.1 server (Boost.Beast) of the web window and of /metrics: its own io_context
// on its own threads, never the SMTP thread, never holding the write lock (answers only
// read, each in a read transaction on one of its own database connections). Limits as on
// the SMTP side: request header at most 8 KB and 100 fields (431), no request body (413), a
// whole request within the site's request timeout however slowly it trickles in (then the
// connection is closed), at most the site's connections in all and from one address (503
// beyond), keep-alive for at most kMaxRequestsPerConnection requests.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "server/storage/database.h"
#include "server/support/config.h"
#include "server/web/web_response.h"

namespace pbem::server::web {

// What one listener serves, and its limits: the web window on web.listen (window_site), the
// metrics on metrics.listen (metrics_site). Two sites never share an address, so the
// public window never answers /metrics.
struct Site {
  std::string name;  // in errors and the log: "web window", "metrics"
  ListenAddress listen;
  std::filesystem::path database;
  std::size_t max_connections = 100;
  std::size_t max_connections_per_ip = 10;
  std::chrono::seconds request_timeout{10};
  // Called on the server's threads with one of its database connections.
  std::function<WebResponse(Database&, const WebRequest&)> respond;
};

// `config` must outlive the server (the window's pages read it on every request).
Site window_site(const Config& config);   // config.web.listen must be set
Site metrics_site(const Config& config);  // config.metrics.listen must be set

class WebServer {
 public:
  explicit WebServer(Site site);
  ~WebServer();  // stop()s and joins its threads
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds and starts serving on its threads. Throws std::runtime_error naming the address
  // when it cannot bind (a port in use).
  void start();
  unsigned short port() const;
  // Stops accepting, closes the connections, joins the threads.
  void stop();

  struct State;  // the io_context, acceptor, connections and counts (http_server.cpp)

 private:
  std::unique_ptr<State> state_;  // its io_context destroys any connection still open
};

// `pbem web`: serves the window alone until SIGTERM or SIGINT; returns the exit status.
int run_web_server(const Config& config);

}  // namespace pbem::server::web
