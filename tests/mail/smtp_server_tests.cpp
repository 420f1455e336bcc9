// SmtpServer on a real socket, driven by real clients (swaks, python's smtplib) and by
// raw socket writes for the protocol's edge cases.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <thread>

#include "smtp_test_support.h"

using namespace pbem::mail;
using namespace pbem::mail::test;

namespace {

// Every LF is part of a CRLF.
bool has_only_crlf_line_ends(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r')) return false;
  }
  return true;
}

std::vector<std::string> swaks_to(unsigned short port, std::vector<std::string> more) {
  std::vector<std::string> argv{"swaks", "--server", "127.0.0.1:" + std::to_string(port),
                                "--helo", "client.example", "--timeout", "20"};
  argv.insert(argv.end(), more.begin(), more.end());
  return argv;
}

// Greeting, EHLO, MAIL, RCPT (each to one of `recipients`) and DATA, checking each reply.
void open_transaction(RawSmtpClient& client, const std::vector<std::string>& recipients = {"pbem@localhost"}) {
  REQUIRE(client.reply_code() == 220);
  client.send("EHLO raw.example\r\n");
  REQUIRE(client.reply_code() == 250);
  client.send("MAIL FROM:<carol@example.org>\r\n");
  REQUIRE(client.reply_code() == 250);
  for (const auto& recipient : recipients) {
    client.send("RCPT TO:<" + recipient + ">\r\n");
    REQUIRE(client.reply_code() == 250);
  }
  client.send("DATA\r\n");
  REQUIRE(client.reply_code() == 354);
}

}  // namespace

TEST_CASE("swaks delivers a message that the sink receives", "[smtp][server]") {
  TestSmtpServer server;
  const auto swaks = run_process(swaks_to(server.port(), {
      "--from", "alice@example.org", "--to", "pbem@localhost",
      "--header", "Subject: gates move 17 alice secret c:d3", "--body", "Good luck!"}));
  INFO(swaks.output);
  REQUIRE(swaks.exit_code == 0);

  const auto messages = server.messages();
  REQUIRE(messages.size() == 1);
  const Envelope& envelope = messages[0].envelope;
  CHECK(envelope.mail_from == "alice@example.org");
  CHECK(envelope.recipients == std::vector<std::string>{"pbem@localhost"});
  CHECK(envelope.helo_name == "client.example");
  CHECK(envelope.client_address == "127.0.0.1");
  CHECK_FALSE(envelope.tls);
  const std::string& data = messages[0].data;
  CHECK(contains(data, "\r\nSubject: gates move 17 alice secret c:d3\r\n"));
  CHECK(contains(data, "Good luck!\r\n"));
  CHECK(has_only_crlf_line_ends(data));
  CHECK(server.wait_for_log("message stored: from=<alice@example.org> to=<pbem@localhost>"));
  // The log never shows message text.
  for (const auto& line : server.log_lines()) {
    CHECK_FALSE(contains(line, "Good luck"));
    CHECK_FALSE(contains(line, "secret"));
  }
}

TEST_CASE("python smtplib: EHLO features, NOOP, RSET, two recipients, QUIT", "[smtp][server]") {
  SmtpServerConfig config;
  config.local_addresses = {"pbem@localhost", "Games@Localhost"};
  TestSmtpServer server(config);
  const char* script = R"(
import smtplib, sys
s = smtplib.SMTP('127.0.0.1', int(sys.argv[1]), local_hostname='player.example', timeout=20)
print('ehlo', s.ehlo()[0])
print('features', ' '.join(sorted(s.esmtp_features)))
print('size', s.esmtp_features['size'])
print('noop', s.noop()[0])
print('rset', s.rset()[0])
message = (b'From: Bob <bob@example.org>\r\nTo: pbem@localhost\r\n'
           b'Subject: hy3 challenge bob alice\r\n\r\nLet us play.\r\n')
print('refused', s.sendmail('bob@example.org', ['pbem@localhost', 'games@localhost'], message))
print('quit', s.quit()[0])
)";
  const auto python = run_process({"python3", "-c", script, std::to_string(server.port())});
  INFO(python.output);
  REQUIRE(python.exit_code == 0);
  CHECK(contains(python.output, "ehlo 250\n"));
  CHECK(contains(python.output, "features 8bitmime enhancedstatuscodes pipelining size\n"));
  CHECK(contains(python.output, "size 1048576\n"));
  CHECK(contains(python.output, "noop 250\n"));
  CHECK(contains(python.output, "rset 250\n"));
  CHECK(contains(python.output, "refused {}\n"));
  CHECK(contains(python.output, "quit 221\n"));

  const auto messages = server.messages();
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].envelope.mail_from == "bob@example.org");
  CHECK(messages[0].envelope.recipients ==
        std::vector<std::string>{"pbem@localhost", "games@localhost"});
  CHECK(messages[0].envelope.helo_name == "player.example");
  CHECK(messages[0].data ==
        "From: Bob <bob@example.org>\r\nTo: pbem@localhost\r\n"
        "Subject: hy3 challenge bob alice\r\n\r\nLet us play.\r\n");
}

