#pragma once
// The DATA section of an SMTP transaction (RFC 5321 sections 4.1.1.4 and 4.5.2): the
// message travels as lines ended by CRLF, a line that starts with "." gets a second one
// ("dot-stuffing"), and a line holding a single "." ends it.

#include <cstddef>
#include <string>
#include <string_view>

#include "mail/smtp_syntax.h"

namespace pbem::mail {

// The DATA section a client sends for `message`: line ends made CRLF (a bare LF becomes
// CRLF, so the server sees the same lines), leading dots doubled, a final line end added
// when missing, and the terminating ".\r\n" appended.
std::string dot_stuff(std::string_view message);

// Collects the lines of a DATA section on the server side and undoes the dot-stuffing.
//
// Bare LF line ends are accepted in the message and normalised to CRLF, but the end of the
// data is only CRLF "." CRLF: a "." line that ends with a bare LF, or that follows a line
// ended by a bare LF, is message text. Recognising "\n.\n" or "\n.\r\n" as the end would
// let a sender whose relay passes such bytes through smuggle a second, forged message
// into the session ("SMTP smuggling", CVE-2023-51764 and relatives).
class SmtpDataReceiver {
 public:
  explicit SmtpDataReceiver(std::size_t max_message_bytes);

  // Takes the next line; true when it was the terminating ".", which is not part of the data.
  bool add_line(const SmtpLine& line);

  // The message exceeded max_message_bytes: the rest was read but not kept.
  bool oversize() const { return oversize_; }
  // Size of the un-stuffed message with CRLF line ends, counted even past the limit.
  std::size_t size() const { return size_; }
  // The un-stuffed message; empty once oversize.
  std::string take_data() { return std::move(data_); }

 private:
  std::size_t max_message_bytes_;
  std::string data_;
  std::size_t size_ = 0;
  bool oversize_ = false;
  bool previous_line_ended_with_crlf_ = true;  // DATA's own CRLF precedes the first line
};

}  // namespace pbem::mail
