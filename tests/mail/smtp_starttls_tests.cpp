// STARTTLS on the server, with a self-signed certificate made for the test run.
#include <catch2/catch.hpp>

#include <string>

#include "smtp_test_support.h"

using namespace pbem::mail;
using namespace pbem::mail::test;

namespace {

SmtpServerConfig tls_config() {
  SmtpServerConfig config;
  config.tls_certificate_file = test_certificate().certificate_file;
  config.tls_private_key_file = test_certificate().private_key_file;
  return config;
}

}  // namespace

TEST_CASE("swaks --tls delivers over STARTTLS", "[smtp][server][tls]") {
  TestSmtpServer server(tls_config());
  const auto swaks = run_process(
      {"swaks", "--server", "127.0.0.1:" + std::to_string(server.port()), "--tls",
       "--helo", "secure.example", "--from", "alice@example.org", "--to", "pbem@localhost",
       "--header", "Subject: gates show 17", "--timeout", "20"});
  INFO(swaks.output);
  REQUIRE(swaks.exit_code == 0);
  const auto messages = server.messages();
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].envelope.tls);
  CHECK(messages[0].envelope.helo_name == "secure.example");
  CHECK(contains(messages[0].data, "Subject: gates show 17\r\n"));
  CHECK(server.wait_for_log("TLS established: TLSv1."));
  CHECK(server.wait_for_log("tls=yes"));
}

TEST_CASE("STARTTLS forgets the plain-text session and discards injected commands",
          "[smtp][server][tls]") {
  TestSmtpServer server(tls_config());
  // Commands pipelined after STARTTLS in the same packet arrived in clear text; a man in
  // the middle could have put them there (CVE-2011-0411). They must not be executed, and
  // the EHLO and MAIL from before TLS must be forgotten (RFC 3207 section 4.2).
  const char* script = R"(
import socket, ssl, sys
plain = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=20)
def reply(sock):
    lines = []
    while True:
        line = b''
        while not line.endswith(b'\n'):
            byte = sock.recv(1)
            if not byte:
                return lines
            line += byte
        lines.append(line.decode().rstrip('\r\n'))
        if len(line) < 5 or line[3:4] != b'-':
            return lines
print('greeting', reply(plain)[0][:3])
plain.sendall(b'EHLO before.example\r\n')
print('offers-starttls-before', any('STARTTLS' in l for l in reply(plain)))
plain.sendall(b'MAIL FROM:<before@example.org>\r\n')
print('mail-before', reply(plain)[0][:3])
plain.sendall(b'STARTTLS\r\nRSET\r\nEHLO injected.example\r\nMAIL FROM:<injected@example.org>\r\n')
print('starttls', reply(plain)[0][:3])
context = ssl.create_default_context()
context.check_hostname = False
context.verify_mode = ssl.CERT_NONE
secure = context.wrap_socket(plain, server_hostname='localhost')
secure.sendall(b'MAIL FROM:<after@example.org>\r\n')
print('mail-without-ehlo', reply(secure)[0][:3])
secure.sendall(b'EHLO after.example\r\n')
print('offers-starttls-after', any('STARTTLS' in l for l in reply(secure)))
secure.sendall(b'RCPT TO:<pbem@localhost>\r\n')
print('rcpt-without-mail', reply(secure)[0][:3])
secure.sendall(b'STARTTLS\r\n')
print('starttls-again', reply(secure)[0][:3])
secure.sendall(b'QUIT\r\n')
print('quit', reply(secure)[0][:3])
)";
  const auto python = run_process({"python3", "-c", script, std::to_string(server.port())});
  INFO(python.output);
  REQUIRE(python.exit_code == 0);
  CHECK(contains(python.output, "greeting 220\n"));
  CHECK(contains(python.output, "offers-starttls-before True\n"));
  CHECK(contains(python.output, "mail-before 250\n"));
  CHECK(contains(python.output, "starttls 220\n"));
  CHECK(contains(python.output, "mail-without-ehlo 503\n"));
  CHECK(contains(python.output, "offers-starttls-after False\n"));
  CHECK(contains(python.output, "rcpt-without-mail 503\n"));
  CHECK(contains(python.output, "starttls-again 503\n"));
  CHECK(contains(python.output, "quit 221\n"));
}

TEST_CASE("a failed TLS handshake ends that session only", "[smtp][server][tls]") {
  TestSmtpServer server(tls_config());
  {
    RawSmtpClient client(server.port());
    REQUIRE(client.reply_code() == 220);
    client.send("EHLO raw.example\r\n");
    REQUIRE(client.reply_code() == 250);
    client.send("STARTTLS\r\n");
    REQUIRE(client.reply_code() == 220);
    client.send("this is not a TLS ClientHello\r\n");
    CHECK(client.closed_by_server());
  }
  CHECK(server.wait_for_log("connection failed"));
  RawSmtpClient next(server.port());
  CHECK(next.reply_code() == 220);
}
