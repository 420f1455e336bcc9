#pragma once
// The text of SMTP (RFC 5321 section 4.1): command lines as a server reads them and reply
// lines as a client reads them. Pure functions, no I/O, so every corner is unit-tested.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::mail {

// One line read from an SMTP peer, without its line ending.
struct SmtpLine {
  std::string text;       // empty when too_long
  bool too_long = false;  // longer than the reader's limit; the whole line was discarded
  bool crlf = true;       // ended with CR LF (false: with a bare LF)
};

// SMTP verbs, keywords and (for our purposes) addresses compare without regard to ASCII case.
std::string ascii_lowercase(std::string_view text);
std::string ascii_uppercase(std::string_view text);
bool ascii_iequals(std::string_view a, std::string_view b);

enum class SmtpVerb { Helo, Ehlo, Mail, Rcpt, Data, Rset, Noop, Quit, Vrfy, Help, Starttls,
                      Unknown };

struct SmtpCommand {
  SmtpVerb verb = SmtpVerb::Unknown;
  std::string argument;  // everything after the verb, surrounding blanks removed
};

// Splits "MAIL FROM:<a@b> SIZE=10" into verb and argument. Never fails: an unrecognised or
// empty line gives SmtpVerb::Unknown.
SmtpCommand parse_command_line(std::string_view line);

// An ESMTP parameter such as SIZE=1000 or BODY=8BITMIME (RFC 5321 section 4.1.2).
struct SmtpParameter {
  std::string keyword;                // upper-cased
  std::optional<std::string> value;   // as sent
};

struct SmtpPathArgument {
  std::string address;                // without angle brackets or source route; "" for <>
  std::vector<SmtpParameter> parameters;
};

// Parses the argument of MAIL ("FROM:<path> params") or RCPT ("TO:<path> params"), with
// prefix "FROM" or "TO". Tolerates what real clients send beyond the RFC's strict grammar:
// blanks after the colon, an address without angle brackets, a source route (which is
// dropped, as RFC 5321 section 3.3 allows). nullopt on a syntax error.
std::optional<SmtpPathArgument> parse_path_argument(std::string_view argument,
                                                    std::string_view prefix);

// True when an address is safe to put between angle brackets on a command line: no
// control characters (CR and LF would let it smuggle in another command), no blanks or
// angle brackets outside a quoted local part.
bool is_wellformed_address(std::string_view address);

// One line of a server reply: "250-SIZE 1000" or "250 OK".
struct SmtpReplyLine {
  int code = 0;
  bool last = true;     // "250 " (or bare "250") ends the reply, "250-" continues it
  std::string text;
};
std::optional<SmtpReplyLine> parse_reply_line(std::string_view line);

// A complete server reply.
struct SmtpReply {
  int code = 0;
  std::vector<std::string> lines;  // the text of each line, without the code
  std::string to_string() const;   // "250 first line / second line", for logs and details
};

}  // namespace pbem::mail
