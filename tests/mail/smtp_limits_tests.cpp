// The SMTP server's limits against clients that hold connections on purpose: absolute
// deadlines (a client trickling bytes is cut off), a cap on connections per client
// address, and a cap on errors per session. Timeouts are short and configured; the tests
// count how much the client had sent when it was cut off instead of timing anything.
#include <catch2/catch.hpp>

#include <atomic>
#include <string>
#include <thread>

#include "smtp_test_support.h"

using namespace pbem::mail;
using namespace pbem::mail::test;

namespace {

// Sends `piece` up to `count` times, one every `pause`, on its own thread, until the
// server closes the connection. sent() tells how many pieces went out.
class Trickle {
 public:
  Trickle(RawSmtpClient& client, std::string piece, int count, std::chrono::milliseconds pause)
      : thread_([this, &client, piece, count, pause] {
          for (int i = 0; i < count && !stop_; ++i) {
            try {
              client.send(piece);
            } catch (const std::exception&) {
              return;  // the server hung up
            }
            ++sent_;
            std::this_thread::sleep_for(pause);
          }
        }) {}
  ~Trickle() {
    stop_ = true;
    thread_.join();
  }
  int sent() const { return sent_; }

 private:
  std::atomic<int> sent_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// A trickle this long lasts 20 s, ten times the deadlines below: a server that re-armed
// its timer on every byte would let it finish.
constexpr int kTrickleCount = 80;
constexpr std::chrono::milliseconds kTricklePause{250};

// A session up to DATA's 354: greeted, EHLO, one sender, one recipient.
void open_data(RawSmtpClient& client) {
  REQUIRE(client.reply_code() == 220);
  client.send("EHLO slow.example\r\nMAIL FROM:<slow@example.org>\r\nRCPT TO:<pbem@localhost>\r\nDATA\r\n");
  REQUIRE(client.reply_code() == 250);
  REQUIRE(client.reply_code() == 250);
  REQUIRE(client.reply_code() == 250);
  REQUIRE(client.reply_code() == 354);
}

// DATA lines trickled (kTrickleCount at most, kTricklePause apart) until the server answers:
// its reply, and how many lines had gone out by then.
struct CutOff {
  std::string reply;
  int lines_sent = 0;
};
CutOff trickle_data_until_cut_off(RawSmtpClient& client) {
  Trickle trickle(client, "a line\r\n", kTrickleCount, kTricklePause);
  CutOff cut;
  cut.reply = client.reply();
  cut.lines_sent = trickle.sent();
  return cut;
}

}  // namespace

TEST_CASE("a client trickling a command line is cut off at the command deadline",
          "[smtp][server][limits]") {
  SmtpServerConfig config;
  config.command_timeout = std::chrono::seconds(2);
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  REQUIRE(client.reply_code() == 220);

  int sent_when_cut_off = 0;
  {
    Trickle trickle(client, "x", kTrickleCount, kTricklePause);  // "xxxx..." never ends
    const std::string reply = client.reply();
    sent_when_cut_off = trickle.sent();
    CHECK(starts_with(reply, "421 4.4.2 localhost"));
  }
  CHECK(sent_when_cut_off < kTrickleCount);
  CHECK(server.wait_for_log("timeout waiting for a command"));
}

TEST_CASE("a client trickling DATA line by line is cut off at the DATA deadline",
          "[smtp][server][limits]") {
  SmtpServerConfig config;
  config.data_timeout = std::chrono::seconds(2);        // each line comes well within this
  config.data_total_timeout = std::chrono::seconds(3);  // the whole message does not
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  open_data(client);

  const CutOff cut = trickle_data_until_cut_off(client);
  CHECK(starts_with(cut.reply, "421 4.4.2 localhost"));
  CHECK(cut.lines_sent < kTrickleCount);
  CHECK(server.wait_for_log("timeout during DATA: message discarded, not stored"));
  CHECK(server.messages().empty());
}

TEST_CASE("connections from one address are capped; other addresses are still served",
          "[smtp][server][limits]") {
  SmtpServerConfig config;
  config.max_connections_per_ip = 2;
  TestSmtpServer server(config);

  auto first = std::make_unique<RawSmtpClient>(server.port());
  RawSmtpClient second(server.port());
  REQUIRE(first->reply_code() == 220);
  REQUIRE(second.reply_code() == 220);
  RawSmtpClient third(server.port());
  CHECK(third.reply() == "421 4.7.0 localhost Error: too many connections from your address, try again later");
  CHECK(third.closed_by_server());
  CHECK(server.wait_for_log("refused connection from 127.0.0.1: too many connections from your address"));

  // Another loopback address is another client: it gets its greeting.
  const char* script = R"(
import socket, sys
s = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=20, source_address=('127.0.0.2', 0))
print(s.makefile('rb').readline().decode().strip())
)";
  const auto other = run_process({"python3", "-c", script, std::to_string(server.port())});
  INFO(other.output);
  CHECK(contains(other.output, "220 localhost ESMTP pbem ready"));

  // When one leaves, its address has room again.
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