TEST_CASE("pipelined commands are answered in order; dots and bare LF in the data", "[smtp][server]") {
  TestSmtpServer server;
  RawSmtpClient client(server.port());
  REQUIRE(client.reply_code() == 220);

  client.send("EHLO raw.example\r\nMAIL FROM:<carol@example.org>\r\nRCPT TO:<pbem@localhost>\r\n"
              "RCPT TO:<someone@elsewhere.example>\r\nDATA\r\n");
  const std::string ehlo = client.reply();
  CHECK(starts_with(ehlo, "250-localhost\n"));
  CHECK(contains(ehlo, "\n250-PIPELINING\n"));
  CHECK(client.reply() == "250 2.1.0 Sender OK");
  CHECK(client.reply() == "250 2.1.5 Recipient OK");
  CHECK(starts_with(client.reply(), "550 5.1.1 <someone@elsewhere.example>"));
  CHECK(client.reply_code() == 354);

  client.send("Subject: dots\r\n\r\n..x\r\n...\r\n.\tTab\r\nbare\nline\r\n.\r\nQUIT\r\n");
  CHECK(starts_with(client.reply(), "250 2.0.0"));
  CHECK(client.reply_code() == 221);
  CHECK(client.closed_by_server());

  const auto messages = server.messages();
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].data == "Subject: dots\r\n\r\n.x\r\n..\r\n\tTab\r\nbare\r\nline\r\n");
  CHECK(messages[0].envelope.recipients == std::vector<std::string>{"pbem@localhost"});
}

TEST_CASE("a bare-LF dot does not end the data (no SMTP smuggling)", "[smtp][server]") {
  TestSmtpServer server;
  RawSmtpClient client(server.port());
  open_transaction(client);
  client.send("Subject: one\r\n\r\ntext\n.\r\nMAIL FROM:<forged@example.org>\r\n"
              "RCPT TO:<pbem@localhost>\r\nDATA\r\nSubject: forged\r\n\r\n.\r\n");
  CHECK(starts_with(client.reply(), "250 2.0.0"));
  client.send("NOOP\r\n");
  // Had the smuggled commands been obeyed, their replies would come first.
  CHECK(client.reply() == "250 2.0.0 OK");

  const auto messages = server.messages();
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].data == "Subject: one\r\n\r\ntext\r\n.\r\nMAIL FROM:<forged@example.org>\r\n"
                            "RCPT TO:<pbem@localhost>\r\nDATA\r\nSubject: forged\r\n\r\n");
}

TEST_CASE("size limits: over-size data gets 552 and is not stored; so does a large SIZE=",
          "[smtp][server]") {
  SmtpServerConfig config;
  config.max_message_bytes = 1000;
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  REQUIRE(client.reply_code() == 220);
  client.send("EHLO raw.example\r\n");
  CHECK(contains(client.reply(), "\n250-SIZE 1000\n"));

  SECTION("data over the limit") {
    client.send("MAIL FROM:<carol@example.org>\r\nRCPT TO:<pbem@localhost>\r\nDATA\r\n");
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 354);
    std::string body = "Subject: big\r\n\r\n";
    for (int i = 0; i < 50; ++i) body += std::string(98, 'x') + "\r\n";
    client.send(body + ".\r\n");
    CHECK(starts_with(client.reply(), "552 5.3.4"));
    // The session is still in step and usable.
    client.send("NOOP\r\n");
    CHECK(client.reply() == "250 2.0.0 OK");
    CHECK(server.messages().empty());
    CHECK(server.wait_for_log("over the limit of 1000"));
  }
  SECTION("declared SIZE over the limit is refused at MAIL; exactly the limit is fine") {
    client.send("MAIL FROM:<carol@example.org> SIZE=1001\r\n");
    CHECK(starts_with(client.reply(), "552 5.3.4"));
    client.send("MAIL FROM:<carol@example.org> SIZE=99999999999999999999999999\r\n");
    CHECK(starts_with(client.reply(), "552 5.3.4"));
    client.send("MAIL FROM:<carol@example.org> SIZE=1000\r\n");
    CHECK(client.reply_code() == 250);
  }
  SECTION("a message of exactly the limit is stored") {
    client.send("MAIL FROM:<carol@example.org>\r\nRCPT TO:<pbem@localhost>\r\nDATA\r\n");
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 354);
    const std::string exact = std::string(998, 'y') + "\r\n";  // 1000 bytes with its CRLF
    client.send(exact + ".\r\n");
    CHECK(starts_with(client.reply(), "250 2.0.0"));
    REQUIRE(server.messages().size() == 1);
    CHECK(server.messages()[0].data == exact);
  }
}

