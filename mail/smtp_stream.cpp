#include "mail/smtp_stream.h"

#include <algorithm>

namespace pbem::mail {
namespace {

constexpr std::size_t kReadChunk = 16 * 1024;
// steady_clock::now() + duration::max() overflows; nobody means a longer wait than this.
constexpr SmtpStream::Duration kLongestDeadline = std::chrono::hours(24 * 365);

auto with_error(boost::system::error_code& error) {
  return asio::redirect_error(asio::use_awaitable, error);
}

}  // namespace

SmtpStream::SmtpStream(tcp::socket socket)
    : socket_(std::move(socket)),
      resolver_(socket_.get_executor()),
      deadline_timer_(socket_.get_executor()) {}

SmtpStream::SmtpStream(const asio::any_io_executor& executor)
    : socket_(executor), resolver_(executor), deadline_timer_(executor) {}

SmtpStream::~SmtpStream() {
  // A timer handler already queued must not touch this object any more.
  ++deadline_->generation;
}

SmtpStream::TimePoint SmtpStream::deadline_after(Duration timeout) {
  return std::chrono::steady_clock::now() + std::min(timeout, kLongestDeadline);
}

void SmtpStream::arm_deadline(Duration timeout) { arm_deadline_at(deadline_after(timeout)); }

void SmtpStream::arm_deadline_at(TimePoint deadline) {
  const std::uint64_t generation = ++deadline_->generation;
  deadline_->expired = false;
  deadline_timer_.expires_at(deadline);
  // Capturing `this` is safe: the generation check runs first, and the destructor (like
  // every finished operation) moves the generation on.
  deadline_timer_.async_wait(
      [state = deadline_, generation, this](const boost::system::error_code& error) {
        if (error || state->generation != generation) return;
        state->expired = true;
        abort_pending_operations();
      });
}

void SmtpStream::finish_operation(const boost::system::error_code& error) {
  const bool expired = deadline_->expired;
  ++deadline_->generation;
  deadline_->expired = false;
  deadline_timer_.cancel();
  // An operation that completed successfully just as the deadline fired still counts.
  if (error) {
    throw boost::system::system_error(expired ? make_error_code(asio::error::timed_out)
                                              : error);
  }
}

void SmtpStream::abort_pending_operations() {
  boost::system::error_code ignored;
  socket_.cancel(ignored);
  resolver_.cancel();
}

void SmtpStream::cancel() {
  reads_cancelled_ = true;
  abort_pending_operations();
}

void SmtpStream::close() {
  boost::system::error_code ignored;
  resolver_.cancel();
  socket_.shutdown(tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
}

std::string SmtpStream::remote_address() const {
  boost::system::error_code error;
  const auto endpoint = socket_.remote_endpoint(error);
  return error ? std::string() : endpoint.address().to_string();
}

std::string SmtpStream::tls_description() const {
  if (!tls_) return {};
  SSL* ssl = tls_->native_handle();
  return std::string(SSL_get_version(ssl)) + " " + SSL_get_cipher_name(ssl);
}

asio::awaitable<void> SmtpStream::connect(std::string host, unsigned short port,
                                          Duration timeout) {
  boost::system::error_code error;
  arm_deadline(timeout);
  const auto endpoints =
      co_await resolver_.async_resolve(host, std::to_string(port), with_error(error));
  finish_operation(error);

  arm_deadline(timeout);
  co_await asio::async_connect(socket_, endpoints, with_error(error));
  finish_operation(error);
}

void SmtpStream::compact_input() {
  if (input_start_ == 0) return;
  input_.erase(0, input_start_);
  scanned_until_ -= std::min(scanned_until_, input_start_);
  input_start_ = 0;
}

asio::awaitable<void> SmtpStream::read_more(TimePoint deadline) {
  if (reads_cancelled_) throw boost::system::system_error(make_error_code(asio::error::operation_aborted));
  compact_input();
  const std::size_t old_size = input_.size();
  input_.resize(old_size + kReadChunk);
  const auto buffer = asio::buffer(input_.data() + old_size, kReadChunk);

  boost::system::error_code error;
  std::size_t received = 0;
  arm_deadline_at(deadline);
  if (tls_) {
    received = co_await tls_->async_read_some(buffer, with_error(error));
  } else {
    received = co_await socket_.async_read_some(buffer, with_error(error));
  }
  input_.resize(old_size + received);
  finish_operation(error);
}

asio::awaitable<SmtpLine> SmtpStream::read_line(std::size_t max_length, Duration timeout) {
  co_return co_await read_line_by(max_length, deadline_after(timeout));
}

asio::awaitable<SmtpLine> SmtpStream::read_line_by(std::size_t max_length, TimePoint deadline) {
  for (;;) {
    const std::size_t newline = input_.find('\n', std::max(scanned_until_, input_start_));
    if (newline != std::string::npos) {
      SmtpLine line;
      std::size_t end = newline;
      line.crlf = end > input_start_ && input_[end - 1] == '\r';
      if (line.crlf) --end;
      if (discarding_long_line_ || end - input_start_ > max_length) {
        line.too_long = true;
        discarding_long_line_ = false;
      } else {
        line.text.assign(input_, input_start_, end - input_start_);
      }
      input_start_ = newline + 1;
      scanned_until_ = input_start_;
      co_return line;
    }
    scanned_until_ = input_.size();

    // No line end yet. Once the partial line is over the limit, keep only its last byte
    // (which may be the CR of the coming CRLF) so memory stays bounded however long the
    // line goes on; the line is reported as too long when its end arrives.
    if (input_.size() - input_start_ > max_length + 1) {
      discarding_long_line_ = true;
      input_start_ = input_.size() - 1;
    }
    if (!output_.empty()) co_await flush_by(deadline);
    co_await read_more(deadline);
  }
}

void SmtpStream::queue(std::string_view bytes) { output_.append(bytes); }

asio::awaitable<void> SmtpStream::flush(Duration timeout) {
  co_await flush_by(deadline_after(timeout));
}

asio::awaitable<void> SmtpStream::flush_by(TimePoint deadline) {
  if (output_.empty()) co_return;
  boost::system::error_code error;
  arm_deadline_at(deadline);
  if (tls_) {
    co_await asio::async_write(*tls_, asio::buffer(output_), with_error(error));
  } else {
    co_await asio::async_write(socket_, asio::buffer(output_), with_error(error));
  }
  output_.clear();
  finish_operation(error);
}

asio::awaitable<void> SmtpStream::write(std::string_view bytes, Duration timeout) {
  queue(bytes);
  co_await flush(timeout);
}

void SmtpStream::forget_buffered_input() {
  // Anything read before the TLS handshake was sent in clear text and must not be
  // taken as coming over TLS (RFC 3207 section 4.2; the "STARTTLS injection" attack).
  input_.clear();
  input_start_ = scanned_until_ = 0;
  discarding_long_line_ = false;
}

asio::awaitable<void> SmtpStream::start_tls_as_server(asio::ssl::context& context,
                                                      Duration timeout) {
  co_await flush(timeout);
  forget_buffered_input();
  tls_ = std::make_unique<asio::ssl::stream<tcp::socket&>>(socket_, context);
  boost::system::error_code error;
  arm_deadline(timeout);
  co_await tls_->async_handshake(asio::ssl::stream_base::server, with_error(error));
  finish_operation(error);
}

asio::awaitable<void> SmtpStream::start_tls_as_client(asio::ssl::context& context,
                                                      std::string server_name, bool verify,
                                                      Duration timeout) {
  co_await flush(timeout);
  forget_buffered_input();
  tls_ = std::make_unique<asio::ssl::stream<tcp::socket&>>(socket_, context);
  boost::system::error_code not_an_address;
  asio::ip::make_address(server_name, not_an_address);
  if (not_an_address) {
    // SNI takes host names only (RFC 6066 section 3).
    SSL_set_tlsext_host_name(tls_->native_handle(), server_name.c_str());
  }
  if (verify) {
    tls_->set_verify_mode(asio::ssl::verify_peer);
    tls_->set_verify_callback(asio::ssl::host_name_verification(server_name));
  } else {
    tls_->set_verify_mode(asio::ssl::verify_none);
  }

  boost::system::error_code error;
  arm_deadline(timeout);
  co_await tls_->async_handshake(asio::ssl::stream_base::client, with_error(error));
  finish_operation(error);
}

}  // namespace pbem::mail