TEST_CASE("a session that collects max_errors error replies is closed with 421",
          "[smtp][server][limits]") {
  SmtpServerConfig config;
  config.max_errors = 3;
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  REQUIRE(client.reply_code() == 220);

  // Successful commands do not count.
  for (int i = 0; i < 10; ++i) {
    client.send("NOOP\r\n");
    REQUIRE(client.reply_code() == 250);
  }
  client.send("XYZZY\r\n");
  CHECK(client.reply_code() == 500);
  client.send("MAIL FROM:<a@example.org>\r\n");  // before HELO
  CHECK(client.reply_code() == 503);
  client.send("XYZZY\r\n");
  CHECK(client.reply() == "500 5.5.1 Error: command not recognized");
  CHECK(client.reply() == "421 4.7.0 localhost Error: too many errors");
  CHECK(client.closed_by_server());
  CHECK(server.wait_for_log("closing connection after 3 errors"));
}

TEST_CASE("over-long lines count as errors too", "[smtp][server][limits]") {
  SmtpServerConfig config;
  config.max_errors = 2;
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  REQUIRE(client.reply_code() == 220);
  const std::string long_line(config.max_line_length + 10, 'x');
  client.send(long_line + "\r\n");
  CHECK(client.reply() == "500 5.5.2 Error: line too long");
  client.send(long_line + "\r\n");
  CHECK(client.reply() == "500 5.5.2 Error: line too long");
  CHECK(client.reply() == "421 4.7.0 localhost Error: too many errors");
  CHECK(client.closed_by_server());
}

TEST_CASE("a session ends at max_session however active the client is; what was acknowledged stays",
          "[smtp][server][limits]") {
  SmtpServerConfig config;
  config.max_session = std::chrono::seconds(2);
  config.command_timeout = std::chrono::seconds(60);  // each NOOP comes well within this
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  REQUIRE(client.reply_code() == 220);
  client.send("EHLO busy.example\r\nMAIL FROM:<busy@example.org>\r\nRCPT TO:<pbem@localhost>\r\nDATA\r\n");
  REQUIRE(client.reply_code() == 250);
  REQUIRE(client.reply_code() == 250);
  REQUIRE(client.reply_code() == 250);
  REQUIRE(client.reply_code() == 354);
  client.send("Subject: before the limit\r\n\r\nstored\r\n.\r\n");
  REQUIRE(client.reply_code() == 250);

  // A NOOP every 250 ms for up to 20 s, ten times the session's limit.
  std::string last;
  int noops = 0;
  while (noops < kTrickleCount) {
    try {
      client.send("NOOP\r\n");
    } catch (const std::exception&) {
      // The server hung up already; its 421 is still there to read.
    }
    last = client.reply();
    if (!starts_with(last, "250 ")) break;
    ++noops;
    std::this_thread::sleep_for(kTricklePause);
  }
  CHECK(last == "421 4.4.2 localhost Error: session time limit exceeded, closing connection");
  CHECK(noops < kTrickleCount);
  CHECK(client.closed_by_server());
  CHECK(server.wait_for_log("session time limit reached"));
  CHECK(server.messages().size() == 1);
}

