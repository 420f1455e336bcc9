#pragma once
// A TCP connection that speaks SMTP's line protocol, used by both the server sessions and
// the client. It owns the three things every SMTP conversation needs and that are easy to
// get subtly wrong: a buffered line reader (pipelined commands arrive several to a packet),
// the switch to TLS in the middle of the conversation (STARTTLS), and a deadline on every
// network operation (a peer that stalls must not hold a connection forever).
//
// Not thread-safe: one coroutine uses a stream, on an io_context run by one thread.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "mail/smtp_asio.h"
#include "mail/smtp_syntax.h"

namespace pbem::mail {

class SmtpStream {
 public:
  using Duration = std::chrono::steady_clock::duration;
  using TimePoint = std::chrono::steady_clock::time_point;
  // now + timeout, saturated (a timeout of "forever" must not overflow the clock).
  static TimePoint deadline_after(Duration timeout);

  explicit SmtpStream(tcp::socket socket);              // an accepted connection
  explicit SmtpStream(const asio::any_io_executor& executor);  // to connect() later
  ~SmtpStream();
  SmtpStream(const SmtpStream&) = delete;
  SmtpStream& operator=(const SmtpStream&) = delete;

  // Resolves host and connects to the first address that answers.
  asio::awaitable<void> connect(std::string host, unsigned short port, Duration timeout);

  // The next line. Replies queued with queue() are flushed first if the read would have to
  // wait for the network, so pipelined commands get their replies in one packet
  // (RFC 2920). Throws boost::system::system_error: asio::error::eof when the
  // peer closed, asio::error::timed_out when the deadline passed, operation_aborted after
  // cancel().
  // The timeout is one deadline for the whole line, not re-armed by each packet: a peer
  // that trickles a byte at a time cannot hold the connection longer than that.
  asio::awaitable<SmtpLine> read_line(std::size_t max_length, Duration timeout);
  // The same with a deadline given as a point in time (e.g. the end of a whole DATA).
  asio::awaitable<SmtpLine> read_line_by(std::size_t max_length, TimePoint deadline);

  void queue(std::string_view bytes);                 // buffered until flush()
  asio::awaitable<void> flush(Duration timeout);      // writes everything queued
  asio::awaitable<void> write(std::string_view bytes, Duration timeout);  // queue + flush

  // Switch to TLS. Anything the peer sent after the STARTTLS exchange and before the
  // handshake is discarded unread: it came in plain text, and acting on it would let a
  // man in the middle inject commands into the protected session (CVE-2011-0411 on the
  // server side; the same trick against clients is CVE-2011-1575).
  asio::awaitable<void> start_tls_as_server(asio::ssl::context& context, Duration timeout);
  // server_name is sent as SNI and, when verify is true, checked against the certificate.
  asio::awaitable<void> start_tls_as_client(asio::ssl::context& context,
                                            std::string server_name, bool verify,
                                            Duration timeout);
  bool is_tls() const { return tls_ != nullptr; }
  std::string tls_description() const;  // "TLSv1.3 TLS_AES_256_GCM_SHA384", for logs

  // Aborts the operation in progress (it fails with operation_aborted), and every later
  // read does too: a cancel that comes between two operations (a write just completed, its
  // handler not yet run, the next read not yet begun) must not be lost, or that read would
  // wait out its whole timeout. Writes stay usable (a last reply such as 421 can go out).
  // Safe to call from a handler on the stream's io_context.
  void cancel();
  // Closes the connection; pending and later operations fail.
  void close();

  std::string remote_address() const;  // "127.0.0.1", or "" when unknown

 private:
  // Drops buffered, not yet consumed input (before switching to TLS).
  void forget_buffered_input();
  // A deadline is shared with the timer's completion handler so that a handler which
  // fires after its operation finished (or after the stream died) recognises that it is
  // stale: every arm() and disarm() moves the generation on.
  struct DeadlineState {
    std::uint64_t generation = 0;
    bool expired = false;
  };

  void arm_deadline(Duration timeout);
  void arm_deadline_at(TimePoint deadline);
  // Ends the current deadline; throws timed_out if it expired, else system_error(error)
  // if error is set.
  void finish_operation(const boost::system::error_code& error);
  void abort_pending_operations();
  asio::awaitable<void> read_more(TimePoint deadline);
  asio::awaitable<void> flush_by(TimePoint deadline);
  void compact_input();

  tcp::socket socket_;
  tcp::resolver resolver_;
  std::unique_ptr<asio::ssl::stream<tcp::socket&>> tls_;
  asio::steady_timer deadline_timer_;
  std::shared_ptr<DeadlineState> deadline_ = std::make_shared<DeadlineState>();
  std::string input_;                // bytes read and not yet returned as lines
  std::size_t input_start_ = 0;      // where the unread part of input_ begins
  std::size_t scanned_until_ = 0;    // input_ before this offset holds no '\n'
  bool discarding_long_line_ = false;
  bool reads_cancelled_ = false;     // cancel(): no read waits for the peer any more
  std::string output_;               // queued, not yet written
};

}  // namespace pbem::mail