TEST_CASE("never an open relay: a non-local recipient gets 550 and nothing is stored",
          "[smtp][server]") {
  TestSmtpServer server;
  const auto swaks = run_process(swaks_to(server.port(), {
      "--from", "alice@example.org", "--to", "victim@elsewhere.example", "--body", "spam"}));
  INFO(swaks.output);
  CHECK(swaks.exit_code == 24);  // swaks: no RCPTs accepted
  CHECK(contains(swaks.output, "550 5.1.1"));
  CHECK(server.messages().empty());
  CHECK(server.wait_for_log("refused RCPT <victim@elsewhere.example>: not a local address"));
}

TEST_CASE("too many recipients: 452 beyond the limit, delivered to the rest", "[smtp][server]") {
  SmtpServerConfig config;
  config.max_recipients = 3;
  config.local_addresses = {"a@localhost", "b@localhost", "c@localhost", "d@localhost"};
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  REQUIRE(client.reply_code() == 220);
  client.send("EHLO raw.example\r\nMAIL FROM:<carol@example.org>\r\n");
  CHECK(client.reply_code() == 250);
  CHECK(client.reply_code() == 250);
  for (const char* recipient : {"a@localhost", "b@localhost", "c@localhost"}) {
    client.send(std::string("RCPT TO:<") + recipient + ">\r\n");
    CHECK(client.reply_code() == 250);
  }
  client.send("RCPT TO:<a@localhost>\r\n");  // the same mailbox again is not one more
  CHECK(client.reply_code() == 250);
  client.send("RCPT TO:<d@localhost>\r\n");
  CHECK(client.reply() == "452 4.5.3 Error: too many recipients");
  client.send("DATA\r\n");
  CHECK(client.reply_code() == 354);
  client.send("Subject: many\r\n\r\nhi\r\n.\r\n");
  CHECK(client.reply_code() == 250);

  const auto messages = server.messages();
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].envelope.recipients ==
        std::vector<std::string>{"a@localhost", "b@localhost", "c@localhost"});
}

TEST_CASE("a client that disconnects mid-DATA stores nothing; the server serves the next",
          "[smtp][server]") {
  TestSmtpServer server;
  {
    RawSmtpClient quitter(server.port());
    open_transaction(quitter);
    quitter.send("Subject: half\r\n\r\npartial body without the final dot\r\n");
  }  // closed here
  CHECK(server.wait_for_log("client disconnected during DATA: message discarded"));

  const auto swaks = run_process(swaks_to(server.port(), {
      "--from", "alice@example.org", "--to", "pbem@localhost", "--header", "Subject: whole"}));
  INFO(swaks.output);
  CHECK(swaks.exit_code == 0);
  const auto messages = server.messages();
  REQUIRE(messages.size() == 1);
  CHECK(contains(messages[0].data, "Subject: whole"));
}

TEST_CASE("timeouts: a client that stalls gets 421 4.4.2 and nothing is stored",
          "[smtp][server]") {
  SmtpServerConfig config;
  config.data_timeout = std::chrono::seconds(1);
  config.command_timeout = std::chrono::seconds(1);
  TestSmtpServer server(config);

  SECTION("stalled in the middle of DATA, while another client is served") {
    RawSmtpClient staller(server.port());
    open_transaction(staller);
    staller.send("Subject: stalled\r\n\r\nand then nothing more");

    RawSmtpClient other(server.port());
    open_transaction(other);
    other.send("Subject: prompt\r\n\r\nhello\r\n.\r\n");
    CHECK(other.reply_code() == 250);

    CHECK(starts_with(staller.reply(), "421 4.4.2"));
    CHECK(staller.closed_by_server());
    CHECK(server.wait_for_log("timeout during DATA: message discarded"));
    const auto messages = server.messages();
    REQUIRE(messages.size() == 1);
    CHECK(contains(messages[0].data, "Subject: prompt"));
  }
  SECTION("idle while a command is due") {
    RawSmtpClient idler(server.port());
    REQUIRE(idler.reply_code() == 220);
    CHECK(starts_with(idler.reply(), "421 4.4.2 localhost"));
    CHECK(idler.closed_by_server());
  }
}

