#pragma once
// The outbound SMTP client: hands messages to the smarthost (a relay such as the local
// Postfix, or a provider's submission server), each in one SMTP transaction, on a
// connection of their own (deliver) or on one kept open (SmarthostConnection).

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mail/smtp_asio.h"

namespace pbem::mail {

struct SmarthostConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 25;
  bool starttls = false;  // require STARTTLS: a server that does not offer it fails the delivery
  std::optional<std::string> username, password;  // AUTH PLAIN or LOGIN when username is set
  std::string helo_name = "localhost";
  std::chrono::seconds timeout{60};  // for each network step (connect, each reply, the data)
  // Check the smarthost's certificate (chain and host name) after STARTTLS. The server's
  // configuration turns it on for every smarthost that is not on loopback ("auto").
  bool verify_certificate = false;
  // Send AUTH over a connection without TLS. Off: with a username set and no TLS the
  // delivery fails (temporarily) before any credential is sent.
  bool allow_plaintext_auth = false;
  std::string ca_file;  // PEM trust anchors for verify_certificate; empty: the system's
};

// True for "localhost", 127.0.0.0/8 and ::1: a smarthost whose traffic never leaves the
// machine.
bool is_loopback_host(std::string_view host);

enum class DeliveryStatus { Delivered, TemporaryFailure, PermanentFailure };

// A recipient the smarthost refused while the message went to the others.
struct RejectedRecipient {
  std::string address;
  DeliveryStatus status;  // TemporaryFailure (4xx) or PermanentFailure (5xx)
  std::string reply;      // the server's reply, e.g. "550 5.1.1 no such user"
};

struct DeliveryResult {
  DeliveryStatus status = DeliveryStatus::TemporaryFailure;
  std::string detail;  // the last reply, or what went wrong (never the password)
  // With status Delivered: recipients refused individually (empty when all took it).
  std::vector<RejectedRecipient> rejected_recipients;
};

// One SMTP transaction: connect, EHLO (HELO if EHLO is refused), STARTTLS when configured
// (then EHLO again), AUTH (PLAIN preferred, else LOGIN) when a username is set, MAIL FROM,
// RCPT TO for each recipient, DATA with dot-stuffing, QUIT.
//
// Outcome: Delivered when the server accepted the data for at least one recipient.
// A 4xx reply, a network error or a timeout is TemporaryFailure; a 5xx reply to the
// greeting, EHLO/HELO, MAIL, RCPT (every recipient) or the data is PermanentFailure.
// Problems of configuration rather than of the message are TemporaryFailure even when
// the reply is 5xx, so that fixing the configuration lets the queued mail go out instead
// of losing it: STARTTLS not offered or failing, AUTH not offered, credentials refused.
// Bad arguments (no recipients, an address with CR, LF, blanks or angle brackets) are
// PermanentFailure without connecting.
//
// `data` is the message as CRLF-terminated lines; a bare LF is sent as CRLF.
// Parameters are taken by value: a coroutine must own what it uses after its first
// suspension, and a caller may co_spawn it with temporaries.
// Never throws (except std::bad_alloc); every failure is in the result.
asio::awaitable<DeliveryResult> deliver(SmarthostConfig config, std::string envelope_from,
                                        std::vector<std::string> recipients, std::string data);

namespace detail {
class ClientSession;
}

// A connection to the smarthost kept open from one message to the next, so that a stream
// of mail pays for the connection, greeting, EHLO, STARTTLS and AUTH once, not once a
// message (RFC 5321 3.3: a session carries any number of mail transactions). Each
// deliver() has the outcome deliver() below would have. A refusal of any kind ends the
// session, and the next message starts a new one; so does a kept connection that the
// server dropped while idle, silently: a message of which the server has answered nothing
// but "421 closing" is sent once more on a fresh connection.
// One message at a time: deliver() calls on one object must not overlap. An open
// connection belongs to the io_context of the deliver() that opened it: close() it (or
// destroy this object) before that io_context goes.
class SmarthostConnection {
 public:
  explicit SmarthostConnection(SmarthostConfig config);
  ~SmarthostConnection();
  SmarthostConnection(const SmarthostConnection&) = delete;
  SmarthostConnection& operator=(const SmarthostConnection&) = delete;

  asio::awaitable<DeliveryResult> deliver(std::string envelope_from, std::vector<std::string> recipients,
                                          std::string data);
  // QUIT, if a session is open. The next deliver() opens a new one.
  asio::awaitable<void> close();
  bool is_open() const;
  // Sessions begun so far (each a TCP connection): what keeping them open saves, for tests.
  std::size_t sessions_started() const { return sessions_started_; }

 private:
  SmarthostConfig config_;
  std::unique_ptr<detail::ClientSession> session_;
  std::size_t sessions_started_ = 0;
};

// deliver() on its own io_context, for callers without one (the outbox sender, tests).
DeliveryResult deliver_blocking(const SmarthostConfig& config, std::string envelope_from,
                                std::vector<std::string> recipients, std::string data);

}  // namespace pbem::mail
