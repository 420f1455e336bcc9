#include "mail/inbound_message.h"

#include <atomic>

#include <memory>

#include "mail/address.h"
#include "mail/encoded_word_repair.h"
#include "mail/gmime_support.h"
#include "mail/header_scan.h"
#include "mail/mime_body.h"
#include "mail/reply_text.h"
#include "mail/subject.h"

namespace pbem::mail {
namespace {

using detail::adopt_gobject;
using detail::header_value;
using detail::to_string_or_empty;

struct ParserOptionsFree {
  void operator()(GMimeParserOptions* options) const noexcept { g_mime_parser_options_free(options); }
};
using ParserOptionsPtr = std::unique_ptr<GMimeParserOptions, ParserOptionsFree>;

struct ReferencesFree {
  void operator()(GMimeReferences* references) const noexcept { g_mime_references_free(references); }
};
using ReferencesPtr = std::unique_ptr<GMimeReferences, ReferencesFree>;

// Lenient options: real clients break the RFCs in small ways, and refusing their mail would
// only leave a player without an answer.
ParserOptionsPtr make_parser_options() {
  ParserOptionsPtr options(g_mime_parser_options_new());
  g_mime_parser_options_set_rfc2047_compliance_mode(options.get(), GMIME_RFC_COMPLIANCE_LOOSE);
  g_mime_parser_options_set_address_compliance_mode(options.get(), GMIME_RFC_COMPLIANCE_LOOSE);
  g_mime_parser_options_set_parameter_compliance_mode(options.get(), GMIME_RFC_COMPLIANCE_LOOSE);
  g_mime_parser_options_set_allow_addresses_without_domain(options.get(), TRUE);
  // Raw 8-bit header text (no encoded words) is tried as UTF-8 first, then windows-1252;
  // iso-8859-1 last, as GMime recommends, because it accepts every byte.
  const char* fallback_charsets[] = {"utf-8", "windows-1252", "iso-8859-1", nullptr};
  g_mime_parser_options_set_fallback_charsets(options.get(), fallback_charsets);
  return options;
}

std::string_view trim(std::string_view text) {
  constexpr std::string_view kBlanks = " \t\r\n";
  const auto first = text.find_first_not_of(kBlanks);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kBlanks) - first + 1);
}

std::string lower(std::string_view text) {
  std::string out;
  for (char c : text) out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return out;
}

// A header field starts with a name of printable ASCII other than ':' and then ':'.
bool starts_with_header_field(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && text[i] > ' ' && text[i] < 0x7f && text[i] != ':') ++i;
  while (i > 0 && i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;  // "Name :"
  return i > 0 && i < text.size() && text[i] == ':';
}

void require_message_shape(std::string_view message) {
  if (trim(message).empty()) throw MailParseError("not a mail message: the input is empty");
  if (!starts_with_header_field(message)) {
    const auto line_end = message.find_first_of("\r\n");
    std::string first_line(message.substr(0, std::min<std::size_t>(line_end, 60)));
    throw MailParseError("not a mail message: the first line is not a header field (\"" +
                         unfold_header_text(first_line) + "\")");
  }
}

// A message id as a header-safe token: no brackets, blanks or control characters.
std::string clean_message_id(std::string_view id) {
  std::string out;
  for (char c : trim(id)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= ' ' || byte == 0x7f || c == '<' || c == '>') continue;
    out += c;
  }
  return out;
}

std::vector<std::string> parse_message_ids(const std::string& value) {
  std::vector<std::string> ids;
  if (value.empty()) return ids;
  ReferencesPtr references(g_mime_references_parse(nullptr, value.c_str()));
  if (!references) return ids;
  const int count = g_mime_references_length(references.get());
  for (int i = 0; i < count; ++i) {
    std::string id = clean_message_id(to_string_or_empty(g_mime_references_get_message_id(references.get(), i)));
    if (!id.empty()) ids.push_back(std::move(id));
  }
  return ids;
}

