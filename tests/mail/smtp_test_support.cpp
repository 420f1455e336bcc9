#include "smtp_test_support.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <stdexcept>
#include <system_error>

extern char** environ;

namespace pbem::mail::test {
namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void fail_errno(const std::string& what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// Milliseconds left until deadline, for poll(); at least 0.
int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::max<long long>(0, left.count()));
}

// Starts argv with stdout (and stderr too when merge_stderr) going to a new pipe, stdin
// from /dev/null. Returns the pid; *read_end receives the pipe's read end.
int spawn_with_pipe(const std::vector<std::string>& argv, bool merge_stderr, int* read_end) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) fail_errno("pipe2");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  if (merge_stderr) posix_spawn_file_actions_adddup2(&actions, fds[1], 2);

  std::vector<char*> args;
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int error = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (error != 0) {
    close(fds[0]);
    errno = error;
    fail_errno("cannot start " + argv[0]);
  }
  *read_end = fds[0];
  return pid;
}

// Waits for pid until deadline, then kills it. Exit code, or -1 if it had to be killed
// or died from a signal.
int reap(int pid, Clock::time_point deadline) {
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) return -1;
    if (Clock::now() >= deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "pbem-smtp-test-XXXXXX").string();
  if (!mkdtemp(pattern.data())) fail_errno("mkdtemp");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

ProcessResult run_process(const std::vector<std::string>& argv) {
  int read_end = -1;
  const int pid = spawn_with_pipe(argv, true, &read_end);
  const auto deadline = Clock::now() + kPatience;
  ProcessResult result;
  char buffer[4096];
  for (;;) {
    pollfd waiting{read_end, POLLIN, 0};
    const int ready = poll(&waiting, 1, remaining_ms(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;  // out of patience: reap() kills it
    const ssize_t got = read(read_end, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    result.output.append(buffer, static_cast<std::size_t>(got));
  }
  close(read_end);
  result.exit_code = reap(pid, deadline);
  return result;
}

BackgroundProcess::BackgroundProcess(const std::vector<std::string>& argv) {
  pid_ = spawn_with_pipe(argv, false, &stdout_fd_);
}

BackgroundProcess::~BackgroundProcess() {
  terminate();
  if (stdout_fd_ >= 0) close(stdout_fd_);
}

std::string BackgroundProcess::read_line() {
  const auto deadline = Clock::now() + kPatience;
  for (;;) {
    const std::size_t newline = buffered_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffered_.substr(0, newline);
      buffered_.erase(0, newline + 1);
      return line;
    }
    pollfd waiting{stdout_fd_, POLLIN, 0};
    if (poll(&waiting, 1, remaining_ms(deadline)) <= 0) return {};
    char buffer[1024];
    const ssize_t got = read(stdout_fd_, buffer, sizeof buffer);
    if (got <= 0) return {};
    buffered_.append(buffer, static_cast<std::size_t>(got));
  }
}

void BackgroundProcess::terminate() {
  if (pid_ < 0) return;
  kill(pid_, SIGTERM);
  reap(pid_, Clock::now() + kPatience);
  pid_ = -1;
}

unsigned short unused_port() {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) fail_errno("socket");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    close(fd);
    fail_errno("bind");
  }
  close(fd);
  return ntohs(address.sin_port);
}

