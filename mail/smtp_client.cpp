#include "mail/smtp_client.h"

#include <openssl/evp.h>

#include <algorithm>
#include <exception>
#include <set>
#include <stdexcept>
#include <utility>

#include "mail/smtp_data.h"
#include "mail/smtp_stream.h"
#include "mail/smtp_syntax.h"

namespace pbem::mail {
namespace {

// RFC 5321 says 512 octets per reply line; allow more, but not without bound.
constexpr std::size_t kMaxReplyLineLength = 4096;
constexpr std::size_t kMaxReplyLines = 200;
constexpr std::chrono::seconds kQuitTimeout{5};

// Thrown for a reply that is not SMTP at all; it ends the delivery as TemporaryFailure.
struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string base64(std::string_view bytes) {
  std::string encoded(4 * ((bytes.size() + 2) / 3) + 1, '\0');
  const int length = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(encoded.data()),
                                     reinterpret_cast<const unsigned char*>(bytes.data()),
                                     static_cast<int>(bytes.size()));
  encoded.resize(static_cast<std::size_t>(length));
  return encoded;
}

bool is_positive(const SmtpReply& reply) { return reply.code / 100 == 2; }

DeliveryStatus status_for(const SmtpReply& reply) {
  // Anything other than 5xx (4xx, or a reply that makes no sense here) may work next time.
  return reply.code / 100 == 5 ? DeliveryStatus::PermanentFailure
                               : DeliveryStatus::TemporaryFailure;
}

bool has_eight_bit_bytes(std::string_view data) {
  return std::any_of(data.begin(), data.end(),
                     [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

// What the server said it supports in its EHLO reply (RFC 5321 4.1.1.1).
struct Extensions {
  bool starttls = false;
  bool size = false;
  bool eight_bit_mime = false;
  std::set<std::string> auth_mechanisms;  // upper-cased
};

Extensions parse_extensions(const SmtpReply& ehlo_reply) {
  Extensions extensions;
  for (std::size_t i = 1; i < ehlo_reply.lines.size(); ++i) {  // line 0 is the greeting
    std::string line = ascii_uppercase(ehlo_reply.lines[i]);
    // "AUTH=PLAIN LOGIN" is how some old servers spell "AUTH PLAIN LOGIN".
    if (line.rfind("AUTH=", 0) == 0) line[4] = ' ';
    std::vector<std::string> words;
    std::size_t start = 0;
    while (start < line.size()) {
      const std::size_t end = std::min(line.find(' ', start), line.size());
      if (end > start) words.push_back(line.substr(start, end - start));
      start = end + 1;
    }
    if (words.empty()) continue;
    if (words[0] == "STARTTLS") extensions.starttls = true;
    if (words[0] == "SIZE") extensions.size = true;
    if (words[0] == "8BITMIME") extensions.eight_bit_mime = true;
    if (words[0] == "AUTH") extensions.auth_mechanisms.insert(words.begin() + 1, words.end());
  }
  return extensions;
}

std::optional<std::string> argument_problem(const SmarthostConfig& config,
                                            const std::string& envelope_from,
                                            const std::vector<std::string>& recipients) {
  if (recipients.empty()) return "no recipients";
  if (!is_wellformed_address(envelope_from)) {
    return "envelope sender '" + envelope_from + "' is not a usable address";
  }
  for (const auto& recipient : recipients) {
    if (recipient.empty() || !is_wellformed_address(recipient)) {
      return "recipient '" + recipient + "' is not a usable address";
    }
  }
  if (config.helo_name.empty() || !is_wellformed_address(config.helo_name)) {
    return "helo_name '" + config.helo_name + "' is not a host name";
  }
  return std::nullopt;
}

}  // namespace

namespace detail {

// One SMTP session with the smarthost: start() greets, says EHLO, turns on TLS and logs in;
// then any number of mail transactions (RFC 5321 3.3). Network errors and timeouts
// propagate as exceptions (the caller turns them into TemporaryFailure); replies decide
// the rest. Any refusal ends the session (QUIT): the next message starts a fresh one.
class ClientSession {
 public:
  ClientSession(const SmarthostConfig& config, const asio::any_io_executor& executor)
      : config_(config), stream_(executor) {}

  bool ready() const { return ready_; }
  // What the session was doing, for the detail of a network failure.
  const std::string& stage() const { return stage_; }
  std::string where() const { return config_.host + ":" + std::to_string(config_.port); }
  // Replies of the current transaction other than 421 ("closing"): none means the server
  // has taken nothing of this message, so a kept connection it dropped can be replaced.
  int replies_in_transaction() const { return replies_in_transaction_; }

  // nullopt when ready for mail; otherwise why not (and the connection is closed).
  asio::awaitable<std::optional<DeliveryResult>> start() {
    stage_ = "connecting";
    co_await stream_.connect(config_.host, config_.port, config_.timeout);

    stage_ = "reading the greeting";
    const SmtpReply greeting = co_await read_reply();
    if (greeting.code != 220) co_return co_await fail(status_for(greeting), "greeting", greeting);

    SmtpReply hello_reply = co_await hello();
    if (!is_positive(hello_reply)) {
      co_return co_await fail(status_for(hello_reply), "EHLO/HELO", hello_reply);
    }
    extensions_ = parse_extensions(hello_reply);

    if (config_.starttls) {
      if (!extensions_.starttls) {
        co_return co_await fail_temporarily("the smarthost does not offer STARTTLS");
      }
      const SmtpReply reply = co_await command("STARTTLS");
      if (reply.code != 220) {
        co_return co_await fail(DeliveryStatus::TemporaryFailure, "STARTTLS", reply);
      }
      stage_ = "TLS handshake";
      co_await stream_.start_tls_as_client(tls_context(), config_.host,
                                           config_.verify_certificate, config_.timeout);
      // Start over: what the server said before TLS is not to be trusted (RFC 3207 4.2).
      hello_reply = co_await command("EHLO " + config_.helo_name);
      if (!is_positive(hello_reply)) {
        co_return co_await fail(status_for(hello_reply), "EHLO after STARTTLS", hello_reply);
      }
      extensions_ = parse_extensions(hello_reply);
    }

    if (config_.username) {
      if (!stream_.is_tls() && !config_.allow_plaintext_auth) {
        // Credentials in clear text could be read by anyone on the path.
        co_return co_await fail_temporarily(
            "refusing to send AUTH credentials without TLS (turn on smarthost.starttls, or "
            "smarthost.allow_plaintext_auth for a trusted relay)");
      }
      std::optional<SmtpReply> refusal = co_await authenticate(extensions_);
      if (refusal) {
        co_return co_await fail(DeliveryStatus::TemporaryFailure, "AUTH", *refusal);
      }
    }
    ready_ = true;
    co_return std::nullopt;
  }

  // MAIL, RCPT for each recipient, DATA. The session stays ready after a delivery.
  asio::awaitable<DeliveryResult> transaction(const std::string& envelope_from,
                                              const std::vector<std::string>& recipients,
                                              const std::string& data) {
    replies_in_transaction_ = 0;
    std::string mail_command = "MAIL FROM:<" + envelope_from + ">";
    if (extensions_.size) mail_command += " SIZE=" + std::to_string(data.size());
    if (extensions_.eight_bit_mime && has_eight_bit_bytes(data)) mail_command += " BODY=8BITMIME";
    const SmtpReply mail_reply = co_await command(mail_command);
    if (!is_positive(mail_reply)) {
      co_return co_await fail(status_for(mail_reply), "MAIL FROM", mail_reply);
    }

    std::vector<RejectedRecipient> rejected;
    std::size_t accepted = 0;
    SmtpReply last_refusal;
    for (const auto& recipient : recipients) {
      const SmtpReply reply = co_await command("RCPT TO:<" + recipient + ">");
      if (is_positive(reply)) {
        ++accepted;
      } else {
        rejected.push_back({recipient, status_for(reply), reply.to_string()});
        last_refusal = reply;
      }
    }
    if (accepted == 0) {
      const bool any_temporary =
          std::any_of(rejected.begin(), rejected.end(), [](const RejectedRecipient& r) {
            return r.status == DeliveryStatus::TemporaryFailure;
          });
      DeliveryResult result = co_await fail(any_temporary ? DeliveryStatus::TemporaryFailure
                                                          : DeliveryStatus::PermanentFailure,
                                            "RCPT TO (every recipient)", last_refusal);
      result.rejected_recipients = std::move(rejected);
      co_return result;
    }

    const SmtpReply data_reply = co_await command("DATA");
    if (data_reply.code != 354) co_return co_await fail(status_for(data_reply), "DATA", data_reply);
    stage_ = "sending the message";
    co_await stream_.write(dot_stuff(data), config_.timeout);
    stage_ = "waiting for the reply to the message";
    const SmtpReply final_reply = co_await read_reply();
    if (!is_positive(final_reply)) {
      co_return co_await fail(status_for(final_reply), "end of DATA", final_reply);
    }
    DeliveryResult result{DeliveryStatus::Delivered, final_reply.to_string(), std::move(rejected)};
    co_return result;
  }

  // Ends the session politely; errors here change nothing about any outcome.
  asio::awaitable<void> quit() {
    ready_ = false;
    try {
      co_await stream_.write("QUIT\r\n", kQuitTimeout);
      co_await stream_.read_line(kMaxReplyLineLength, kQuitTimeout);
    } catch (const std::exception&) {
      // The server hung up first; fine.
    }
    stream_.close();
  }

  // After a network error: nothing more is said on this connection.
  void abandon() {
    ready_ = false;
    stream_.close();
  }

 private:
  asio::awaitable<SmtpReply> read_reply() {
    SmtpReply reply;
    for (;;) {
      const SmtpLine line = co_await stream_.read_line(kMaxReplyLineLength, config_.timeout);
      const auto parsed = line.too_long ? std::nullopt : parse_reply_line(line.text);
      if (!parsed) throw ProtocolError("the smarthost sent a line that is not an SMTP reply");
      if (!reply.lines.empty() && parsed->code != reply.code) {
        throw ProtocolError("the smarthost's multi-line reply changes its code");
      }
      reply.code = parsed->code;
      reply.lines.push_back(parsed->text);
      if (parsed->last) {
        if (reply.code != 421) ++replies_in_transaction_;
        co_return reply;
      }
      if (reply.lines.size() >= kMaxReplyLines) {
        throw ProtocolError("the smarthost's reply has too many lines");
      }
    }
  }

  // Sends one command line and reads its reply. The stage names the command in a failure
  // report; by default it is the verb (AUTH continuation lines pass their own, so that
  // credentials never end up in a detail).
  asio::awaitable<SmtpReply> command(std::string line, std::string stage = {}) {
    stage_ = stage.empty() ? line.substr(0, line.find(' ')) : std::move(stage);
    line += "\r\n";
    co_await stream_.write(line, config_.timeout);
    co_return co_await read_reply();
  }

  // EHLO, or HELO for a server that refuses EHLO with a 5xx (RFC 5321 3.2).
  asio::awaitable<SmtpReply> hello() {
    SmtpReply reply = co_await command("EHLO " + config_.helo_name);
    if (reply.code / 100 == 5) reply = co_await command("HELO " + config_.helo_name);
    co_return reply;
  }

  // nullopt when authenticated; otherwise the reply that refused us (or a made-up one
  // saying why we could not try).
  asio::awaitable<std::optional<SmtpReply>> authenticate(const Extensions& extensions) {
    const std::string& username = *config_.username;
    const std::string password = config_.password.value_or("");
    if (extensions.auth_mechanisms.count("PLAIN")) {
      // RFC 4616: authorization identity (empty), NUL, user, NUL, password.
      const std::string credentials = std::string(1, '\0') + username + '\0' + password;
      const SmtpReply reply = co_await command("AUTH PLAIN " + base64(credentials), "AUTH PLAIN");
      if (reply.code == 235) co_return std::nullopt;
      co_return reply;
    }
    if (extensions.auth_mechanisms.count("LOGIN")) {
      SmtpReply reply = co_await command("AUTH LOGIN");
      if (reply.code != 334) co_return reply;
      reply = co_await command(base64(username), "AUTH LOGIN username");
      if (reply.code != 334) co_return reply;
      reply = co_await command(base64(password), "AUTH LOGIN password");
      if (reply.code == 235) co_return std::nullopt;
      co_return reply;
    }
    SmtpReply why;
    why.code = 0;
    why.lines.push_back(extensions.auth_mechanisms.empty()
                            ? "the smarthost does not offer AUTH"
                            : "the smarthost offers neither AUTH PLAIN nor AUTH LOGIN");
    co_return why;
  }

  asio::awaitable<DeliveryResult> fail(DeliveryStatus status, std::string_view after,
                                       const SmtpReply& reply) {
    co_await quit();
    const std::string said = reply.code == 0 ? reply.lines.front() : reply.to_string();
    co_return DeliveryResult{status, "smarthost " + where() + ": " + std::string(after) +
                                         ": " + said, {}};
  }

  asio::awaitable<DeliveryResult> fail_temporarily(const std::string& why) {
    co_await quit();
    co_return DeliveryResult{DeliveryStatus::TemporaryFailure,
                             "smarthost " + where() + ": " + why, {}};
  }

  asio::ssl::context& tls_context() {
    tls_context_.emplace(asio::ssl::context::tls_client);
    tls_context_->set_options(asio::ssl::context::default_workarounds |
                              asio::ssl::context::no_sslv2 | asio::ssl::context::no_sslv3 |
                              asio::ssl::context::no_tlsv1 | asio::ssl::context::no_tlsv1_1);
    if (config_.verify_certificate) {
      if (config_.ca_file.empty()) {
        tls_context_->set_default_verify_paths();
      } else {
        tls_context_->load_verify_file(config_.ca_file);
      }
    }
    return *tls_context_;
  }

  const SmarthostConfig& config_;
  std::string stage_;
  bool ready_ = false;
  Extensions extensions_;
  int replies_in_transaction_ = 0;
  std::optional<asio::ssl::context> tls_context_;  // declared before stream_: outlives it
  SmtpStream stream_;
};

}  // namespace detail

bool is_loopback_host(std::string_view host) {
  if (ascii_lowercase(host) == "localhost") return true;
  boost::system::error_code not_an_address;
  const auto address = asio::ip::make_address(std::string(host), not_an_address);
  return !not_an_address && address.is_loopback();
}

SmarthostConnection::SmarthostConnection(SmarthostConfig config) : config_(std::move(config)) {}

SmarthostConnection::~SmarthostConnection() = default;

bool SmarthostConnection::is_open() const { return session_ && session_->ready(); }

asio::awaitable<DeliveryResult> SmarthostConnection::deliver(std::string envelope_from,
                                                             std::vector<std::string> recipients,
                                                             std::string data) {
  if (auto problem = argument_problem(config_, envelope_from, recipients)) {
    co_return DeliveryResult{DeliveryStatus::PermanentFailure, *problem, {}};
  }
  for (bool first_try = true;; first_try = false) {
    const bool kept = is_open();
    if (!kept) {
      session_ = std::make_unique<detail::ClientSession>(config_, co_await asio::this_coro::executor);
      ++sessions_started_;
    }
    DeliveryResult result;
    bool threw = false;
    std::string failure;
    try {
      std::optional<DeliveryResult> refused;
      if (!kept) refused = co_await session_->start();
      if (refused) result = std::move(*refused);
      else result = co_await session_->transaction(envelope_from, recipients, data);
    } catch (const boost::system::system_error& error) {
      threw = true;
      failure = error.code().message();
    } catch (const ProtocolError& error) {
      threw = true;
      failure = error.what();
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& error) {
      threw = true;
      failure = error.what();
    }
    if (threw) {
      session_->abandon();
      result = {DeliveryStatus::TemporaryFailure,
                "smarthost " + session_->where() + ": " + session_->stage() + ": " + failure, {}};
    }
    // A kept connection that the server dropped while it was idle (its timeout, a restart),
    // or is closing ("421" before any other answer), took nothing of this message: it goes
    // on a fresh connection, once.
    const bool untouched = kept && first_try && session_->replies_in_transaction() == 0;
    // Only a session ready for the next message is kept (a closed one would hold on to the
    // io_context's timer and socket services for nothing).
    if (!session_->ready()) session_.reset();
    if (result.status != DeliveryStatus::Delivered && untouched) continue;
    co_return result;
  }
}

asio::awaitable<void> SmarthostConnection::close() {
  if (is_open()) co_await session_->quit();
  session_.reset();
}

asio::awaitable<DeliveryResult> deliver(SmarthostConfig config, std::string envelope_from,
                                        std::vector<std::string> recipients, std::string data) {
  SmarthostConnection connection(std::move(config));
  DeliveryResult result =
      co_await connection.deliver(std::move(envelope_from), std::move(recipients), std::move(data));
  co_await connection.close();
  co_return result;
}

DeliveryResult deliver_blocking(const SmarthostConfig& config, std::string envelope_from,
                                std::vector<std::string> recipients, std::string data) {
  asio::io_context io;
  DeliveryResult result;
  std::exception_ptr failure;
  asio::co_spawn(io,
                 deliver(config, std::move(envelope_from), std::move(recipients),
                         std::move(data)),
                 [&](std::exception_ptr error, DeliveryResult outcome) {
                   failure = error;
                   result = std::move(outcome);
                 });
  io.run();
  if (failure) std::rethrow_exception(failure);
  return result;
}

}  // namespace pbem::mail
