#pragma once
// What the listener and every session of one SmtpServer share. Internal to mail/.
//
// Sessions hold it by shared_ptr, so it outlives the SmtpServer object if a session is
// still finishing; everything in it is touched only on the io_context's thread.

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "mail/smtp_asio.h"
#include "mail/smtp_server.h"

namespace pbem::mail::detail {

class SmtpSession;

struct SmtpServerState {
  SmtpServerState(asio::io_context& io, SmtpServerConfig config, MessageSink sink,
                  asio::any_io_executor sink_executor);

  void log(std::string_view line) const;
  bool is_local_address(std::string_view address) const;
  // Stops accepting and tells every session (see SmtpServer::stop()).
  void stop();

  const SmtpServerConfig config;
  const MessageSink sink;
  const asio::any_io_executor sink_executor;  // where the sink runs
  std::unique_ptr<asio::ssl::context> tls_context;  // set when STARTTLS is offered
  tcp::acceptor acceptor;
  bool stopping = false;
  std::uint64_t next_session_id = 1;
  std::map<std::uint64_t, SmtpSession*> sessions;  // live sessions; they add and remove themselves
  // Live sessions by client_group_key() of the client's address (max_connections_per_ip).
  std::map<std::string, std::size_t> sessions_per_client;
  std::set<std::string> local_addresses;           // lower-cased
};

}  // namespace pbem::mail::detail
