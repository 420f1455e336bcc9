#pragma once
// Helpers for the SMTP tests: a real SmtpServer on an ephemeral port in its own thread,
// a blocking raw-socket SMTP client for protocol edge cases, subprocesses (swaks,
// python3, openssl, smtp-sink) and temporary directories.

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mail/smtp_server.h"

namespace pbem::mail::test {

// Generous bound on every wait in the tests: a failure shows up as a failed check after
// this long, never as a hung test. Nothing asserts on how fast anything is.
constexpr std::chrono::seconds kPatience{20};

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

inline bool starts_with(const std::string& text, const std::string& prefix) { return text.starts_with(prefix); }
inline bool contains(const std::string& text, const std::string& fragment) {
  return text.find(fragment) != std::string::npos;
}

void write_file(const std::filesystem::path& path, const std::string& bytes);
std::string read_file(const std::filesystem::path& path);

struct ProcessResult {
  int exit_code = -1;  // -1 when killed after kPatience
  std::string output;  // stdout and stderr together
};
// Runs argv[0] (looked up in PATH) to completion.
ProcessResult run_process(const std::vector<std::string>& argv);

// A subprocess that runs alongside the test (a server), killed when this goes away.
class BackgroundProcess {
 public:
  explicit BackgroundProcess(const std::vector<std::string>& argv);
  ~BackgroundProcess();
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;
  std::string read_line();  // next line of its stdout; "" at EOF or after kPatience
  void terminate();         // SIGTERM and reap

 private:
  int pid_ = -1;
  int stdout_fd_ = -1;
  std::string buffered_;
};

// A TCP port that nothing listens on right now (bound and released).
unsigned short unused_port();
// Waits until something accepts connections on 127.0.0.1:port.
bool wait_until_listening(unsigned short port);

// A self-signed certificate for CN=localhost (also valid for IP 127.0.0.1), made once
// per test run with the openssl command-line tool.
struct TestCertificate {
  std::string certificate_file, private_key_file;
};
const TestCertificate& test_certificate();

struct StoredMessage {
  Envelope envelope;
  std::string data;
};

// An SmtpServer listening on 127.0.0.1 (or another loopback address such as ::1) on an
// ephemeral port, run by its own thread, with a sink that keeps messages in memory.
class TestSmtpServer {
 public:
  // Local addresses default to pbem@localhost when the config has none.
  explicit TestSmtpServer(SmtpServerConfig config = {}, std::string listen_host = "127.0.0.1");
  ~TestSmtpServer();  // stop() and join
  TestSmtpServer(const TestSmtpServer&) = delete;
  TestSmtpServer& operator=(const TestSmtpServer&) = delete;

  unsigned short port() const { return server_->port(); }
  std::vector<StoredMessage> messages() const;
  std::vector<std::string> log_lines() const;
  // Waits until a log line containing `fragment` appears; false after kPatience.
  bool wait_for_log(const std::string& fragment) const;
  // What the sink answers from now on (default Stored); may throw to test that path.
  void set_sink_behaviour(std::function<SinkVerdict()> behaviour);
  void stop();  // stops the server and waits for its thread; idempotent

 private:
  SinkVerdict store(const Envelope& envelope, std::string data);

  boost::asio::io_context io_;
  std::unique_ptr<SmtpServer> server_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  std::vector<StoredMessage> messages_;
  std::vector<std::string> log_;
  std::function<SinkVerdict()> behaviour_;
  std::thread thread_;
};

// A blocking SMTP client on a raw socket, for what real clients will not send.
class RawSmtpClient {
 public:
  // host: a numeric loopback address, IPv4 or IPv6.
  explicit RawSmtpClient(unsigned short port, const std::string& host = "127.0.0.1");
  ~RawSmtpClient();
  RawSmtpClient(const RawSmtpClient&) = delete;
  RawSmtpClient& operator=(const RawSmtpClient&) = delete;

  void send(const std::string& bytes);
  // The next complete reply, all lines joined with "\n" (e.g. "250 2.0.0 OK"); "" when the
  // connection closed or nothing came within kPatience.
  std::string reply();
  int reply_code();  // the code of reply(), 0 for none
  // Discards whatever else arrives; true when the server then closes the connection.
  bool closed_by_server();
  void close();

 private:
  std::string line();
  int fd_ = -1;
  std::string buffered_;
};

}  // namespace pbem::mail::test