// The first mailbox of an address list, looking inside groups.
InternetAddressMailbox* first_mailbox(InternetAddressList* list) {
  if (list == nullptr) return nullptr;
  const int count = internet_address_list_length(list);
  for (int i = 0; i < count; ++i) {
    InternetAddress* address = internet_address_list_get_address(list, i);
    if (INTERNET_ADDRESS_IS_MAILBOX(address)) return INTERNET_ADDRESS_MAILBOX(address);
    if (INTERNET_ADDRESS_IS_GROUP(address)) {
      if (auto* member = first_mailbox(internet_address_group_get_members(INTERNET_ADDRESS_GROUP(address)))) {
        return member;
      }
    }
  }
  return nullptr;
}

// Appends every mailbox of an address list, looking inside groups, up to `limit` in all.
void collect_mailboxes(InternetAddressList* list, std::vector<std::string>& out, std::size_t limit) {
  if (list == nullptr) return;
  const int count = internet_address_list_length(list);
  for (int i = 0; i < count && out.size() < limit; ++i) {
    InternetAddress* address = internet_address_list_get_address(list, i);
    if (INTERNET_ADDRESS_IS_MAILBOX(address)) {
      const char* addr = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address));
      if (auto normalized = normalize_address(to_string_or_empty(addr))) out.push_back(*normalized);
    } else if (INTERNET_ADDRESS_IS_GROUP(address)) {
      // Nesting is bounded by check_header_limits before GMime parses anything.
      collect_mailboxes(internet_address_group_get_members(INTERNET_ADDRESS_GROUP(address)), out, limit);
    }
  }
}

// The mailboxes of `list`, group members included, however implausible.
std::size_t count_mailboxes(InternetAddressList* list) {
  if (list == nullptr) return 0;
  std::size_t count = 0;
  const int length = internet_address_list_length(list);
  for (int i = 0; i < length; ++i) {
    InternetAddress* address = internet_address_list_get_address(list, i);
    if (INTERNET_ADDRESS_IS_MAILBOX(address)) ++count;
    else if (INTERNET_ADDRESS_IS_GROUP(address))
      count += count_mailboxes(internet_address_group_get_members(INTERNET_ADDRESS_GROUP(address)));
  }
  return count;
}

// The mailboxes of every From field together: "a@x, b@y" is two, and so are two From
// fields (DMARC checks one domain at most; RFC 5322 allows one field).
std::size_t from_mailbox_count(GMimeMessage* message, GMimeParserOptions* options) {
  std::size_t count = 0;
  GMimeHeaderList* headers = g_mime_object_get_header_list(GMIME_OBJECT(message));
  if (headers == nullptr) return 0;
  const int fields = g_mime_header_list_get_count(headers);
  for (int i = 0; i < fields; ++i) {
    GMimeHeader* header = g_mime_header_list_get_header_at(headers, i);
    if (g_ascii_strcasecmp(g_mime_header_get_name(header), "From") != 0) continue;
    const std::string repaired =
        detail::rewrite_base64_words_as_q(to_string_or_empty(g_mime_header_get_raw_value(header)));
    auto list = adopt_gobject(internet_address_list_parse(options, repaired.c_str()));
    count += count_mailboxes(list.get());
  }
  return count;
}

struct Mailbox {
  std::string raw_address;  // as written, for recognising MAILER-DAEMON without a domain
  std::string address;      // normalised, or "" when implausible
  std::string name;
};

// Parses the address header `name` from its raw value (see encoded_word_repair.h for why
// GMime's already-parsed list is not used).
std::optional<Mailbox> first_mailbox_of(GMimeMessage* message, const char* name, GMimeParserOptions* options) {
  const auto raw = detail::raw_header_value(GMIME_OBJECT(message), name);
  if (!raw) return std::nullopt;
  const std::string repaired = detail::rewrite_base64_words_as_q(*raw);
  auto list = adopt_gobject(internet_address_list_parse(options, repaired.c_str()));
  InternetAddressMailbox* mailbox = first_mailbox(list.get());
  if (mailbox == nullptr) return std::nullopt;
  Mailbox result;
  result.raw_address = to_string_or_empty(internet_address_mailbox_get_addr(mailbox));
  result.address = normalize_address(result.raw_address).value_or("");
  result.name = std::string(trim(unfold_header_text(
      to_string_or_empty(internet_address_get_name(INTERNET_ADDRESS(mailbox))))));
  return result;
}

