// deliver() against real servers: Postfix's smtp-sink, a scripted python server that
// records what it was sent, and our own SmtpServer (plain and STARTTLS).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <functional>
#include <memory>
#include <string>

#include "tests/source_paths.h"
#include "mail/smtp_client.h"
#include "smtp_test_support.h"

using namespace pbem::mail;
using namespace pbem::mail::test;

namespace {

// CRLF -> LF, as smtp-sink writes its dump.
std::string crlf_to_lf(const std::string& text) {
  std::string result;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    result += text[i];
  }
  return result;
}

SmarthostConfig smarthost(unsigned short port) {
  SmarthostConfig config;
  config.host = "127.0.0.1";
  config.port = port;
  config.helo_name = "pbem.example";
  config.timeout = kPatience;
  return config;
}

const std::string kMessage =
    "From: PBeM Server <pbem@localhost>\r\n"
    "To: alice@example.org\r\n"
    "Subject: Gates #17: bob to move\r\n"
    "\r\n"
    ".a line that starts with a dot\r\n"
    "..and one with two\r\n"
    "\r\n"
    "caf\xC3\xA9\r\n";

// Postfix's smtp-sink on a free port, dumping what it receives into a file.
class SmtpSink {
 public:
  explicit SmtpSink(std::vector<std::string> options = {}) : port_(unused_port()) {
    // smtp-sink insists on dropping root privileges, and then writes the dump as nobody.
    chmod(directory_.path().c_str(), 0777);
    std::vector<std::string> argv{"/usr/sbin/smtp-sink"};
    if (geteuid() == 0) argv.insert(argv.end(), {"-u", "nobody"});
    argv.insert(argv.end(), {"-D", dump_file()});
    argv.insert(argv.end(), options.begin(), options.end());
    argv.insert(argv.end(), {"127.0.0.1:" + std::to_string(port_), "10"});
    process_ = std::make_unique<BackgroundProcess>(argv);
    REQUIRE(wait_until_listening(port_));
  }
  unsigned short port() const { return port_; }
  std::string dump_file() const { return (directory_ / "dump").string(); }
  std::string finish() {  // stops the sink; returns its dump
    process_->terminate();
    return read_file(dump_file());
  }

 private:
  TempDir directory_;
  unsigned short port_;
  std::unique_ptr<BackgroundProcess> process_;
};

// tests/mail/scripted_smtp_server.py, serving one connection.
class ScriptedServer {
 public:
  explicit ScriptedServer(std::vector<std::string> options = {}) {
    std::vector<std::string> argv{"python3", std::string(pbem::tests::source_dir()) + "/tests/mail/scripted_smtp_server.py",
                                  "--transcript", transcript_file()};
    argv.insert(argv.end(), options.begin(), options.end());
    process_ = std::make_unique<BackgroundProcess>(argv);
    const std::string announcement = process_->read_line();
    REQUIRE(announcement.rfind("PORT ", 0) == 0);
    port_ = static_cast<unsigned short>(std::stoi(announcement.substr(5)));
  }
  unsigned short port() const { return port_; }
  std::string transcript_file() const { return (directory_ / "transcript").string(); }
  std::string transcript() {
    process_->terminate();
    return read_file(transcript_file());
  }

 private:
  TempDir directory_;
  unsigned short port_ = 0;
  std::unique_ptr<BackgroundProcess> process_;
};

}  // namespace

TEST_CASE("deliver() to Postfix's smtp-sink: the bytes arrive", "[smtp][client]") {
  SmtpSink sink;
  const auto result = deliver_blocking(smarthost(sink.port()), "pbem@localhost",
                                       {"alice@example.org", "bob@example.org"}, kMessage);
  INFO(result.detail);
  CHECK(result.status == DeliveryStatus::Delivered);
  CHECK(result.rejected_recipients.empty());
  CHECK(result.detail.rfind("250", 0) == 0);

  const std::string dump = sink.finish();
  INFO(dump);
  CHECK(contains(dump, "X-Helo-Args: pbem.example\n"));
  // smtp-sink does not advertise SIZE; it does advertise 8BITMIME, and the message is 8-bit.
  CHECK(contains(dump, "X-Mail-Args: <pbem@localhost> BODY=8BITMIME\n"));
  CHECK(contains(dump, "X-Rcpt-Args: <alice@example.org>\n"));
  CHECK(contains(dump, "X-Rcpt-Args: <bob@example.org>\n"));
  // smtp-sink stores lines un-stuffed with LF ends.
  CHECK(contains(dump, crlf_to_lf(kMessage)));
}

