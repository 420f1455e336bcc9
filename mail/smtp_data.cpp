#include "mail/smtp_data.h"

#include <utility>

namespace pbem::mail {

std::string dot_stuff(std::string_view message) {
  std::string stuffed;
  stuffed.reserve(message.size() + message.size() / 64 + 5);
  bool at_line_start = true;
  for (const char c : message) {
    if (c == '\n') {
      if (stuffed.empty() || stuffed.back() != '\r') stuffed += '\r';
      stuffed += '\n';
      at_line_start = true;
      continue;
    }
    if (at_line_start && c == '.') stuffed += '.';
    stuffed += c;
    at_line_start = false;
  }
  if (!at_line_start) stuffed += "\r\n";
  stuffed += ".\r\n";
  return stuffed;
}

SmtpDataReceiver::SmtpDataReceiver(std::size_t max_message_bytes)
    : max_message_bytes_(max_message_bytes) {}

bool SmtpDataReceiver::add_line(const SmtpLine& line) {
  if (!line.too_long && line.crlf && previous_line_ended_with_crlf_ && line.text == ".") {
    return true;
  }
  previous_line_ended_with_crlf_ = line.crlf;

  if (line.too_long) {
    // The reader's limit is above max_message_bytes, so this line alone is too big.
    size_ += max_message_bytes_ + 1;
  } else {
    // "If the first character is a period and there are other characters on the line,
    // the first character is deleted." (RFC 5321 section 4.5.2)
    const std::string_view text = line.text.size() > 1 && line.text.front() == '.'
                                      ? std::string_view(line.text).substr(1)
                                      : std::string_view(line.text);
    size_ += text.size() + 2;
    if (!oversize_ && size_ <= max_message_bytes_) {
      data_.append(text);
      data_ += "\r\n";
    }
  }
  if (size_ > max_message_bytes_ && !oversize_) {
    oversize_ = true;
    std::string().swap(data_);  // release the memory now; the message will not be stored
  }
  return false;
}

}  // namespace pbem::mail