bool wait_until_listening(unsigned short port) {
  const auto deadline = Clock::now() + kPatience;
  while (Clock::now() < deadline) {
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    const bool connected =
        connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    close(fd);
    if (connected) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

const TestCertificate& test_certificate() {
  static const TempDir directory;
  static const TestCertificate certificate = [] {
    TestCertificate made{(directory / "cert.pem").string(), (directory / "key.pem").string()};
    const ProcessResult openssl = run_process(
        {"openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-subj", "/CN=localhost", "-addext",
         "subjectAltName=DNS:localhost,IP:127.0.0.1", "-days", "1", "-keyout",
         made.private_key_file, "-out", made.certificate_file});
    if (openssl.exit_code != 0) {
      throw std::runtime_error("openssl could not make a test certificate: " + openssl.output);
    }
    return made;
  }();
  return certificate;
}

TestSmtpServer::TestSmtpServer(SmtpServerConfig config, std::string listen_host) {
  config.listen_host = std::move(listen_host);
  config.listen_port = 0;
  if (config.local_addresses.empty()) config.local_addresses = {"pbem@localhost"};
  config.log = [this](std::string_view line) {
    std::lock_guard lock(mutex_);
    log_.emplace_back(line);
    changed_.notify_all();
  };
  server_ = std::make_unique<SmtpServer>(
      io_, std::move(config),
      [this](const Envelope& envelope, std::string data) { return store(envelope, std::move(data)); });
  server_->start();
  thread_ = std::thread([this] { io_.run(); });
}

TestSmtpServer::~TestSmtpServer() { stop(); }

void TestSmtpServer::stop() {
  if (!thread_.joinable()) return;
  server_->stop();
  thread_.join();
}

SinkVerdict TestSmtpServer::store(const Envelope& envelope, std::string data) {
  std::function<SinkVerdict()> behaviour;
  {
    std::lock_guard lock(mutex_);
    behaviour = behaviour_;
  }
  const SinkVerdict verdict = behaviour ? behaviour() : SinkVerdict::Stored;
  if (verdict == SinkVerdict::Stored) {
    std::lock_guard lock(mutex_);
    messages_.push_back({envelope, std::move(data)});
    changed_.notify_all();
  }
  return verdict;
}

void TestSmtpServer::set_sink_behaviour(std::function<SinkVerdict()> behaviour) {
  std::lock_guard lock(mutex_);
  behaviour_ = std::move(behaviour);
}

std::vector<StoredMessage> TestSmtpServer::messages() const {
  std::lock_guard lock(mutex_);
  return messages_;
}

std::vector<std::string> TestSmtpServer::log_lines() const {
  std::lock_guard lock(mutex_);
  return log_;
}

bool TestSmtpServer::wait_for_log(const std::string& fragment) const {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, kPatience, [&] {
    for (const auto& line : log_) {
      if (line.find(fragment) != std::string::npos) return true;
    }
    return false;
  });
}

RawSmtpClient::RawSmtpClient(unsigned short port, const std::string& host) {
  sockaddr_storage address{};
  socklen_t address_size = 0;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&address);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&address);
  if (inet_pton(AF_INET, host.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(port);
    address_size = sizeof *v4;
  } else if (inet_pton(AF_INET6, host.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(port);
    address_size = sizeof *v6;
  } else {
    throw std::invalid_argument("RawSmtpClient: not a numeric address: " + host);
  }
  fd_ = socket(address.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) fail_errno("socket");
  timeval patience{static_cast<time_t>(kPatience.count()), 0};
  setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
  setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &patience, sizeof patience);
  if (connect(fd_, reinterpret_cast<sockaddr*>(&address), address_size) != 0) {
    const int error = errno;
    ::close(fd_);
    errno = error;
    fail_errno("connect");
  }
}

RawSmtpClient::~RawSmtpClient() { close(); }

void RawSmtpClient::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void RawSmtpClient::send(const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t wrote = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) fail_errno("send");
    sent += static_cast<std::size_t>(wrote);
  }
}

std::string RawSmtpClient::line() {
  for (;;) {
    const std::size_t newline = buffered_.find('\n');
    if (newline != std::string::npos) {
      std::string text = buffered_.substr(0, newline);
      buffered_.erase(0, newline + 1);
      if (!text.empty() && text.back() == '\r') text.pop_back();
      return text;
    }
    char buffer[4096];
    const ssize_t got = recv(fd_, buffer, sizeof buffer, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return {};
    buffered_.append(buffer, static_cast<std::size_t>(got));
  }
}

std::string RawSmtpClient::reply() {
  std::string joined;
  for (;;) {
    const std::string text = line();
    if (text.empty()) return joined;
    if (!joined.empty()) joined += '\n';
    joined += text;
    if (text.size() < 4 || text[3] != '-') return joined;
  }
}

int RawSmtpClient::reply_code() {
  const std::string text = reply();
  return text.size() >= 3 ? std::atoi(text.substr(0, 3).c_str()) : 0;
}

bool RawSmtpClient::closed_by_server() {
  buffered_.clear();
  char buffer[4096];
  for (;;) {
    const ssize_t got = recv(fd_, buffer, sizeof buffer, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got == 0) return true;
    if (got < 0) return errno == ECONNRESET;  // EAGAIN: kPatience passed, still open
  }
}

}  // namespace pbem::mail::test
