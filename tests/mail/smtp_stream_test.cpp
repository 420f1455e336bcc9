// SmtpStream's cancel() (mail/smtp_stream.h): a cancel that arrives between two operations,
// with nothing pending, still ends the next read at once. Without that, a server stopping
// at that moment (a reply just written, the next read not yet begun) left the session
// waiting out its whole command timeout, 300 s (it held up test teardown now and then,
// and could hold up pbemd's shutdown).
#include <catch2/catch.hpp>

#include <chrono>
#include <optional>

#include "mail/smtp_asio.h"
#include "mail/smtp_stream.h"

namespace asio = boost::asio;
using boost::asio::ip::tcp;

TEST_CASE("a cancel with nothing pending ends the next read at once; writes still work", "[smtp][stream]") {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  tcp::socket client(io);
  client.connect(acceptor.local_endpoint());
  pbem::mail::SmtpStream stream(acceptor.accept());
  stream.cancel();  // nothing is pending now
  std::optional<boost::system::error_code> read_error;
  bool wrote = false;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        try {
          co_await stream.read_line(100, std::chrono::seconds(30));
        } catch (const boost::system::system_error& error) {
          read_error = error.code();
        }
        co_await stream.write("421 4.3.2 bye\r\n", std::chrono::seconds(5));  // a last reply still goes out
        wrote = true;
      },
      asio::detached);
  io.run_for(std::chrono::seconds(10));  // before the fix the read was still waiting here
  REQUIRE(read_error);
  CHECK(*read_error == asio::error::operation_aborted);
  CHECK(wrote);
}