TEST_CASE("8-bit and UTF-8 header bytes pass through unchanged", "[smtp][server]") {
  TestSmtpServer server;
  // UTF-8 in raw headers (RFC 6532 style, as some clients send), plus a Latin-1 byte.
  const std::string message =
      "From: J\xC3\xBCrgen <j@example.org>\r\n"
      "Subject: gaia move 3 j pw a1 \xC3\xA4\xC3\xB6 \xE6\x97\xA5\xE6\x9C\xAC \xE9\r\n"
      "\r\n"
      "caf\xC3\xA9 \xFF\xFE\x80\r\n";

  SECTION("raw socket, byte for byte") {
    RawSmtpClient client(server.port());
    REQUIRE(client.reply_code() == 220);
    client.send("EHLO raw.example\r\nMAIL FROM:<j@example.org> BODY=8BITMIME\r\n"
                "RCPT TO:<pbem@localhost>\r\nDATA\r\n");
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 354);
    client.send(message + ".\r\n");
    CHECK(client.reply_code() == 250);
    REQUIRE(server.messages().size() == 1);
    CHECK(server.messages()[0].data == message);
  }
  SECTION("swaks sending the message from a file") {
    TempDir directory;
    write_file(directory / "message.eml", message);
    const auto swaks = run_process(swaks_to(server.port(), {
        "--from", "j@example.org", "--to", "pbem@localhost",
        "--data", "@" + (directory / "message.eml").string()}));
    INFO(swaks.output);
    REQUIRE(swaks.exit_code == 0);
    REQUIRE(server.messages().size() == 1);
    CHECK(contains(server.messages()[0].data,
                   "Subject: gaia move 3 j pw a1 \xC3\xA4\xC3\xB6 \xE6\x97\xA5\xE6\x9C\xAC \xE9\r\n"));
    CHECK(contains(server.messages()[0].data, "caf\xC3\xA9 \xFF\xFE\x80\r\n"));
  }
}

TEST_CASE("lines longer than the limit", "[smtp][server]") {
  TestSmtpServer server;  // max_line_length 4096
  RawSmtpClient client(server.port());
  REQUIRE(client.reply_code() == 220);

  SECTION("a command line gets 500 5.5.2 and the session stays in step") {
    client.send("NOOP " + std::string(5000, 'x') + "\r\n");
    CHECK(client.reply() == "500 5.5.2 Error: line too long");
    // A long line with a dot in the middle of it is not mistaken for anything either.
    client.send("HELO " + std::string(4500, 'y') + "\r\n.\r\nNOOP\r\n");
    CHECK(client.reply() == "500 5.5.2 Error: line too long");
    CHECK(client.reply_code() == 500);  // "." alone is not a command
    CHECK(client.reply() == "250 2.0.0 OK");
  }
  SECTION("a long text line inside DATA is kept whole") {
    client.send("EHLO raw.example\r\nMAIL FROM:<carol@example.org>\r\n"
                "RCPT TO:<pbem@localhost>\r\nDATA\r\n");
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 250);
    CHECK(client.reply_code() == 354);
    const std::string message = "Subject: long\r\n\r\n" + std::string(10000, 'z') + "\r\n";
    client.send(message + ".\r\n");
    CHECK(client.reply_code() == 250);
    REQUIRE(server.messages().size() == 1);
    CHECK(server.messages()[0].data == message);
  }
}

