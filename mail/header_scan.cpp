#include "mail/header_scan.h"

#include <algorithm>
#include <array>

#include "mail/mail_parse_error.h"

namespace pbem::mail {
namespace {

// One header field as it stands in the message: `text` is the whole field, name, colon
// and every folded line, with their line breaks; `offset` is where it starts.
struct RawField {
  std::string_view name;  // empty for a line that is not a field (no colon)
  std::string_view value;
  std::size_t offset = 0;
  std::size_t size = 0;
};

char lower_ascii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower_ascii(a[i]) != lower_ascii(b[i])) return false;
  }
  return true;
}

RawField make_field(std::string_view message, std::size_t start, std::size_t end) {
  RawField field;
  field.offset = start;
  field.size = end - start;
  const std::string_view text = message.substr(start, end - start);
  const auto colon = text.find(':');
  const auto line_end = text.find('\n');
  if (colon == std::string_view::npos || (line_end != std::string_view::npos && colon > line_end)) {
    field.value = text;
    return field;
  }
  std::string_view name = text.substr(0, colon);
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);  // "Name :"
  field.name = name;
  field.value = text.substr(colon + 1);
  return field;
}

// Calls visit(field) for each field of the header section, in order, until it returns
// false; returns the size of the header section (up to and excluding the blank line that
// ends it, or all of `message` when there is none). A line that is neither a field nor a
// continuation still counts as header text: limits must not be dodged by a stray line.
template <typename Visit>
std::size_t for_each_field(std::string_view message, Visit&& visit) {
  std::size_t pos = 0;
  std::size_t field_start = std::string_view::npos;
  while (pos < message.size()) {
    const auto newline = message.find('\n', pos);
    const std::size_t next = newline == std::string_view::npos ? message.size() : newline + 1;
    const std::string_view line = message.substr(pos, (newline == std::string_view::npos ? message.size() : newline) - pos);
    if (line.empty() || line == "\r") break;
    const bool continuation = line.front() == ' ' || line.front() == '\t';
    if (!continuation || field_start == std::string_view::npos) {
      if (field_start != std::string_view::npos && !visit(make_field(message, field_start, pos))) return pos;
      field_start = pos;
    }
    pos = next;
  }
  if (field_start != std::string_view::npos) visit(make_field(message, field_start, pos));
  return pos;
}

std::string unfold(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    if (c != '\r' && c != '\n') out += c;
  }
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// "<id@host> (comment)" -> "id@host"; an id without brackets is its first word.
std::string message_id_of(std::string_view value) {
  value = trim(value);
  const auto open = value.find('<');
  if (open != std::string_view::npos) {
    const auto close = value.find('>', open);
    value = value.substr(open + 1, close == std::string_view::npos ? std::string_view::npos : close - open - 1);
  } else {
    value = value.substr(0, value.find_first_of(" \t("));
  }
  std::string id;
  for (char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte > ' ' && byte != 0x7f) id += c;
  }
  return id;
}

// "Alice <alice@example.org>" -> "alice@example.org"; a bare address stays as it is.
std::string address_of(std::string_view value) {
  value = trim(value);
  const auto close = value.rfind('>');
  if (close != std::string_view::npos) {
    const auto open = value.rfind('<', close);
    if (open != std::string_view::npos) return std::string(trim(value.substr(open + 1, close - open - 1)));
  }
  return std::string(trim(value.substr(0, value.find_first_of(" \t(,"))));
}

// The fields parsed as address lists with GMime's recursive parser: by GMime itself, or
// by inbound_message.cpp (Delivered-To and X-Original-To, MTA trace fields it reads for
// the recipient addresses with internet_address_list_parse).
bool is_address_field(std::string_view name) {
  static constexpr std::array<std::string_view, 17> kNames = {
      "From",      "Sender",     "Reply-To",      "To",           "Cc",
      "Bcc",       "Resent-From", "Resent-Sender", "Resent-Reply-To", "Resent-To",
      "Resent-Cc", "Resent-Bcc", "Return-Path",   "Mail-Followup-To", "Disposition-Notification-To",
      "Delivered-To", "X-Original-To"};
  for (std::string_view known : kNames) {
    if (equals_ignoring_case(name, known)) return true;
  }
  return false;
}

// The deepest nesting of groups, comments and angle brackets in an address list. Quoted
// strings and backslash escapes hide their content, as in RFC 5322.
std::size_t address_nesting(std::string_view value) {
  std::size_t groups = 0, comments = 0, angles = 0, deepest = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (c == '\\' && (quoted || comments > 0)) {
      ++i;
      continue;
    }
    if (quoted) {
      if (c == '"') quoted = false;
      continue;
    }
    if (c == '(') ++comments;
    else if (c == ')' && comments > 0) --comments;
    else if (comments > 0) continue;
    else if (c == '"') quoted = true;
    else if (c == '<') ++angles;
    else if (c == '>' && angles > 0) --angles;
    else if (c == ':' && angles == 0) ++groups;
    else if (c == ';' && groups > 0) --groups;
    deepest = std::max(deepest, groups + comments + angles);
  }
  return deepest;
}

std::string field_label(const RawField& field) {
  if (field.name.empty()) return "a header line without a field name";
  return "header field '" + std::string(field.name.substr(0, 60)) + "'";
}

}  // namespace

std::string_view skip_mbox_from_line(std::string_view raw) {
  if (raw.substr(0, 5) != "From ") return raw;
  const auto end = raw.find('\n');
  return end == std::string_view::npos ? std::string_view() : raw.substr(end + 1);
}

HeaderIdentity scan_header_identity(std::string_view raw) {
  HeaderIdentity identity;
  bool have_id = false, have_from = false;
  for_each_field(skip_mbox_from_line(raw), [&](const RawField& field) {
    if (!have_id && equals_ignoring_case(field.name, "Message-ID")) {
      identity.message_id = message_id_of(unfold(field.value));
      have_id = true;
    } else if (!have_from && equals_ignoring_case(field.name, "From")) {
      identity.from_address = address_of(unfold(field.value));
      have_from = true;
    }
    return !(have_id && have_from);
  });
  return identity;
}

void check_header_limits(std::string_view raw, const HeaderLimits& limits) {
  std::size_t fields = 0;
  const auto over = [](const std::string& what, std::size_t limit) {
    throw MailParseError("header too large: " + what + " is over the limit of " + std::to_string(limit));
  };
  const std::size_t header_size = for_each_field(skip_mbox_from_line(raw), [&](const RawField& field) {
    if (++fields > limits.max_fields) over("the number of header fields", limits.max_fields);
    if (field.size > limits.max_field_bytes) {
      over(field_label(field) + " (" + std::to_string(field.size) + " bytes)", limits.max_field_bytes);
    }
    if (field.offset + field.size > limits.max_header_bytes) over("the header section (bytes)", limits.max_header_bytes);
    if (is_address_field(field.name)) {
      const std::size_t nesting = address_nesting(field.value);
      if (nesting > limits.max_address_nesting) {
        throw MailParseError("header too deeply nested: " + field_label(field) + " nests groups, comments or " +
                             "angle brackets " + std::to_string(nesting) + " deep, over the limit of " +
                             std::to_string(limits.max_address_nesting));
      }
    }
    return true;
  });
  if (header_size > limits.max_header_bytes) over("the header section (bytes)", limits.max_header_bytes);
}

}  // namespace pbem::mail
