#include "mail/smtp_syntax.h"

#include <algorithm>
#include <array>
#include <utility>

namespace pbem::mail {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

bool is_control(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7f;
}

bool is_ascii_alnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

// Position just past the '>' that closes the path opened at text[0] == '<', skipping
// quoted strings (a quoted local part may contain '>'); npos when it never closes.
std::size_t end_of_bracketed_path(std::string_view text) {
  bool quoted = false;
  for (std::size_t i = 1; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted && c == '\\') {
      ++i;  // quoted-pair: the next character is literal
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == '>' && !quoted) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// esmtp-keyword = (ALPHA / DIGIT) *(ALPHA / DIGIT / "-"); esmtp-value = 1*(%d33-60 / %d62-126)
std::optional<SmtpParameter> parse_parameter(std::string_view word) {
  const std::size_t equals = word.find('=');
  const std::string_view keyword = word.substr(0, equals);
  if (keyword.empty() || !is_ascii_alnum(keyword.front())) return std::nullopt;
  if (!std::all_of(keyword.begin(), keyword.end(),
                   [](char c) { return is_ascii_alnum(c) || c == '-'; })) {
    return std::nullopt;
  }
  SmtpParameter parameter{ascii_uppercase(keyword), std::nullopt};
  if (equals != std::string_view::npos) {
    const std::string_view value = word.substr(equals + 1);
    const bool valid = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
      const auto byte = static_cast<unsigned char>(c);
      return byte >= 33 && byte <= 126 && c != '=';
    });
    if (!valid) return std::nullopt;
    parameter.value = std::string(value);
  }
  return parameter;
}

}  // namespace

std::string ascii_lowercase(std::string_view text) {
  std::string result(text);
  for (char& c : result) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return result;
}

std::string ascii_uppercase(std::string_view text) {
  std::string result(text);
  for (char& c : result) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return result;
}

bool ascii_iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && ascii_lowercase(a) == ascii_lowercase(b);
}

SmtpCommand parse_command_line(std::string_view line) {
  static constexpr std::array<std::pair<std::string_view, SmtpVerb>, 11> kVerbs{{
      {"HELO", SmtpVerb::Helo}, {"EHLO", SmtpVerb::Ehlo}, {"MAIL", SmtpVerb::Mail},
      {"RCPT", SmtpVerb::Rcpt}, {"DATA", SmtpVerb::Data}, {"RSET", SmtpVerb::Rset},
      {"NOOP", SmtpVerb::Noop}, {"QUIT", SmtpVerb::Quit}, {"VRFY", SmtpVerb::Vrfy},
      {"HELP", SmtpVerb::Help}, {"STARTTLS", SmtpVerb::Starttls},
  }};
  line = trim(line);
  const std::size_t blank =
      std::find_if(line.begin(), line.end(), is_blank) - line.begin();
  SmtpCommand command;
  command.argument = std::string(trim(line.substr(blank)));
  const std::string verb = ascii_uppercase(line.substr(0, blank));
  for (const auto& [name, value] : kVerbs) {
    if (verb == name) command.verb = value;
  }
  return command;
}

bool is_wellformed_address(std::string_view address) {
  bool quoted = false;
  for (std::size_t i = 0; i < address.size(); ++i) {
    const char c = address[i];
    if (is_control(c)) return false;
    if (quoted && c == '\\') {
      if (++i == address.size() || is_control(address[i])) return false;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (!quoted && (c == ' ' || c == '<' || c == '>')) {
      return false;
    }
  }
  return !quoted;
}

std::optional<SmtpPathArgument> parse_path_argument(std::string_view argument,
                                                    std::string_view prefix) {
  argument = trim(argument);
  if (argument.size() <= prefix.size() ||
      !ascii_iequals(argument.substr(0, prefix.size()), prefix) ||
      argument[prefix.size()] != ':') {
    return std::nullopt;
  }
  std::string_view rest = trim(argument.substr(prefix.size() + 1));

  std::string_view path;
  if (!rest.empty() && rest.front() == '<') {
    const std::size_t end = end_of_bracketed_path(rest);
    if (end == std::string_view::npos) return std::nullopt;
    path = rest.substr(1, end - 2);
    rest = rest.substr(end);
  } else {
    const std::size_t end = std::find_if(rest.begin(), rest.end(), is_blank) - rest.begin();
    path = rest.substr(0, end);
    rest = rest.substr(end);
    if (path.empty()) return std::nullopt;
  }
  if (!rest.empty() && !is_blank(rest.front())) return std::nullopt;  // "<a@b>junk"

  // A source route "@relay1,@relay2:user@host" names relays we ignore (RFC 5321 3.3).
  if (!path.empty() && path.front() == '@') {
    const std::size_t colon = path.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    path = path.substr(colon + 1);
    if (path.empty()) return std::nullopt;
  }
  if (!is_wellformed_address(path)) return std::nullopt;

  SmtpPathArgument result;
  result.address = std::string(path);
  rest = trim(rest);
  while (!rest.empty()) {
    const std::size_t end = std::find_if(rest.begin(), rest.end(), is_blank) - rest.begin();
    auto parameter = parse_parameter(rest.substr(0, end));
    if (!parameter) return std::nullopt;
    result.parameters.push_back(std::move(*parameter));
    rest = trim(rest.substr(end));
  }
  return result;
}

std::optional<SmtpReplyLine> parse_reply_line(std::string_view line) {
  if (line.size() < 3 || line[0] < '1' || line[0] > '5' || line[1] < '0' || line[1] > '9' ||
      line[2] < '0' || line[2] > '9') {
    return std::nullopt;
  }
  SmtpReplyLine reply;
  reply.code = (line[0] - '0') * 100 + (line[1] - '0') * 10 + (line[2] - '0');
  if (line.size() == 3) return reply;
  if (line[3] != ' ' && line[3] != '-') return std::nullopt;
  reply.last = line[3] == ' ';
  reply.text = std::string(line.substr(4));
  return reply;
}

std::string SmtpReply::to_string() const {
  std::string result = std::to_string(code);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    result += i == 0 ? " " : " / ";
    result += lines[i];
  }
  return result;
}

}  // namespace pbem::mail