TEST_CASE("max_connections: one connection too many gets 421 4.7.0", "[smtp][server]") {
  SmtpServerConfig config;
  config.max_connections = 2;
  TestSmtpServer server(config);
  auto first = std::make_unique<RawSmtpClient>(server.port());
  RawSmtpClient second(server.port());
  CHECK(first->reply_code() == 220);
  CHECK(second.reply_code() == 220);

  RawSmtpClient third(server.port());
  CHECK(starts_with(third.reply(), "421 4.7.0 localhost"));
  CHECK(third.closed_by_server());
  CHECK(server.wait_for_log("too many connections"));

  // When one leaves, there is room again.
  first.reset();
  CHECK(server.wait_for_log("smtp[1] disconnect"));
  bool served = false;
  for (int attempt = 0; attempt < 100 && !served; ++attempt) {
    RawSmtpClient next(server.port());
    served = next.reply_code() == 220;
    if (!served) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(served);
}

TEST_CASE("command sequence and syntax errors; every reply has its code", "[smtp][server]") {
  SmtpServerConfig config;
  config.max_errors = 100;  // this test collects many errors on purpose
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  CHECK(client.reply() == "220 localhost ESMTP pbem ready");
  auto says = [&](const std::string& command) {
    client.send(command + "\r\n");
    return client.reply();
  };
  CHECK(says("MAIL FROM:<a@example.org>") == "503 5.5.1 Error: send HELO/EHLO first");
  CHECK(says("EHLO") == "501 5.5.4 Syntax: EHLO hostname");
  CHECK(says("HELO client.example") == "250 localhost");
  CHECK(says("RCPT TO:<pbem@localhost>") == "503 5.5.1 Error: need MAIL command");
  CHECK(says("DATA") == "503 5.5.1 Error: need MAIL command");
  CHECK(says("MAIL FROM a@example.org") ==
        "501 5.5.4 Syntax: MAIL FROM:<address> [SIZE=n] [BODY=7BIT|8BITMIME]");
  CHECK(says("MAIL FROM:<a@example.org> SIZE=abc") ==
        "501 5.5.4 Syntax: SIZE=<decimal number of octets>");
  CHECK(says("MAIL FROM:<a@example.org> BODY=BINARYMIME") ==
        "501 5.5.4 Syntax: BODY=7BIT or BODY=8BITMIME");
  CHECK(says("MAIL FROM:<a@example.org> SMTPUTF8") == "555 5.5.4 Unsupported MAIL parameter SMTPUTF8");
  CHECK(says("MAIL FROM:<>") == "250 2.1.0 Sender OK");
  CHECK(says("MAIL FROM:<a@example.org>") == "503 5.5.1 Error: nested MAIL command");
  CHECK(says("DATA") == "503 5.5.1 Error: need RCPT command");
  CHECK(says("RCPT TO:<>") == "501 5.5.4 Syntax: RCPT TO:<address>");
  CHECK(says("RCPT TO:<pbem@localhost> NOTIFY=NEVER") == "555 5.5.4 Unsupported RCPT parameter NOTIFY");
  CHECK(says("RCPT TO:<PBEM@LocalHost>") == "250 2.1.5 Recipient OK");
  CHECK(says("RSET") == "250 2.0.0 OK");
  CHECK(says("RCPT TO:<pbem@localhost>") == "503 5.5.1 Error: need MAIL command");
  CHECK(says("XYZZY") == "500 5.5.1 Error: command not recognized");
  CHECK(says("VRFY pbem") ==
        "252 2.0.0 Cannot VRFY user, but will accept message and attempt delivery");
  CHECK(starts_with(says("HELP"), "214 2.0.0 Commands:"));
  CHECK(says("STARTTLS") == "502 5.5.1 Error: STARTTLS not available");
  CHECK(says("NOOP anything") == "250 2.0.0 OK");

  SECTION("EHLO lists the extensions, without STARTTLS when it is not configured") {
    CHECK(says("EHLO client.example") ==
          "250-localhost\n250-SIZE 1048576\n250-PIPELINING\n250-8BITMIME\n"
          "250 ENHANCEDSTATUSCODES");
  }
  SECTION("a bounce (null reverse path) is stored with an empty sender") {
    CHECK(says("MAIL FROM:<>") == "250 2.1.0 Sender OK");
    CHECK(says("RCPT TO:<pbem@localhost>") == "250 2.1.5 Recipient OK");
    CHECK(says("DATA x") == "501 5.5.4 Syntax: DATA");
    CHECK(starts_with(says("DATA"), "354 "));
    CHECK(starts_with(says("Subject: bounce\r\n\r\nundeliverable\r\n."), "250 2.0.0"));
    REQUIRE(server.messages().size() == 1);
    CHECK(server.messages()[0].envelope.mail_from.empty());
  }
  CHECK(says("QUIT") == "221 2.0.0 localhost closing connection");
  CHECK(client.closed_by_server());
}

TEST_CASE("the sink decides: 451 when it cannot store, and nothing is acknowledged",
          "[smtp][server]") {
  TestSmtpServer server;
  RawSmtpClient client(server.port());

  SECTION("the sink reports a temporary failure") {
    server.set_sink_behaviour([] { return SinkVerdict::TemporaryFailure; });
    open_transaction(client);
    client.send("Subject: x\r\n\r\nbody\r\n.\r\n");
    CHECK(client.reply() == "451 4.3.0 Error: temporary storage failure, try again later");
    CHECK(server.wait_for_log("message not stored (temporary failure)"));
  }
  SECTION("the sink throws") {
    server.set_sink_behaviour([]() -> SinkVerdict { throw std::runtime_error("disk full"); });
    open_transaction(client);
    client.send("Subject: x\r\n\r\nbody\r\n.\r\n");
    CHECK(starts_with(client.reply(), "451 4.3.0"));
    CHECK(server.wait_for_log("message sink failed: disk full"));
  }
  CHECK(server.messages().empty());
  // The session goes on; the next attempt can succeed.
  server.set_sink_behaviour({});
  client.send("MAIL FROM:<carol@example.org>\r\nRCPT TO:<pbem@localhost>\r\nDATA\r\n");
  CHECK(client.reply_code() == 250);
  CHECK(client.reply_code() == 250);
  CHECK(client.reply_code() == 354);
  client.send("Subject: again\r\n\r\nbody\r\n.\r\n");
  CHECK(client.reply_code() == 250);
  CHECK(server.messages().size() == 1);
}

TEST_CASE("stop(): idle sessions get 421, a message in transfer is abandoned unstored",
          "[smtp][server]") {
  auto server = std::make_unique<TestSmtpServer>();
  const unsigned short port = server->port();
  RawSmtpClient idle(port);
  REQUIRE(idle.reply_code() == 220);
  idle.send("EHLO idle.example\r\n");
  REQUIRE(idle.reply_code() == 250);
  RawSmtpClient sending(port);
  open_transaction(sending);
  sending.send("Subject: interrupted\r\n\r\nhalf a message");

  server->stop();  // returns once every session has finished

  CHECK(starts_with(idle.reply(), "421 4.3.2 localhost"));
  CHECK(idle.closed_by_server());
  CHECK(sending.reply().empty());  // no 250, no reply at all: closed
  CHECK(server->messages().empty());
  CHECK(server->wait_for_log("server stopping: message in transfer abandoned, not stored"));
  CHECK_THROWS(RawSmtpClient(port));  // no longer listening
}

TEST_CASE("configuration that cannot work is refused up front", "[smtp][server]") {
  boost::asio::io_context io;
  auto sink = [](const Envelope&, std::string) { return SinkVerdict::Stored; };
  SmtpServerConfig config;
  config.local_addresses = {"pbem@localhost"};
  CHECK_NOTHROW(SmtpServer(io, config, sink));

  SmtpServerConfig no_addresses = config;
  no_addresses.local_addresses.clear();
  CHECK_THROWS_WITH(SmtpServer(io, no_addresses, sink), Catch::Contains("no local addresses"));

  SmtpServerConfig half_tls = config;
  half_tls.tls_certificate_file = "/nonexistent/cert.pem";
  CHECK_THROWS_WITH(SmtpServer(io, half_tls, sink), Catch::Contains("both"));

  CHECK_THROWS_WITH(SmtpServer(io, config, MessageSink{}), Catch::Contains("no message sink"));

  SmtpServerConfig no_session_time = config;
  no_session_time.max_session = std::chrono::seconds(0);
  CHECK_THROWS_WITH(SmtpServer(io, no_session_time, sink), Catch::Contains("timeouts must be positive"));

  SmtpServerConfig missing_files = config;
  missing_files.listen_port = 0;
  missing_files.tls_certificate_file = "/nonexistent/cert.pem";
  missing_files.tls_private_key_file = "/nonexistent/key.pem";
  SmtpServer server(io, missing_files, sink);
  CHECK_THROWS_WITH(server.start(), Catch::Contains("/nonexistent/cert.pem"));

  // A port already taken is named in the error.
  TestSmtpServer running;
  SmtpServerConfig taken = config;
  taken.listen_port = running.port();
  SmtpServer second(io, taken, sink);
  CHECK_THROWS_WITH(second.start(),
                    Catch::Contains("cannot listen for SMTP on 127.0.0.1:" +
                                    std::to_string(running.port())));
}
