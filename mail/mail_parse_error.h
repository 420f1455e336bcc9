#pragma once
// The one error inbound parsing throws: the input is not a mail message the server will
// read (not a message at all, or a header section over the limits of header_scan.h).
#include <stdexcept>

namespace pbem::mail {

class MailParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace pbem::mail
