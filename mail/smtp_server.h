#pragma once
// The inbound SMTP server (RFC 5321 with SIZE, PIPELINING, 8BITMIME, ENHANCEDSTATUSCODES
// and STARTTLS). It accepts mail only for the configured local addresses, never relays,
// and hands each complete message to a MessageSink; it answers 250 only after the sink
// reports the message durably stored.
//
// Threading: run the io_context on ONE thread. The sink runs on the sink executor given
// to the constructor (a storage thread), so a slow or locked database never delays a
// greeting or another session; the session waits for the sink's verdict before it answers
// 250 or 451. Without a sink executor the sink runs on the io_context's thread and blocks
// it. start(), port() and stop() may be called from any thread.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mail/smtp_asio.h"

namespace pbem::mail {

struct SmtpServerConfig {
  std::string listen_host = "127.0.0.1";  // a numeric address or a resolvable name
  unsigned short listen_port = 2525;      // 0 = an ephemeral port; see SmtpServer::port()
  std::string hostname = "localhost";     // in the greeting and the EHLO reply
  std::vector<std::string> local_addresses;  // accepted RCPT addresses (case-insensitive)
  // Also accept "local+detail@domain" for each local address "local@domain" (RFC 5233
  // subaddressing): the game server's per-player reply addresses.
  bool accept_subaddresses = false;
  std::size_t max_message_bytes = 1048576;   // advertised as SIZE; 552 5.3.4 beyond
  std::size_t max_recipients = 20;           // 452 4.5.3 beyond
  // Longest command line. RFC 5321 says 512 octets for commands and 1000 for text lines;
  // we are tolerant. Lines inside DATA are limited only by max_message_bytes, because
  // real mail clients do send over-long lines and bouncing a player's move for it helps
  // nobody.
  std::size_t max_line_length = 4096;        // 500 5.5.2 beyond
  std::size_t max_connections = 100;         // 421 4.7.0 beyond
  std::size_t max_connections_per_ip = 10;   // from one client address; 421 4.7.0 beyond
  std::size_t max_errors = 10;               // 4xx/5xx replies to a session; then 421 4.7.0
  // Deadlines, each for the whole of what it covers (a client trickling one byte at a time
  // does not extend them); 421 4.4.2 when one passes.
  std::chrono::seconds command_timeout{300};  // one command line (RFC 5321 4.5.3.2.7)
  std::chrono::seconds data_timeout{600};     // one line of DATA
  std::chrono::seconds data_total_timeout{600};  // the whole DATA, from 354 to the final dot
  // The whole session, however active: a client sending NOOP every few minutes must not
  // hold a connection slot for ever. A message still arriving then is cut off unstored.
  std::chrono::seconds max_session{1800};
  // Both set: STARTTLS is offered with this PEM certificate (chain) and key.
  std::string tls_certificate_file, tls_private_key_file;
  // One line per connection or message event, without a line end. Empty: stderr.
  // Never receives message text, only envelopes, sizes and outcomes.
  std::function<void(std::string_view)> log;
};

// The SMTP envelope of one message, as the client gave it.
struct Envelope {
  std::string mail_from;                 // "" for the null reverse path <> (bounces)
  std::vector<std::string> recipients;   // each one of the local addresses, as the client spelt it
  std::string client_address;            // peer IP address
  std::string helo_name;                 // the HELO/EHLO argument
  bool tls = false;                      // the message came over STARTTLS
};

enum class SinkVerdict { Stored, TemporaryFailure };  // 250 2.0.0 / 451 4.3.0

// Called once per complete message with the un-dot-stuffed data: CRLF line ends (a bare
// LF is normalised to CRLF), otherwise exactly the bytes the client sent. No Received:
// trace header is prepended, a deliberate departure from RFC 5321 section 4.4: a
// redelivered message must keep the same bytes, because the server recognises a
// duplicate by the message's digest; the Envelope carries the trace facts instead.
// Must return only after the message is durably stored. An exception counts as
// TemporaryFailure. Called on the sink executor.
using MessageSink = std::function<SinkVerdict(const Envelope&, std::string data)>;

// The key under which max_connections_per_ip counts a client address: an IPv4 address as
// it is; an IPv6 address by its /64 prefix ("2001:db8:1:2::/64"), because one subscriber
// usually gets a whole /64 and could otherwise take every slot from addresses of its own;
// an IPv4-mapped IPv6 address (::ffff:192.0.2.1, as a dual-stack listener sees IPv4
// clients) as its IPv4 address. Text that is no address is its own key.
std::string client_group_key(std::string_view address);

namespace detail {
struct SmtpServerState;
}

class SmtpServer {
 public:
  // Throws std::invalid_argument for a configuration that cannot work (no local
  // addresses, only one of the two TLS files, zero limits, no sink). The sink runs on
  // sink_executor; by default on io itself.
  SmtpServer(asio::io_context& io, SmtpServerConfig config, MessageSink sink,
             std::optional<asio::any_io_executor> sink_executor = std::nullopt);
  ~SmtpServer();  // stop()s; sessions still running keep what they need alive
  SmtpServer(const SmtpServer&) = delete;
  SmtpServer& operator=(const SmtpServer&) = delete;

  // Loads the TLS certificate (if configured), binds, listens and starts accepting.
  // Throws std::runtime_error naming the file or address when that fails.
  void start();
  // The bound port, once started (useful with listen_port 0).
  unsigned short port() const { return port_; }
  // Stops accepting; sessions waiting for a command get 421 4.3.2 and are closed;
  // sessions in the middle of DATA are abandoned without calling the sink (the client got
  // no 250, so it keeps the message and retries). Returns at once; the io_context's run()
  // returns when the last session has gone.
  void stop();

 private:
  asio::io_context& io_;
  std::shared_ptr<detail::SmtpServerState> state_;
  unsigned short port_ = 0;
};

}  // namespace pbem::mail