TEST_CASE("a message still arriving at max_session is cut off, not acknowledged and not stored",
          "[smtp][server][limits]") {
  SmtpServerConfig config;
  config.max_session = std::chrono::seconds(2);
  config.data_timeout = std::chrono::seconds(60);        // each line comes well within these
  config.data_total_timeout = std::chrono::seconds(60);
  TestSmtpServer server(config);
  RawSmtpClient client(server.port());
  open_data(client);

  const CutOff cut = trickle_data_until_cut_off(client);
  CHECK(cut.reply == "421 4.4.2 localhost Error: session time limit exceeded, closing connection");
  CHECK(cut.lines_sent < kTrickleCount);
  CHECK(server.wait_for_log("session time limit reached during DATA: message discarded, not stored"));
  CHECK(server.messages().empty());
}

TEST_CASE("connections are counted per IPv4 address and per IPv6 /64", "[smtp][server][limits]") {
  CHECK(client_group_key("192.0.2.7") == "192.0.2.7");
  CHECK(client_group_key("192.0.2.8") != client_group_key("192.0.2.7"));
  // From a dual-stack listener an IPv4 client is an IPv4-mapped IPv6 address: the same key.
  CHECK(client_group_key("::ffff:192.0.2.7") == "192.0.2.7");
  // One IPv6 subscriber usually has a whole /64: every address in it is one client.
  CHECK(client_group_key("2001:db8:1:2::1") == "2001:db8:1:2::/64");
  CHECK(client_group_key("2001:db8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64");
  CHECK(client_group_key("2001:DB8:1:2:a:b:c:d") == "2001:db8:1:2::/64");
  CHECK(client_group_key("2001:db8:1:3::1") == "2001:db8:1:3::/64");
  CHECK(client_group_key("::1") == "::/64");
  CHECK(client_group_key("fe80::1%1") == "fe80::/64");
  // Not an address (the peer was unknown): its own key, as before.
  CHECK(client_group_key("") == "");
  CHECK(client_group_key("localhost") == "localhost");
}

TEST_CASE("an IPv6 client over ::1 is capped like an IPv4 one", "[smtp][server][limits]") {
  {
    // Loopback IPv6 may be switched off where the tests run; nothing to test then.
    boost::asio::io_context probe_io;
    boost::asio::ip::tcp::acceptor probe(probe_io);
    boost::system::error_code error;
    probe.open(boost::asio::ip::tcp::v6(), error);
    if (!error) probe.bind({boost::asio::ip::make_address("::1"), 0}, error);
    if (error) {
      WARN("no IPv6 loopback here: " << error.message());
      return;
    }
  }
  SmtpServerConfig config;
  config.max_connections_per_ip = 2;
  TestSmtpServer server(config, "::1");
  RawSmtpClient first(server.port(), "::1");
  RawSmtpClient second(server.port(), "::1");
  REQUIRE(first.reply_code() == 220);
  REQUIRE(second.reply_code() == 220);
  RawSmtpClient third(server.port(), "::1");
  CHECK(third.reply() == "421 4.7.0 localhost Error: too many connections from your address, try again later");
  CHECK(third.closed_by_server());
  CHECK(server.wait_for_log("refused connection from ::1: too many connections from your address"));
  // The envelope keeps the client's own address, not its /64.
  first.send("EHLO six.example\r\nMAIL FROM:<six@example.org>\r\nRCPT TO:<pbem@localhost>\r\nDATA\r\n"
             "Subject: v6\r\n\r\nbody\r\n.\r\n");
  for (int code : {250, 250, 250, 354, 250}) CHECK(first.reply_code() == code);
  const auto messages = server.messages();
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].envelope.client_address == "::1");
}