// The addresses the mail was delivered or written to, most specific first: the final
// MTA's Delivered-To and X-Original-To, then To and Cc.
std::vector<std::string> recipient_addresses(GMimeMessage* message, GMimeParserOptions* options) {
  constexpr std::size_t kLimit = 50;
  std::vector<std::string> out;
  for (const char* name : {"Delivered-To", "X-Original-To", "To", "Cc"}) {
    const auto raw = detail::raw_header_value(GMIME_OBJECT(message), name);
    if (!raw) continue;
    const std::string repaired = detail::rewrite_base64_words_as_q(*raw);
    auto list = adopt_gobject(internet_address_list_parse(options, repaired.c_str()));
    collect_mailboxes(list.get(), out, kLimit);
  }
  return out;
}

// Every Authentication-Results field, in the order they stand (a receiving mail system adds
// its own at the top).
std::vector<AuthenticationResults> authentication_results(GMimeMessage* message) {
  std::vector<AuthenticationResults> fields;
  GMimeHeaderList* headers = g_mime_object_get_header_list(GMIME_OBJECT(message));
  if (headers == nullptr) return fields;
  const int count = g_mime_header_list_get_count(headers);
  for (int i = 0; i < count; ++i) {
    GMimeHeader* header = g_mime_header_list_get_header_at(headers, i);
    if (g_ascii_strcasecmp(g_mime_header_get_name(header), "Authentication-Results") != 0) continue;
    fields.push_back(parse_authentication_results(to_string_or_empty(g_mime_header_get_raw_value(header))));
  }
  return fields;
}

std::string local_part(std::string_view address) {
  return lower(address.substr(0, address.find('@')));
}

// The Subject decoded from its raw value (see encoded_word_repair.h), unfolded, trimmed.
std::string decoded_subject(GMimeMessage* message, GMimeParserOptions* options) {
  const auto raw = detail::raw_header_value(GMIME_OBJECT(message), "Subject");
  if (!raw) return {};
  const std::string repaired = detail::rewrite_base64_words_as_q(*raw);
  detail::GCharPtr decoded(g_mime_utils_header_decode_text(options, repaired.c_str()));
  return std::string(trim(unfold_header_text(to_string_or_empty(decoded.get()))));
}

// Why this message was sent by a machine and must not be answered (RFC 3834 and the usual
// practice of list servers and MTAs), or nullopt for a person's mail.
std::optional<std::string> machine_reason(GMimeMessage* message, const std::optional<Mailbox>& from) {
  GMimeObject* object = GMIME_OBJECT(message);
  const std::string auto_submitted(trim(header_value(object, "Auto-Submitted")));
  if (!auto_submitted.empty()) {
    // The keyword is the first token; parameters (";...") and comments ("(...)") follow it.
    const auto keyword_end = auto_submitted.find_first_not_of(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-");
    const std::string keyword = lower(auto_submitted.substr(0, keyword_end));
    if (keyword != "no") return "Auto-Submitted: " + unfold_header_text(auto_submitted);
  }
  for (const char* name : {"X-Autoreply", "X-Autorespond"}) {
    if (g_mime_object_get_header(object, name) != nullptr) return std::string(name) + " present";
  }
  const std::string precedence = lower(trim(header_value(object, "Precedence")));
  if (precedence == "bulk" || precedence == "junk" || precedence == "list" || precedence == "auto_reply") {
    return "Precedence: " + precedence;
  }
  // Exchange and Outlook mark their automatic mail with X-Auto-Response-Suppress (any
  // value); only lists send List-Unsubscribe. A person's command has neither.
  for (const char* name : {"List-Id", "List-Unsubscribe", "X-Auto-Response-Suppress"}) {
    if (g_mime_object_get_header(object, name) != nullptr) return std::string(name) + " present";
  }
  if (const char* return_path = g_mime_object_get_header(object, "Return-Path")) {
    const std::string path = lower(trim(return_path));
    if (path == "<>") return "empty envelope sender (Return-Path: <>)";
    // Postfix's pipe writes the null sender so unless master.cf says null_sender=.
    if (path == "<mailer-daemon>" || path == "mailer-daemon") return "null envelope sender (Return-Path: <MAILER-DAEMON>)";
  }
  if (from) {
    const std::string local = local_part(from->raw_address);
    if (local == "mailer-daemon") return "From MAILER-DAEMON";
    if (local == "postmaster") return "From postmaster";
  }
  GMimeObject* root = g_mime_message_get_mime_part(message);
  if (root != nullptr &&
      g_mime_content_type_is_type(g_mime_object_get_content_type(root), "multipart", "report")) {
    const std::string report_type = lower(to_string_or_empty(
        g_mime_object_get_content_type_parameter(root, "report-type")));
    return "multipart/report" + (report_type.empty() ? std::string() : "; report-type=" + report_type) +
           " (delivery or read report)";
  }
  return std::nullopt;
}

}  // namespace

