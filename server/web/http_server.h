// The web window's HTTP/1.1 server (Boost.Beast): its own io_context on its own threads,
// never the SMTP thread, never holding the write lock (pages only read, each in a read
// transaction on one of its own database connections). Limits as on the SMTP side: request
// header at most 8 KB and 100 fields (431), no request body (413), a whole request within
// web.request_timeout_seconds however slowly it trickles in (then the connection is closed),
// at most web.max_connections connections and web.max_connections_per_ip from one address
// (503 beyond), keep-alive for at most kMaxRequestsPerConnection requests.
#pragma once

#include <memory>

#include "server/support/config.h"

namespace pbem::server::web {

class WebServer {
 public:
  explicit WebServer(const Config& config);  // config.web.listen must be set
  ~WebServer();                              // stop()s and joins its threads
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