TEST_CASE("deliver() maps smarthost replies to the delivery status", "[smtp][client]") {
  SECTION("4xx to every RCPT: temporary") {
    SmtpSink sink({"-r", "RCPT"});
    const auto result = deliver_blocking(smarthost(sink.port()), "pbem@localhost",
                                         {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::TemporaryFailure);
    CHECK(contains(result.detail, "RCPT TO"));
    CHECK(contains(result.detail, "450 4.3.0"));
  }
  SECTION("5xx to MAIL: permanent") {
    SmtpSink sink({"-f", "MAIL"});
    const auto result = deliver_blocking(smarthost(sink.port()), "pbem@localhost",
                                         {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::PermanentFailure);
    CHECK(contains(result.detail, "MAIL FROM: 500 5.3.0"));
  }
  SECTION("5xx after the data: permanent") {
    SmtpSink sink({"-f", "."});
    const auto result = deliver_blocking(smarthost(sink.port()), "pbem@localhost",
                                         {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::PermanentFailure);
    CHECK(contains(result.detail, "end of DATA: 500"));
  }
  SECTION("421 and hang-up: temporary") {
    SmtpSink sink({"-Q", "MAIL"});
    const auto result = deliver_blocking(smarthost(sink.port()), "pbem@localhost",
                                         {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::TemporaryFailure);
    CHECK(contains(result.detail, "421"));
  }
}

TEST_CASE("deliver(): nobody listening is a temporary failure", "[smtp][client]") {
  const auto result = deliver_blocking(smarthost(unused_port()), "pbem@localhost",
                                       {"alice@example.org"}, kMessage);
  INFO(result.detail);
  CHECK(result.status == DeliveryStatus::TemporaryFailure);
  CHECK(contains(result.detail, "connecting"));
  CHECK(contains(result.detail, "refused"));
}

TEST_CASE("deliver(): a smarthost that never answers times out, temporarily", "[smtp][client]") {
  ScriptedServer server({"--silent"});
  auto config = smarthost(server.port());
  config.timeout = std::chrono::seconds(1);
  const auto result = deliver_blocking(config, "pbem@localhost", {"alice@example.org"}, kMessage);
  INFO(result.detail);
  CHECK(result.status == DeliveryStatus::TemporaryFailure);
  CHECK(contains(result.detail, "reading the greeting"));
  CHECK(contains(result.detail, "timed out"));
}

TEST_CASE("deliver(): arguments that could inject commands are refused before connecting",
          "[smtp][client]") {
  const auto config = smarthost(unused_port());  // connecting would be a temporary failure
  auto result = deliver_blocking(config, "pbem@localhost", {}, kMessage);
  CHECK(result.status == DeliveryStatus::PermanentFailure);
  CHECK(result.detail == "no recipients");

  result = deliver_blocking(config, "pbem@localhost",
                            {"alice@example.org>\r\nRCPT TO:<victim@example.org"}, kMessage);
  CHECK(result.status == DeliveryStatus::PermanentFailure);
  CHECK(contains(result.detail, "is not a usable address"));

  result = deliver_blocking(config, "pbem@localhost\r\nRSET", {"alice@example.org"}, kMessage);
  CHECK(result.status == DeliveryStatus::PermanentFailure);
  CHECK(contains(result.detail, "envelope sender"));
}

TEST_CASE("deliver(): AUTH is never sent without TLS unless allowed", "[smtp][client][security]") {
  ScriptedServer server({"--extensions", "AUTH LOGIN PLAIN,8BITMIME"});
  auto config = smarthost(server.port());
  config.username = "games";
  config.password = "s3cret!";
  // allow_plaintext_auth is off by default.
  const auto result = deliver_blocking(config, "pbem@localhost", {"alice@example.org"}, kMessage);
  INFO(result.detail);
  // Temporary: fixing the configuration lets the queued mail go out.
  CHECK(result.status == DeliveryStatus::TemporaryFailure);
  CHECK(contains(result.detail, "refusing to send AUTH credentials without TLS"));
  const std::string transcript = server.transcript();
  INFO(transcript);
  CHECK_FALSE(contains(transcript, "AUTH"));
  CHECK_FALSE(contains(transcript, "AGdhbWVz"));
  CHECK_FALSE(contains(transcript, "MAIL FROM"));
}

TEST_CASE("is_loopback_host()", "[smtp][client][security]") {
  CHECK(is_loopback_host("localhost"));
  CHECK(is_loopback_host("LocalHost"));
  CHECK(is_loopback_host("127.0.0.1"));
  CHECK(is_loopback_host("127.1.2.3"));
  CHECK(is_loopback_host("::1"));
  CHECK_FALSE(is_loopback_host("mail.example.org"));
  CHECK_FALSE(is_loopback_host("192.0.2.1"));
  CHECK_FALSE(is_loopback_host("::2"));
  CHECK_FALSE(is_loopback_host("localhost.example.org"));
}

// The clear-text AUTH below is allowed explicitly (the scripted server has no TLS).
TEST_CASE("deliver(): AUTH PLAIN, or LOGIN when that is all there is", "[smtp][client]") {
  SECTION("PLAIN preferred") {
    ScriptedServer server({"--extensions", "AUTH LOGIN PLAIN,8BITMIME"});
    auto config = smarthost(server.port());
    config.username = "games";
    config.password = "s3cret!";
    config.allow_plaintext_auth = true;
    const auto result = deliver_blocking(config, "pbem@localhost", {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::Delivered);
    const std::string transcript = server.transcript();
    INFO(transcript);
    // base64("\0games\0s3cret!"), worked out independently with python.
    CHECK(contains(transcript, "\r\nAUTH PLAIN AGdhbWVzAHMzY3JldCE=\r\nMAIL FROM:<pbem@localhost>"));
  }
  SECTION("LOGIN, and the AUTH=LOGIN spelling of old servers") {
    ScriptedServer server({"--extensions", "AUTH=LOGIN"});
    auto config = smarthost(server.port());
    config.username = "games";
    config.password = "s3cret!";
    config.allow_plaintext_auth = true;
    const auto result = deliver_blocking(config, "pbem@localhost", {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::Delivered);
    const std::string transcript = server.transcript();
    INFO(transcript);
    CHECK(contains(transcript, "\r\nAUTH LOGIN\r\nZ2FtZXM=\r\nczNjcmV0IQ==\r\nMAIL FROM:"));
  }
  SECTION("refused credentials: temporary (fix the configuration, keep the mail)") {
    ScriptedServer server({"--extensions", "AUTH PLAIN",
                           "--reply", "AUTH=535 5.7.8 Authentication credentials invalid"});
    auto config = smarthost(server.port());
    config.username = "games";
    config.password = "s3cret!";
    config.allow_plaintext_auth = true;
    const auto result = deliver_blocking(config, "pbem@localhost", {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::TemporaryFailure);
    CHECK(contains(result.detail, "AUTH: 535 5.7.8"));
    CHECK_FALSE(contains(result.detail, "s3cret"));
    CHECK_FALSE(contains(result.detail, "AGdhbWVz"));
    CHECK_FALSE(contains(server.transcript(), "MAIL FROM"));
  }
  SECTION("no AUTH offered: temporary, and no mail sent") {
    ScriptedServer server({"--extensions", "8BITMIME"});
    auto config = smarthost(server.port());
    config.username = "games";
    config.password = "s3cret!";
    config.allow_plaintext_auth = true;
    const auto result = deliver_blocking(config, "pbem@localhost", {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::TemporaryFailure);
    CHECK(contains(result.detail, "does not offer AUTH"));
    CHECK_FALSE(contains(server.transcript(), "MAIL FROM"));
  }
}

TEST_CASE("deliver(): greetings, HELO fallback, partial and total refusals", "[smtp][client]") {
  SECTION("a 554 greeting is permanent") {
    ScriptedServer server({"--reply", "GREETING=554 5.7.1 no SMTP service for you"});
    const auto result = deliver_blocking(smarthost(server.port()), "pbem@localhost",
                                         {"alice@example.org"}, kMessage);
    CHECK(result.status == DeliveryStatus::PermanentFailure);
    CHECK(contains(result.detail, "greeting: 554 5.7.1"));
  }
  SECTION("EHLO refused: HELO, and no extensions used") {
    ScriptedServer server({"--reply", "EHLO=502 5.5.1 what is EHLO"});
    const auto result = deliver_blocking(smarthost(server.port()), "pbem@localhost",
                                         {"alice@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::Delivered);
    const std::string transcript = server.transcript();
    CHECK(contains(transcript, "EHLO pbem.example\r\nHELO pbem.example\r\nMAIL FROM:<pbem@localhost>\r\n"));
  }
  SECTION("one recipient refused: delivered to the others, the refusal reported") {
    ScriptedServer server({"--reply", "RCPT:<nobody@example.org>=550 5.1.1 no such user"});
    const auto result = deliver_blocking(smarthost(server.port()), "pbem@localhost",
                                         {"alice@example.org", "nobody@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::Delivered);
    REQUIRE(result.rejected_recipients.size() == 1);
    CHECK(result.rejected_recipients[0].address == "nobody@example.org");
    CHECK(result.rejected_recipients[0].status == DeliveryStatus::PermanentFailure);
    CHECK(result.rejected_recipients[0].reply == "550 5.1.1 no such user");
    CHECK(contains(server.transcript(), "DATA\r\n"));
  }
  SECTION("every recipient refused, one only for now: temporary, no DATA") {
    ScriptedServer server({"--reply", "RCPT:<nobody@example.org>=550 5.1.1 no such user",
                           "--reply", "RCPT:<alice@example.org>=452 4.2.2 mailbox full"});
    const auto result = deliver_blocking(smarthost(server.port()), "pbem@localhost",
                                         {"alice@example.org", "nobody@example.org"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::TemporaryFailure);
    CHECK(result.rejected_recipients.size() == 2);
    CHECK_FALSE(contains(server.transcript(), "DATA\r\n"));
  }
  SECTION("451 after the data: temporary") {
    ScriptedServer server({"--reply", "DOT=451 4.3.0 queue trouble"});
    const auto result = deliver_blocking(smarthost(server.port()), "pbem@localhost",
                                         {"alice@example.org"}, kMessage);
    CHECK(result.status == DeliveryStatus::TemporaryFailure);
    CHECK(contains(result.detail, "end of DATA: 451 4.3.0 queue trouble"));
  }
  SECTION("the data goes dot-stuffed, ending in CRLF . CRLF") {
    ScriptedServer server;
    const auto result = deliver_blocking(smarthost(server.port()), "pbem@localhost",
                                         {"alice@example.org"}, "Subject: x\n\n.dot\nlast");
    CHECK(result.status == DeliveryStatus::Delivered);
    CHECK(contains(server.transcript(), "DATA\r\nSubject: x\r\n\r\n..dot\r\nlast\r\n.\r\nQUIT\r\n"));
  }
  SECTION("STARTTLS required but not offered: temporary, nothing sent in clear") {
    ScriptedServer server;
    auto config = smarthost(server.port());
    config.starttls = true;
    const auto result = deliver_blocking(config, "pbem@localhost", {"alice@example.org"}, kMessage);
    CHECK(result.status == DeliveryStatus::TemporaryFailure);
    CHECK(contains(result.detail, "does not offer STARTTLS"));
    CHECK_FALSE(contains(server.transcript(), "MAIL FROM"));
  }
}

TEST_CASE("deliver() to our own SmtpServer", "[smtp][client][server]") {
  SmtpServerConfig server_config;
  server_config.local_addresses = {"pbem@localhost"};
  server_config.max_message_bytes = 2000;

  SECTION("plain: the message arrives byte for byte; a non-local recipient is reported") {
    TestSmtpServer server(server_config);
    const auto result = deliver_blocking(smarthost(server.port()), "referee@example.org",
                                         {"pbem@localhost", "stranger@elsewhere.example"},
                                         kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::Delivered);
    REQUIRE(result.rejected_recipients.size() == 1);
    CHECK(result.rejected_recipients[0].address == "stranger@elsewhere.example");
    CHECK(result.rejected_recipients[0].status == DeliveryStatus::PermanentFailure);
    CHECK(result.rejected_recipients[0].reply.rfind("550 5.1.1", 0) == 0);

    const auto messages = server.messages();
    REQUIRE(messages.size() == 1);
    CHECK(messages[0].data == kMessage);
    CHECK(messages[0].envelope.mail_from == "referee@example.org");
    CHECK(messages[0].envelope.recipients == std::vector<std::string>{"pbem@localhost"});
    CHECK(messages[0].envelope.helo_name == "pbem.example");
    CHECK_FALSE(messages[0].envelope.tls);
  }
  SECTION("too big for the server's SIZE: permanent at MAIL") {
    TestSmtpServer server(server_config);
    const auto result = deliver_blocking(smarthost(server.port()), "referee@example.org",
                                         {"pbem@localhost"}, std::string(3000, 'x') + "\r\n");
    CHECK(result.status == DeliveryStatus::PermanentFailure);
    CHECK(contains(result.detail, "MAIL FROM: 552 5.3.4"));
    CHECK(server.messages().empty());
  }
  SECTION("STARTTLS, with and without checking the certificate") {
    server_config.tls_certificate_file = test_certificate().certificate_file;
    server_config.tls_private_key_file = test_certificate().private_key_file;
    TestSmtpServer server(server_config);
    auto config = smarthost(server.port());
    config.starttls = true;

    auto result = deliver_blocking(config, "referee@example.org", {"pbem@localhost"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::Delivered);

    config.verify_certificate = true;
    config.ca_file = test_certificate().certificate_file;
    config.host = "localhost";  // the name the certificate is for
    result = deliver_blocking(config, "referee@example.org", {"pbem@localhost"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::Delivered);

    const auto messages = server.messages();
    REQUIRE(messages.size() == 2);
    CHECK(messages[0].envelope.tls);
    CHECK(messages[1].envelope.tls);
    CHECK(messages[1].data == kMessage);

    // Not signed by anyone the system trusts: the handshake fails, temporarily.
    config.ca_file.clear();
    result = deliver_blocking(config, "referee@example.org", {"pbem@localhost"}, kMessage);
    INFO(result.detail);
    CHECK(result.status == DeliveryStatus::TemporaryFailure);
    CHECK(contains(result.detail, "TLS handshake"));
    CHECK(server.messages().size() == 2);
  }
}

TEST_CASE("deliver() as a coroutine on the caller's io_context", "[smtp][client]") {
  TestSmtpServer server;
  boost::asio::io_context io;
  std::vector<DeliveryResult> results;
  // Two deliveries at once on one thread; the config is a temporary on purpose.
  for (const char* subject : {"first", "second"}) {
    boost::asio::co_spawn(
        io,
        deliver(smarthost(server.port()), "referee@example.org", {"pbem@localhost"},
                std::string("Subject: ") + subject + "\r\n\r\nbody\r\n"),
        [&](std::exception_ptr error, DeliveryResult result) {
          CHECK_FALSE(error);
          results.push_back(std::move(result));
        });
  }
  io.run();
  REQUIRE(results.size() == 2);
  CHECK(results[0].status == DeliveryStatus::Delivered);
  CHECK(results[1].status == DeliveryStatus::Delivered);
  CHECK(server.messages().size() == 2);
}

namespace {

// Runs `body` as a coroutine on a fresh io_context to completion.
void run_coroutine(std::function<boost::asio::awaitable<void>()> body) {
  boost::asio::io_context io;
  std::exception_ptr failure;
  boost::asio::co_spawn(io, body(), [&](std::exception_ptr error) { failure = error; });
  io.run();
  if (failure) std::rethrow_exception(failure);
}

// A named vector: g++ 12 mis-compiles braced lists in co_await calls.
const std::vector<std::string> kLocal{"pbem@localhost"};

std::string numbered_message(int n) { return "Subject: number " + std::to_string(n) + "\r\n\r\nbody\r\n"; }

std::size_t connections_seen(const TestSmtpServer& server) {
  std::size_t count = 0;
  for (const std::string& line : server.log_lines()) count += contains(line, "connect from");
  return count;
}

}  // namespace

TEST_CASE("SmarthostConnection: one session carries many messages", "[smtp][client][server]") {
  TestSmtpServer server;
  SmarthostConnection connection(smarthost(server.port()));
  std::vector<DeliveryResult> results;
  run_coroutine([&]() -> boost::asio::awaitable<void> {
    for (int n = 1; n <= 5; ++n)
      results.push_back(co_await connection.deliver("referee@example.org", kLocal, numbered_message(n)));
    CHECK(connection.is_open());
    co_await connection.close();
  });
  REQUIRE(results.size() == 5);
  for (const auto& result : results) CHECK(result.status == DeliveryStatus::Delivered);
  const auto messages = server.messages();
  REQUIRE(messages.size() == 5);
  for (int n = 1; n <= 5; ++n) CHECK(messages[n - 1].data == numbered_message(n));
  CHECK(connection.sessions_started() == 1);
  CHECK(server.wait_for_log("disconnect"));  // QUIT at close()
  CHECK(connections_seen(server) == 1);
  CHECK_FALSE(connection.is_open());
}

TEST_CASE("SmarthostConnection: a refusal ends the session, the next message opens another",
          "[smtp][client][server]") {
  TestSmtpServer server;
  int stored = 0;
  server.set_sink_behaviour([&] { return ++stored == 2 ? SinkVerdict::TemporaryFailure : SinkVerdict::Stored; });
  SmarthostConnection connection(smarthost(server.port()));
  std::vector<DeliveryResult> results;
  run_coroutine([&]() -> boost::asio::awaitable<void> {
    for (int n = 1; n <= 3; ++n)
      results.push_back(co_await connection.deliver("referee@example.org", kLocal, numbered_message(n)));
    co_await connection.close();
  });
  REQUIRE(results.size() == 3);
  CHECK(results[0].status == DeliveryStatus::Delivered);
  CHECK(results[1].status == DeliveryStatus::TemporaryFailure);
  CHECK(contains(results[1].detail, "end of DATA: 451"));
  CHECK(results[2].status == DeliveryStatus::Delivered);
  CHECK(connection.sessions_started() == 2);
  CHECK(server.messages().size() == 2);
}

TEST_CASE("SmarthostConnection: a kept connection the server dropped is replaced, the message sent once",
          "[smtp][client][server]") {
  SmtpServerConfig config;
  config.command_timeout = std::chrono::seconds(1);  // the server hangs up on an idle client
  TestSmtpServer server(config);
  SmarthostConnection connection(smarthost(server.port()));
  std::vector<DeliveryResult> results;
  run_coroutine([&]() -> boost::asio::awaitable<void> {
    results.push_back(co_await connection.deliver("referee@example.org", kLocal, numbered_message(1)));
    CHECK(connection.is_open());
    // The server says "421 timeout" and closes; the client has not read it yet.
    CHECK(server.wait_for_log("timeout waiting for a command"));
    results.push_back(co_await connection.deliver("referee@example.org", kLocal, numbered_message(2)));
    co_await connection.close();
  });
  REQUIRE(results.size() == 2);
  CHECK(results[0].status == DeliveryStatus::Delivered);
  INFO(results[1].detail);
  CHECK(results[1].status == DeliveryStatus::Delivered);
  CHECK(connection.sessions_started() == 2);
  const auto messages = server.messages();
  REQUIRE(messages.size() == 2);
  CHECK(messages[1].data == numbered_message(2));
}

TEST_CASE("SmarthostConnection: a server gone for good is a temporary failure, not a loop",
          "[smtp][client]") {
  auto server = std::make_unique<TestSmtpServer>();
  SmarthostConnection connection(smarthost(server->port()));
  std::vector<DeliveryResult> results;
  run_coroutine([&]() -> boost::asio::awaitable<void> {
    results.push_back(co_await connection.deliver("referee@example.org", kLocal, numbered_message(1)));
    server.reset();  // stopped: the kept connection is closed and nobody listens any more
    results.push_back(co_await connection.deliver("referee@example.org", kLocal, numbered_message(2)));
  });
  REQUIRE(results.size() == 2);
  CHECK(results[0].status == DeliveryStatus::Delivered);
  CHECK(results[1].status == DeliveryStatus::TemporaryFailure);
  CHECK(contains(results[1].detail, "connecting"));
  CHECK(connection.sessions_started() == 2);
}