namespace {
std::atomic<std::uint64_t> inbound_parses{0};
}  // namespace

std::uint64_t inbound_parse_count() { return inbound_parses.load(); }

InboundMessage parse_inbound(std::string_view raw) {
  ++inbound_parses;
  detail::ensure_gmime_initialized();
  const std::string_view message_text = skip_mbox_from_line(raw);
  require_message_shape(message_text);
  // Before GMime: its address parser recurses per nested group and would overflow the
  // stack on a hostile header (issue 9); the bounds make that impossible.
  check_header_limits(message_text);

  // GMime gives up on a message cut short inside its header section, when the last header
  // line has neither a colon nor a line break; ending that line lets it keep the rest.
  std::string terminated;
  std::string_view parse_text = message_text;
  const bool header_section_closed = message_text.find("\n\n") != std::string_view::npos ||
                                     message_text.find("\n\r\n") != std::string_view::npos;
  if (!header_section_closed && message_text.back() != '\n') {
    terminated = std::string(message_text) + "\n";
    parse_text = terminated;
  }
  auto stream = adopt_gobject(g_mime_stream_mem_new_with_buffer(parse_text.data(), parse_text.size()));
  auto parser = adopt_gobject(g_mime_parser_new_with_stream(stream.get()));
  g_mime_parser_set_format(parser.get(), GMIME_FORMAT_MESSAGE);
  const ParserOptionsPtr options = make_parser_options();
  auto message = adopt_gobject(g_mime_parser_construct_message(parser.get(), options.get()));
  if (!message) throw MailParseError("not a mail message: GMime found no message in the input");

  InboundMessage result;
  result.message_id = clean_message_id(to_string_or_empty(g_mime_message_get_message_id(message.get())));

  const auto from = first_mailbox_of(message.get(), "From", options.get());
  if (from) {
    result.from_address = from->address;
    result.from_name = from->name;
  }
  result.from_mailboxes = from_mailbox_count(message.get(), options.get());
  const auto reply_to = first_mailbox_of(message.get(), "Reply-To", options.get());
  result.reply_address = (reply_to && !reply_to->address.empty()) ? reply_to->address : result.from_address;

  result.recipient_addresses = recipient_addresses(message.get(), options.get());
  result.raw_subject = decoded_subject(message.get(), options.get());
  result.subject = strip_reply_prefixes(result.raw_subject);

  result.body_text = detail::extract_body_text(g_mime_message_get_mime_part(message.get()));
  result.body_new_text = extract_new_text(result.body_text);

  const auto in_reply_to = parse_message_ids(header_value(GMIME_OBJECT(message.get()), "In-Reply-To"));
  if (!in_reply_to.empty()) result.in_reply_to = in_reply_to.front();
  result.references = parse_message_ids(header_value(GMIME_OBJECT(message.get()), "References"));

  result.authentication_results = authentication_results(message.get());
  result.machine_reason = machine_reason(message.get(), from);
  return result;
}

}  // namespace pbem::mail
